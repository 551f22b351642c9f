// Read routing against a real streaming replica (Debian's PostgreSQL 15: the embedded server has no
// pg_basebackup): a report read right after a write never misses it, even while the replica's
// replay is paused; the replica answers once it has caught up; a replica that is down costs
// nothing but its reads; a write slipped into a report read fails on either node.
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describeWithPackages } from "./support/prerequisites";
import { initPrimary, startReplica, waitForReplay, type PgNode } from "../../scripts/cluster/postgres";
import { prepareDatabase } from "../../scripts/db/prepare";
import { deriveAppUrl } from "@/lib/config/database-urls";
import { withOrg } from "@/lib/db/tenant";
import {
  WATERMARK_COOKIE,
  parseLsn,
  readingAfter,
  recordingRouteWrites,
  watermarkOf,
  withOrgReport,
} from "@/lib/db/read-routing";
import { REPLICA_APPLICATION_NAME, forgetReplicaState, primaryWalLsn, readCounts } from "@/lib/db/replica";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { pulseOverview } from "@/lib/analytics/pulse";
import { teamRankings } from "@/lib/analytics/teams";
import { managerTeamReports } from "@/lib/analytics/reports";
import { roundComments } from "@/lib/analytics/comments";
import { surveyResults } from "@/lib/analytics/survey-results";
import { pulseCsv } from "@/lib/analytics/csv";
import { createOrg, ctxFor } from "../support/factories";

// Part F's ports (4600-4699).
const PRIMARY_PORT = 4601;
const REPLICA_PORT = 4602;
const DATABASE = "pulsewell";

