// A throwaway embedded PostgreSQL for one benchmark run, migrated and configured as the app's own
// database, with helpers to make a workspace and to close the app's pooled clients at the end.
import { mkdirSync, mkdtempSync, rmSync, chmodSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { startEmbeddedPostgres, ensureDatabase } from "../lib/embedded-postgres";
import { freePort } from "../lib/free-port";
import { prepareDatabase } from "../db/prepare";

type BenchAdmin = {
  ctx: { orgId: string; userId: string; role: "admin"; sessionId: string };
  adminEmail: string;
};

/** Starts the database, sets the configuration the app's modules read, runs `fn`, and cleans up.
 * The app's modules must be imported inside `fn` (dynamically), after the configuration is set. */
export type BenchDatabase = {
  workspace: (name: string) => Promise<BenchAdmin>;
  /** The owner's connection (bypasses nothing on a managed database, but may bulk-load here). */
  ownerUrl: string;
  appUrl: string;
  authSecret: string;
  dataDir: string;
};

export async function withBenchDatabase(fn: (h: BenchDatabase) => Promise<void>): Promise<void> {
  mkdirSync(".data", { recursive: true });
  const dir = mkdtempSync(path.resolve(".data/bench-pg-"));
  chmodSync(dir, 0o755); // initdb runs as the postgres user when we are root
  const server = await startEmbeddedPostgres({ dir, port: await freePort(), persistent: false, quiet: true });
  try {
    await ensureDatabase(server.adminUrl("postgres"), "bench");
    const secret = randomBytes(32).toString("base64url");
    const { appUrl } = await prepareDatabase(server.adminUrl("bench"), secret);
    Object.assign(process.env, {
      DATABASE_APP_URL: appUrl,
      AUTH_SECRET: secret,
      DATA_DIR: dir,
      ROOT_DOMAIN: "localhost:3000",
      JOBS_IN_PROCESS: "0",
    });
    const { withOrg } = await import("@/lib/db/tenant");

    async function workspace(name: string): Promise<BenchAdmin> {
      const orgId = randomUUID();
      const admin = await withOrg(orgId, async (tx) => {
        await tx.organization.create({
          data: { id: orgId, subdomain: `${name}${randomBytes(3).toString("hex")}`, name, maxUsers: 20_000 },
        });
        return tx.user.create({
          data: {
            organizationId: orgId,
            firstName: "Ada",
            lastName: "Admin",
            email: `admin@${name}.example`,
            role: "admin",
          },
          select: { id: true, email: true },
        });
      });
      return { ctx: { orgId, userId: admin.id, role: "admin", sessionId: randomUUID() }, adminEmail: admin.email };
    }

    await fn({ workspace, ownerUrl: server.adminUrl("bench"), appUrl, authSecret: secret, dataDir: dir });
    const g = globalThis as unknown as {
      pulsewellBoss?: Promise<{ stop: (o: { graceful: boolean; wait: boolean }) => Promise<void> }>;
      pulsewellPrisma?: { $disconnect: () => Promise<void> };
    };
    if (g.pulsewellBoss) await (await g.pulsewellBoss).stop({ graceful: false, wait: true });
    await g.pulsewellPrisma?.$disconnect();
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `fn` `runs` times (after one warm-up) and returns p50 and p95 in milliseconds. */
export async function timeRuns(runs: number, fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: ms[Math.floor(runs * 0.5)]!, p95: ms[Math.min(runs - 1, Math.ceil(runs * 0.95) - 1)]! };
}
