import path from "node:path";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, ensureDatabase, type RunningPostgres } from "../../scripts/lib/embedded-postgres";
import { freePort } from "../../scripts/lib/free-port";
import { prepareDatabase } from "../../scripts/db/prepare";
import { TEST_AUTH_SECRET, TEMPLATE_DB } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

let server: RunningPostgres | undefined;
let dir: string | undefined;

/** Starts (or, with DATABASE_URL, uses) a PostgreSQL server and migrates a template database. */
export async function setup(project: TestProject): Promise<void> {
  let adminBase: string;
  if (process.env.DATABASE_URL) {
    adminBase = process.env.DATABASE_URL;
  } else {
    // A folder and port of this run's own, so two runs on one machine never share a server.
    mkdirSync(".data", { recursive: true });
    dir = mkdtempSync(path.resolve(".data/test-pg-"));
    chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root

    server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, quiet: true });
    adminBase = server.adminUrl("postgres");
  }
  const url = new URL(adminBase);
  url.pathname = `/${TEMPLATE_DB}`;
  await ensureDatabase(adminBase, TEMPLATE_DB);
  await prepareDatabase(url.toString(), TEST_AUTH_SECRET);
  project.provide("adminUrl", adminBase);
  project.provide("templateDb", TEMPLATE_DB);
}

export async function teardown(): Promise<void> {
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