describeWithPackages("read routing with a streaming replica", () => {
  const dir = path.join(os.tmpdir(), `pw-f-replica-${randomBytes(4).toString("hex")}`);
  let primary: PgNode;
  let replica: PgNode;
  let orgId: string;
  const saved = { ...process.env };

  /** A superuser query on one node. */
  async function su<T extends pg.QueryResultRow>(node: PgNode, sql: string, database = DATABASE): Promise<T[]> {
    const c = new pg.Client({ connectionString: node.superuserUrl(database) });
    await c.connect();
    try {
      return (await c.query<T>(sql)).rows;
    } finally {
      await c.end();
    }
  }

  const createTeam = (name: string) =>
    withOrg(orgId, (tx) => tx.team.create({ data: { organizationId: orgId, name }, select: { id: true } }));
  const teamNames = (tx: Parameters<Parameters<typeof withOrg>[1]>[0]) =>
    tx.team.findMany({ where: { organizationId: orgId }, select: { name: true } }).then((r) => r.map((t) => t.name));
  const delta = (before: { replica: number; primary: number }) => {
    const now = readCounts();
    return { replica: now.replica - before.replica, primary: now.primary - before.primary };
  };

  beforeAll(async () => {
    primary = await initPrimary({ dir: path.join(dir, "primary"), port: PRIMARY_PORT });
    await su(primary, `CREATE DATABASE ${DATABASE}`, "postgres");
    const secret = randomBytes(32).toString("base64url");
    const ownerUrl = primary.superuserUrl(DATABASE);
    await prepareDatabase(ownerUrl, secret);
    replica = await startReplica({ primary, dir: path.join(dir, "replica"), port: REPLICA_PORT });
    process.env.AUTH_SECRET = secret;
    process.env.DATABASE_APP_URL = deriveAppUrl(ownerUrl, secret);
    process.env.DATABASE_REPLICA_URL = deriveAppUrl(replica.superuserUrl(DATABASE), secret);
    process.env.DATA_DIR = path.join(dir, "data");
    ({ orgId } = await createOrg());
    await createTeam("Before");
    await waitForReplay(primary, replica);
  });

  afterAll(async () => {
    process.env = saved;
    await replica?.stop("immediate").catch(() => undefined);
    await primary?.stop("immediate").catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads on the replica once it has replayed the reader's last write", async () => {
    forgetReplicaState();
    const before = readCounts();
    // No recent write: the replica.
    expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Before");
    // A watermark the replica has replayed: still the replica.
    const lsn = parseLsn(await primaryWalLsn());
    await waitForReplay(primary, replica);
    expect(await readingAfter(lsn, () => withOrgReport(orgId, teamNames))).toContain("Before");
    expect(delta(before)).toEqual({ replica: 2, primary: 0 });
    // The connection that answered is the replica's, as pg_stat_activity there shows.
    const seen = await su<{ n: number }>(
      replica,
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = '${REPLICA_APPLICATION_NAME}'`,
    );
    expect(seen[0]!.n).toBeGreaterThan(0);
  });

  it("never misses a write right before the read, while the replica's replay is paused", async () => {
    // A commit replayed a moment ago: the replica counts as current, so only the watermark keeps
    // the reader off it.
    await createTeam("Fresh");
    await waitForReplay(primary, replica);
    await su(replica, "SELECT pg_wal_replay_pause()");
    try {
      forgetReplicaState();
      const before = readCounts();
      // The write goes through the same hook as an /api route that writes: its answer carries the cookie.
      const route = recordingRouteWrites(
        async () => {
          await createTeam("Paused-0");
          return Response.json({ ok: true }, { status: 201 });
        },
        () => ({ writes: true }),
      );
      const res = await route(new Request("http://acme.localhost/api/teams", { method: "POST" }), {});
      const cookie = res.headers.get("set-cookie") ?? "";
      expect(cookie).toMatch(
        new RegExp(`^${WATERMARK_COOKIE}=[0-9A-F]+/[0-9A-F]+; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
      );
      const watermark = watermarkOf(cookie.split(";")[0]!.split("=")[1]);
      expect(watermark).not.toBeNull();
      expect(await readingAfter(watermark, () => withOrgReport(orgId, teamNames))).toContain("Paused-0");

      // Without the watermark the same read goes to the replica and does not see the write yet:
      // what the watermark is for.
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).not.toContain("Paused-0");

      for (let i = 1; i <= 20; i++) {
        await createTeam(`Paused-${i}`);
        const w = parseLsn(await primaryWalLsn());
        expect(await readingAfter(w, () => withOrgReport(orgId, teamNames))).toContain(`Paused-${i}`);
      }
      expect(delta(before)).toEqual({ replica: 1, primary: 21 });
    } finally {
      await su(replica, "SELECT pg_wal_replay_resume()");
    }
    // Caught up, the same watermark reads on the replica and finds the writes there.
    await waitForReplay(primary, replica);
    const before = readCounts();
    const last = parseLsn(await primaryWalLsn());
    const names = await readingAfter(last, () => withOrgReport(orgId, teamNames));
    expect(names).toEqual(expect.arrayContaining(["Paused-0", "Paused-20"]));
    expect(delta(before)).toEqual({ replica: 1, primary: 0 });
  });

  it("never misses a write while the replica streams normally, and reads there when it can", async () => {
    forgetReplicaState();
    const before = readCounts();
    const N = 60;
    for (let i = 0; i < N; i++) {
      await createTeam(`Live-${i}`);
      const w = parseLsn(await primaryWalLsn());
      expect(await readingAfter(w, () => withOrgReport(orgId, teamNames))).toContain(`Live-${i}`);
    }
    const d = delta(before);
    expect(d.replica + d.primary).toBe(N);
    console.info(
      `[read-routing] ${N} writes each read back at once: ${d.replica} on the replica, ${d.primary} on the primary`,
    );
  });

  it("runs every report read path on the replica, read-only", async () => {
    const admin = await ctxFor(orgId, "admin");
    const manager = await ctxFor(orgId, "manager");
    await waitForReplay(primary, replica);
    forgetReplicaState();
    const before = readCounts();
    await readingAfter(null, async () => {
      const metrics = await dashboardMetrics(admin);
      expect(metrics.scope).toBe("organization");
      expect(pulseCsv(await pulseOverview(admin, "latest"))).toContain(",");
      expect((await teamRankings(admin)).length).toBeGreaterThan(0);
      expect(await managerTeamReports(manager, 5)).toEqual([]);
      expect((await roundComments(admin, "latest")).round).toBeNull();
      // An unknown survey is "not found" from either node.
      await expect(surveyResults(admin, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
        code: "not_found",
      });
    });
    // Every read answered by the replica but the unknown survey, asked again of the primary (a
    // survey created a moment ago may not be on the replica yet).
    expect(delta(before)).toEqual({ replica: 5, primary: 1 });
    // Outside a request and without readingAfter, nothing tells what was just written: the primary.
    const outside = readCounts();
    await dashboardMetrics(admin);
    expect(delta(outside)).toEqual({ replica: 0, primary: 1 });
  });

  it("refuses a write inside a report read, on the replica and on the primary alike", async () => {
    const write = (tx: Parameters<Parameters<typeof withOrg>[1]>[0]) =>
      tx.team.create({ data: { organizationId: orgId, name: "Sneaky" } });
    await expect(readingAfter(null, () => withOrgReport(orgId, write))).rejects.toThrow(/read-only/);
    // A watermark the replica cannot have replayed yet sends the read to the primary: refused too.
    await expect(readingAfter(1n << 62n, () => withOrgReport(orgId, write))).rejects.toThrow(/read-only/);
    const rows = await su<{ n: number }>(primary, `SELECT count(*)::int AS n FROM "Team" WHERE name = 'Sneaky'`);
    expect(rows[0]!.n).toBe(0);
  });

  it("answers from the primary while the replica is down, and uses it again once it is back", async () => {
    await replica.stop("fast");
    try {
      forgetReplicaState();
      const before = readCounts();
      const started = Date.now();
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Before");
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Before");
      expect(delta(before)).toEqual({ replica: 0, primary: 2 });
      // The first read waited for the refused connection at most; the second not at all.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await replica.start();
    }
    await waitForReplay(primary, replica);
    forgetReplicaState();
    const before = readCounts();
    expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Before");
    expect(delta(before)).toEqual({ replica: 1, primary: 0 });
  });
});
