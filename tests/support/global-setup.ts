import path from "node:path";
import { rmSync } from "node:fs";
import type { TestProject } from "vitest/node";
import { startEmbeddedPostgres, ensureDatabase, type RunningPostgres } from "../../scripts/lib/embedded-postgres";
import { prepareDatabase } from "../../scripts/db/prepare";
import { TEST_AUTH_SECRET, TEMPLATE_DB } from "./constants";

declare module "vitest" {
  export interface ProvidedContext {
    adminUrl: string;
    templateDb: string;
  }
}

let server: RunningPostgres | undefined;

/** Starts (or, with DATABASE_URL, uses) a PostgreSQL server and migrates a template database. */
export async function setup(project: TestProject): Promise<void> {
  let adminBase: string;
  if (process.env.DATABASE_URL) {
    adminBase = process.env.DATABASE_URL;
  } else {
    const dir = path.resolve(".data/test-pg");
    rmSync(dir, { recursive: true, force: true });
    server = await startEmbeddedPostgres({ dir, port: Number(process.env.TEST_PG_PORT ?? 54999), persistent: false, quiet: true });
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
}
