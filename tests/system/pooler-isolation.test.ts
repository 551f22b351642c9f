// Tenancy through the pooler: PgBouncer in transaction mode hands a handful of server connections to
// many clients, one transaction at a time, so a setting that outlived its transaction would reach
// whichever client came next. The app's runInOrg() scopes row-level security with a
// transaction-local set_config; here many app-role clients (Prisma on @prisma/adapter-pg, as the app
// runs) interleave thousands of transactions for twenty organisations through a pool of three server
// connections, with pauses between statements and rollbacks, and every row each one reads must be
// its own organisation's. A control run shows the check catches a session-level setting.
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { runInOrg } from "@/lib/db/org-transaction";
import { APP_ROLE, appRolePassword } from "@/lib/config/database-urls";
import { describeWithPackages } from "./support/prerequisites";
import { initPrimary, type PgNode } from "../../scripts/cluster/postgres";
import { startPgBouncer, type PgBouncer } from "../../scripts/cluster/pgbouncer";
import { prepareDatabase } from "../../scripts/db/prepare";

// Part D's ports (4400-4599).
const PRIMARY_PORT = 4401;
const BOUNCER_PORT = 4402;
const DIR = "/tmp/pw-d-pooler";
const DATABASE = "pulsewell";
const ORGS = 20;
const CLIENTS = 24;
const SERVER_POOL = 3;
const TX_PER_CLIENT = 125;
const ROLLED_BACK = "pooler.rolled_back";

/** mulberry32: a small seeded generator, so a failing interleaving can be run again. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Tally = {
  transactions: number;
  rowsRead: number;
  /** Rows of another organisation read inside an organisation's transaction. */
  foreignRows: number;
  /** Rows read by a transaction that set no organisation (row-level security must show it none). */
  unscopedRows: number;
  committedWrites: Map<string, number>;
  rolledBack: number;
  examples: string[];
};

describeWithPackages("tenancy through PgBouncer in transaction mode", () => {
  let primary: PgNode;
  let bouncer: PgBouncer;
  let owner: pg.Client;
  let bouncerUrl: string;
  const orgs: string[] = [];
  const seededAudit = new Map<string, number>();

  beforeAll(async () => {
    rmSync(DIR, { recursive: true, force: true });
    primary = await initPrimary({ dir: path.join(DIR, "primary"), port: PRIMARY_PORT });
    const admin = new pg.Client({ connectionString: primary.superuserUrl("postgres") });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    const secret = randomBytes(32).toString("base64url");
    // Migrations on the primary itself, never through the pooler.
    await prepareDatabase(primary.superuserUrl(DATABASE), secret);
    bouncer = await startPgBouncer({
      dir: path.join(DIR, "pgbouncer"),
      port: BOUNCER_PORT,
      target: { host: "127.0.0.1", port: primary.port },
      databases: [DATABASE],
      users: { [APP_ROLE]: appRolePassword(secret) },
      // Three server connections for every client: each one serves many clients' transactions.
      settings: {
        default_pool_size: String(SERVER_POOL),
        max_db_connections: String(SERVER_POOL),
        reserve_pool_size: "0",
      },
    });
    bouncerUrl = bouncer.url(DATABASE, APP_ROLE, appRolePassword(secret));

    owner = new pg.Client({ connectionString: primary.superuserUrl(DATABASE) });
    await owner.connect();
    for (let i = 0; i < ORGS; i++) {
      const orgId = randomUUID();
      orgs.push(orgId);
      await owner.query(`INSERT INTO "Organization" (id, name, subdomain, "updatedAt") VALUES ($1, $2, $3, now())`, [
        orgId,
        `Pooler ${i}`,
        `pooler${i}-${randomBytes(3).toString("hex")}`,
      ]);
      await owner.query(
        `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "updatedAt")
         SELECT $1, gen_random_uuid(), 'Person', u::text, 'p' || u || '@org${i}.example', 'employee', now() FROM generate_series(1, 4 + $2::int % 5) u`,
        [orgId, i],
      );
      await owner.query(
        `INSERT INTO "Team" ("organizationId", id, name, "updatedAt")
         SELECT $1, gen_random_uuid(), 'Team ' || t, now() FROM generate_series(1, 2 + $2::int % 3) t`,
        [orgId, i],
      );
      await owner.query(
        `INSERT INTO "Notification" ("organizationId", id, "userId", type, title, message)
         SELECT "organizationId", gen_random_uuid(), id, 'info', 'Hello', 'A note' FROM "User" WHERE "organizationId" = $1`,
        [orgId],
      );
      const audits = 3 + (i % 4);
      await owner.query(
        `INSERT INTO "AuditLog" ("organizationId", id, action, "targetType")
         SELECT $1, gen_random_uuid(), 'pooler.seeded', 'organization' FROM generate_series(1, $2::int)`,
        [orgId, audits],
      );
      seededAudit.set(orgId, audits);
    }
  });

  afterAll(async () => {
    await owner?.end().catch(() => undefined);
    await bouncer?.stop().catch(() => undefined);
    await primary?.stop("immediate").catch(() => undefined);
    rmSync(DIR, { recursive: true, force: true });
  });

  /**
   * CLIENTS app-role clients through PgBouncer, each running `perClient` random transactions. With
   * `leaker`, one more client sets the organisation at session level (what a pooled app must
   * never do) before the others start and again now and then.
   */
  async function interleave(seed: number, perClient: number, leaker: boolean): Promise<Tally> {
    const tally: Tally = {
      transactions: 0,
      rowsRead: 0,
      foreignRows: 0,
      unscopedRows: 0,
      committedWrites: new Map(),
      rolledBack: 0,
      examples: [],
    };
    const note = (what: string) => {
      if (tally.examples.length < 5) tally.examples.push(what);
    };
    const clients = Array.from(
      { length: CLIENTS },
      () => new PrismaClient({ adapter: new PrismaPg({ connectionString: bouncerUrl, max: 2 }) }),
    );
    const leakClient = leaker
      ? new PrismaClient({ adapter: new PrismaPg({ connectionString: bouncerUrl, max: 1 }) })
      : null;
    const leakOnce = async (org: string) => {
      await leakClient!.$executeRawUnsafe(`SELECT set_config('app.org_id', '${org}', false)`);
    };
    try {
      if (leakClient) for (let i = 0; i < SERVER_POOL * 2; i++) await leakOnce(orgs[0]!);

      const run = async (client: PrismaClient, n: number) => {
        const rnd = prng((seed + Math.imul(n + 1, 0x9e3779b1)) >>> 0);
        for (let t = 0; t < perClient; t++) {
          const org = orgs[Math.floor(rnd() * orgs.length)]!;
          const pause = () => (rnd() < 0.3 ? sleep(Math.floor(rnd() * 8)) : Promise.resolve());
          const kind = rnd();
          tally.transactions++;
          if (leakClient && rnd() < 0.05) await leakOnce(orgs[Math.floor(rnd() * orgs.length)]!);
          if (kind < 0.15) {
            // No organisation set: row-level security must show nothing at all.
            const rows = await client.$transaction(
              async (tx) => {
                const teams = await tx.team.findMany({ select: { organizationId: true } });
                await pause();
                const people = await tx.user.findMany({ select: { organizationId: true } });
                return [...teams, ...people];
              },
              { maxWait: 30_000, timeout: 30_000 },
            );
            tally.rowsRead += rows.length;
            if (rows.length) {
              tally.unscopedRows += rows.length;
              note(`an unscoped transaction read ${rows.length} rows of ${rows[0]!.organizationId}`);
            }
            continue;
          }
          const check = (rows: { organizationId: string }[], what: string) => {
            tally.rowsRead += rows.length;
            const foreign = rows.filter((r) => r.organizationId !== org);
            if (foreign.length) {
              tally.foreignRows += foreign.length;
              note(`${what} in ${org}'s transaction read ${foreign.length} rows of ${foreign[0]!.organizationId}`);
            }
            if (!rows.length && what !== "notifications") note(`${what} in ${org}'s transaction read nothing`);
          };
          if (kind < 0.7) {
            await runInOrg(client, org, async (tx) => {
              check(await tx.team.findMany({ select: { organizationId: true } }), "teams");
              await pause();
              check(await tx.user.findMany({ select: { organizationId: true } }), "people");
              await pause();
              check(await tx.notification.findMany({ select: { organizationId: true } }), "notifications");
              check(
                await tx.organization
                  .findMany({ select: { id: true } })
                  .then((r) => r.map((o) => ({ organizationId: o.id }))),
                "organisations",
              );
            });
          } else if (kind < 0.88) {
            await runInOrg(client, org, async (tx) => {
              await tx.auditLog.create({
                data: { organizationId: org, action: "pooler.write", targetType: "organization" },
              });
              await pause();
              check(await tx.auditLog.findMany({ select: { organizationId: true } }), "audit");
            });
            tally.committedWrites.set(org, (tally.committedWrites.get(org) ?? 0) + 1);
          } else {
            const refused = await runInOrg(client, org, async (tx) => {
              await tx.auditLog.create({
                data: { organizationId: org, action: ROLLED_BACK, targetType: "organization" },
              });
              await pause();
              check(await tx.auditLog.findMany({ select: { organizationId: true } }), "audit");
              throw new Error("rolled back on purpose");
            }).then(
              () => false,
              (e: unknown) => e instanceof Error && e.message === "rolled back on purpose",
            );
            if (!refused) note("a transaction meant to roll back did not fail as thrown");
            tally.rolledBack++;
          }
        }
      };
      await Promise.all(clients.map((c, i) => run(c, i)));
    } finally {
      await Promise.all([...clients, ...(leakClient ? [leakClient] : [])].map((c) => c.$disconnect()));
    }
    return tally;
  }

  it("reads no row of another organisation over thousands of interleaved transactions", async () => {
    const seed = Number(process.env.POOLER_SEED ?? Math.floor(Math.random() * 2 ** 31));
    console.info(`[pooler] seed ${seed} (POOLER_SEED=${seed} runs this interleaving again)`);
    const t0 = Date.now();
    const tally = await interleave(seed, TX_PER_CLIENT, false);
    const servers = (
      await owner.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = $1 AND datname = $2`,
        [APP_ROLE, DATABASE],
      )
    ).rows[0]!.n;
    console.info(
      `[pooler] ${tally.transactions} transactions of ${CLIENTS} clients over ${servers} server connections in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${tally.rowsRead} rows read, ${tally.foreignRows} foreign, ${tally.unscopedRows} unscoped; ${tally.rolledBack} rolled back`,
    );
    expect(tally.examples).toEqual([]);
    expect(tally.foreignRows).toBe(0);
    expect(tally.unscopedRows).toBe(0);
    expect(tally.transactions).toBe(CLIENTS * TX_PER_CLIENT);
    expect(tally.rowsRead).toBeGreaterThan(tally.transactions * 5);
    // Every client shared the three server connections.
    expect(servers).toBeLessThanOrEqual(SERVER_POOL);
    // Committed writes are there, each in its own organisation; rolled-back ones nowhere.
    const audit = await owner.query<{ org: string; n: number; gone: number }>(
      `SELECT "organizationId" AS org, count(*) FILTER (WHERE action = 'pooler.write')::int AS n,
              count(*) FILTER (WHERE action = $1)::int AS gone
       FROM "AuditLog" GROUP BY 1`,
      [ROLLED_BACK],
    );
    expect(tally.rolledBack).toBeGreaterThan(0);
    for (const row of audit.rows) {
      expect(row.gone).toBe(0);
      expect(row.n, `writes committed for ${row.org}`).toBe(tally.committedWrites.get(row.org) ?? 0);
    }
    expect(audit.rows.length).toBe(ORGS);
  });

  it("detects a session-level setting that leaks through the pooler (control)", async () => {
    const seed = Number(process.env.POOLER_SEED ?? 1);
    const tally = await interleave(seed, 30, true);
    console.info(
      `[pooler] control with set_config(..., false): ${tally.transactions} transactions, ${tally.foreignRows} foreign rows, ${tally.unscopedRows} rows read without an organisation; e.g. ${tally.examples[0] ?? "-"}`,
    );
    // The organisation one client set for its session reached other clients' transactions.
    expect(tally.unscopedRows).toBeGreaterThan(0);
    expect(tally.examples.length).toBeGreaterThan(0);
  });
});
