// Read routing against a real streaming replica (Debian's PostgreSQL 15: the embedded server has no
// pg_basebackup): a report read right after a write never misses it, even while the replica's
// replay is paused; the replica answers once it has caught up; a replica that is down costs
// nothing but its reads; a write slipped into a report read fails on either node.
import { afterAll, beforeAll, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describeWithPackages } from "./support/prerequisites";
import { initPrimary, startReplica, waitForReplay, type PgNode } from "../../scripts/cluster/postgres";
import { childPids } from "../../scripts/cluster/service-user";
import { prepareDatabase } from "../../scripts/db/prepare";
import { deriveAppUrl } from "@/lib/config/database-urls";
import { withOrg } from "@/lib/db/tenant";
import {
  MAX_LAG_S,
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
import { cookiesFrom, multipart, request, type HttpResponse } from "./support/http";
import { startCluster, type Cluster } from "../../scripts/cluster/cluster";
import { seedDemo } from "../../scripts/seed/demo";
import { DEMO } from "../../scripts/seed/demo-data";
import { actionInBuild } from "./support/server-action";

// Part F's ports (4600-4699).
const PRIMARY_PORT = 4601;
const REPLICA_PORT = 4602;
// A relay between the replica and the primary, to stall the replica's stream.
const RELAY_PORT = 4603;
const CLUSTER_BASE_PORT = 4620;
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
      // A read before the write: the replica has replayed where the primary is now, so it counts as
      // current (its lag is measured from this position on).
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Fresh");
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
      expect(delta(before)).toEqual({ replica: 2, primary: 21 });
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

  it("answers from the primary once a replica receiving late is more than MAX_LAG_S behind the primary", async () => {
    // The replica's stream goes through a relay that can hold every byte: the WAL receiver stays
    // connected (streaming) and has replayed everything it received, yet misses what the primary
    // writes. Its own view (received == replayed) shows no lag; only the primary's position does.
    const held: { paused: boolean; flush: Array<() => void> } = { paused: false, flush: [] };
    const sockets = new Set<net.Socket>();
    const relay = net.createServer((down) => {
      const up = net.connect(PRIMARY_PORT, "127.0.0.1");
      sockets.add(down).add(up);
      const pipe = (from: net.Socket, to: net.Socket) =>
        from.on("data", (chunk: Buffer) => {
          if (held.paused) held.flush.push(() => to.write(chunk));
          else to.write(chunk);
        });
      pipe(down, up);
      pipe(up, down);
      const close = () => (down.destroy(), up.destroy());
      down.on("error", close).on("close", close);
      up.on("error", close).on("close", close);
    });
    await new Promise<void>((resolve) => relay.listen(RELAY_PORT, "127.0.0.1", resolve));
    const direct = (await su<{ primary_conninfo: string }>(replica, "SHOW primary_conninfo", "postgres"))[0]!
      .primary_conninfo;
    const receiver = () =>
      su<{ status: string; port: number; received: string; replayed: string }>(
        replica,
        `SELECT status, sender_port AS port, flushed_lsn::text AS received,
                pg_last_wal_replay_lsn()::text AS replayed FROM pg_stat_wal_receiver`,
        "postgres",
      );
    const reconnect = async (conninfo: string, port: number) => {
      await su(replica, `ALTER SYSTEM SET primary_conninfo = '${conninfo.replace(/'/g, "''")}'`, "postgres");
      await su(replica, "SELECT pg_reload_conf()", "postgres");
      const until = Date.now() + 30_000;
      while ((await receiver())[0]?.port !== port || (await receiver())[0]?.status !== "streaming") {
        if (Date.now() > until) throw new Error(`WAL receiver did not reconnect to port ${port}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    try {
      await reconnect(direct.replace(/port=\d+/, `port=${RELAY_PORT}`), RELAY_PORT);
      await createTeam("Relayed");
      await waitForReplay(primary, replica);
      forgetReplicaState();
      const before = readCounts();
      // In step: the replica answers.
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Relayed");
      expect(delta(before)).toEqual({ replica: 1, primary: 0 });

      held.paused = true;
      await createTeam("Stalled");
      const stalledAt = Date.now();
      // The replica's own view: still streaming, nothing received waits for replay.
      const [r] = await receiver();
      expect(r!.status).toBe("streaming");
      expect(r!.received).toBe(r!.replayed);
      // Reads keep coming, one a second; within MAX_LAG_S the replica may answer (that much
      // staleness is allowed), after it never.
      let afterLimit = 0;
      while (Date.now() - stalledAt < (MAX_LAG_S + 3) * 1000) {
        const mid = readCounts();
        const names = await readingAfter(null, () => withOrgReport(orgId, teamNames));
        if (Date.now() - stalledAt > (MAX_LAG_S + 1) * 1000) {
          afterLimit += 1;
          expect(names).toContain("Stalled");
          expect(delta(mid)).toEqual({ replica: 0, primary: 1 });
        }
        await new Promise((res) => setTimeout(res, 1_000));
      }
      expect(afterLimit).toBeGreaterThan(0);
      // Still stalled and still "streaming": the replica never received the write.
      expect((await receiver())[0]!.status).toBe("streaming");
      const onReplica = await su<{ n: number }>(
        replica,
        `SELECT count(*)::int AS n FROM "Team" WHERE name = 'Stalled'`,
      );
      expect(onReplica[0]!.n).toBe(0);
    } finally {
      held.paused = false;
      for (const f of held.flush.splice(0)) f();
      await reconnect(direct, PRIMARY_PORT).catch(() => undefined);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    }
    await waitForReplay(primary, replica);
    forgetReplicaState();
    const before = readCounts();
    expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Stalled");
    expect(delta(before)).toEqual({ replica: 1, primary: 0 });
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

  it("answers from the primary while the replica is frozen", async () => {
    // SIGSTOP: the replica accepts connections at the TCP level but answers nothing, as a machine
    // that hangs or a network that drops packets would.
    const pids = [replica.pid()!, ...childPids(replica.pid()!)];
    for (const p of pids) process.kill(p, "SIGSTOP");
    try {
      forgetReplicaState();
      const before = readCounts();
      const started = Date.now();
      expect(await readingAfter(null, () => withOrgReport(orgId, teamNames))).toContain("Before");
      expect(delta(before)).toEqual({ replica: 0, primary: 1 });
      // The look at the replica gave up after its timeout, not the operating system's.
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      for (const p of pids) process.kill(p, "SIGCONT");
    }
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

// The same through the production server: the cookie as Next sets it on a route's and a server
// action's answer, and the report routes honouring it.
describeWithPackages("read routing through the app", () => {
  const dir = path.join(os.tmpdir(), `pw-f-cluster-${randomBytes(4).toString("hex")}`);
  let c: Cluster;
  let orgId: string;
  let host: string;
  let session: string;

  // Straight to the instance, with what the balancer would add (plain http here).
  const send = (opts: Omit<Parameters<typeof request>[0], "port" | "host">, cookie?: string): Promise<HttpResponse> =>
    request({
      ...opts,
      host,
      port: c.instances[0]!.port,
      headers: { "x-forwarded-proto": "http", origin: `http://${host}`, ...(opts.headers ?? {}) },
      ...(cookie ? { cookie } : {}),
    });
  const watermarkCookie = (res: HttpResponse) =>
    (res.headers["set-cookie"] ?? []).find((h) => h.startsWith(`${WATERMARK_COOKIE}=`));
  const createTeam = (name: string) =>
    send(
      {
        path: "/api/teams",
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name }),
      },
      session,
    );
  const rankings = async (cookie: string) => {
    const r = await send({ path: `/api/team-rankings/${orgId}` }, cookie);
    expect(r.status, r.body.slice(0, 200)).toBe(200);
    return r.body;
  };
  async function replicaQuery<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
    const q = new pg.Client({ connectionString: c.replica!.superuserUrl(DATABASE) });
    await q.connect();
    try {
      return (await q.query<T>(sql)).rows;
    } finally {
      await q.end();
    }
  }

  beforeAll(async () => {
    // The demo with its weeks of pulse history: figures worth comparing between the nodes.
    c = await startCluster({
      dir,
      basePort: CLUSTER_BASE_PORT,
      instances: 1,
      workers: 0,
      replica: true,
      seedDemo: true,
    });
    orgId = (await seedDemo(c.appUrl)).orgId!;
    host = `${DEMO.subdomain}.${c.rootDomain}`;
    const csrf = await send({ path: "/api/auth/csrf" });
    const { csrfToken } = csrf.json() as { csrfToken: string };
    const res = await send(
      {
        path: "/api/auth/callback/credentials",
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          csrfToken,
          email: DEMO.admin.email,
          password: DEMO.password,
          json: "true",
        }).toString(),
      },
      cookiesFrom(csrf).join("; "),
    );
    session = cookiesFrom(res).find((s) => s.startsWith("next-auth.session-token="))!;
    expect(session, `sign-in answered ${res.status}`).toBeDefined();
  });

  afterAll(async () => {
    await c?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sets the watermark on a write's answer and reads the write back while the replica is paused", async () => {
    const first = await createTeam(`Routed ${randomBytes(3).toString("hex")}`);
    expect(first.status, first.body.slice(0, 200)).toBe(201);
    const set = watermarkCookie(first);
    expect(set).toMatch(/^pw_wal=[0-9A-F]+\/[0-9A-F]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/i);
    // A read (GET) sets none.
    const read = await send({ path: `/api/team-rankings/${orgId}` }, session);
    expect(watermarkCookie(read)).toBeUndefined();

    await waitForReplay(c.primary, c.replica!);
    await replicaQuery("SELECT pg_wal_replay_pause()");
    try {
      const name = `Paused ${randomBytes(3).toString("hex")}`;
      const res = await createTeam(name);
      expect(res.status).toBe(201);
      const watermark = cookiesFrom(res).find((s) => s.startsWith(`${WATERMARK_COOKIE}=`))!;
      // With its watermark the writer sees the new team at once (the primary answered) ...
      expect(await rankings(`${session}; ${watermark}`)).toContain(name);
      // ... and a reader without one gets the replica, which has not replayed it yet.
      expect(await rankings(session)).not.toContain(name);
      // A forged watermark is no error: at worst the reader's own reads go to one node or the other.
      for (const bad of ["garbage", "0/0", "FFFFFFFF/FFFFFFFF", "%3Cscript%3E", "1/2/3", "x".repeat(3000)]) {
        expect(
          await send({ path: `/api/team-rankings/${orgId}` }, `${session}; ${WATERMARK_COOKIE}=${bad}`),
        ).toMatchObject({
          status: 200,
        });
      }
    } finally {
      await replicaQuery("SELECT pg_wal_replay_resume()");
    }
    await waitForReplay(c.primary, c.replica!);
    // The dashboard's figures come from the replica: its connections are there.
    const dashboard = await send({ path: `/api/dashboard-metrics/${orgId}` }, session);
    expect(dashboard.status).toBe(200);
    const there = await replicaQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = '${REPLICA_APPLICATION_NAME}'`,
    );
    expect(there[0]!.n).toBeGreaterThan(0);
  });

  it("shows the same figures from the replica as from the primary", async () => {
    await waitForReplay(c.primary, c.replica!);
    // A watermark no replica can have replayed keeps every read on the primary.
    const onPrimary = `${session}; ${WATERMARK_COOKIE}=FFFFFFFF/FFFFFFFF`;
    for (const route of [`/api/dashboard-metrics/${orgId}`, `/api/team-rankings/${orgId}`, "/api/pulse?round=latest"]) {
      const fromReplica = await send({ path: route }, session);
      const fromPrimary = await send({ path: route }, onPrimary);
      expect(fromReplica.status, `${route}: ${fromReplica.body.slice(0, 200)}`).toBe(200);
      expect(fromReplica.json(), route).toEqual(fromPrimary.json());
    }
    const metrics = (await send({ path: `/api/dashboard-metrics/${orgId}` }, session)).json() as {
      weekly: unknown[];
    };
    // The demo's history is there: the comparison is of real figures.
    expect(metrics.weekly.length).toBeGreaterThan(0);
    // What routing costs (a look at the replica at most once a second, a read-only transaction),
    // for the record: the dashboard's median time from each node.
    const median = async (cookie: string) => {
      const times: number[] = [];
      for (let i = 0; i < 15; i++) {
        const t = performance.now();
        expect((await send({ path: `/api/dashboard-metrics/${orgId}` }, cookie)).status).toBe(200);
        times.push(performance.now() - t);
      }
      return times.sort((a, b) => a - b)[7]!.toFixed(1);
    };
    console.info(
      `[read-routing] dashboard-metrics median: replica ${await median(session)} ms, primary ${await median(onPrimary)} ms`,
    );
  });

  it("renders the report pages and the export with their reads on the replica", async () => {
    const [{ at: before }] = (await replicaQuery<{ at: Date }>("SELECT clock_timestamp() AS at")) as [{ at: Date }];
    for (const [page, title] of [
      ["/", "Dashboard"],
      ["/pulse", "Pulse Overview"],
      ["/reports", "Reports"],
    ] as const) {
      const r = await send({ path: page, headers: { accept: "text/html" } }, session);
      expect(r.status, `${page}: ${r.body.slice(0, 200)}`).toBe(200);
      expect(r.body, page).toContain(`<title>${title}`);
      // An error boundary would answer 200 too, with its own heading.
      expect(r.body, page).not.toContain("page-error-title");
    }
    const csv = await send({ path: "/api/pulse/export" }, session);
    expect(csv.status).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/^text\/csv/);
    // The app's replica connections ran queries since.
    const [{ last }] = (await replicaQuery<{ last: Date | null }>(
      `SELECT max(query_start) AS last FROM pg_stat_activity WHERE application_name = '${REPLICA_APPLICATION_NAME}'`,
    )) as [{ last: Date | null }];
    expect(last!.getTime()).toBeGreaterThan(before.getTime());
  });

  it("sets the watermark on a server action's answer", async () => {
    const { actionId, pagePath } = actionInBuild("dismissSetupAction");
    const boundary = `----pulsewell${randomBytes(8).toString("hex")}`;
    const r = await send(
      {
        path: pagePath,
        method: "POST",
        headers: {
          "next-action": actionId,
          accept: "text/x-component",
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: multipart(
          [
            { name: "_1_dismiss", value: "setup-checklist" },
            { name: "0", value: JSON.stringify([null, "$K1"]) },
          ],
          boundary,
        ),
      },
      session,
    );
    expect(r.status, r.body.slice(0, 300)).toBe(200);
    expect(r.body).toContain("The setup checklist is hidden.");
    // Next encodes the value ("/" as %2F) and decodes it again when it reads the cookie.
    expect(watermarkCookie(r)).toMatch(/^pw_wal=[0-9A-F]+(\/|%2F)[0-9A-F]+; Path=\/; .*Max-Age=\d+/i);
    expect(watermarkCookie(r)).toMatch(/; HttpOnly/i);
    expect(watermarkCookie(r)).toMatch(/; SameSite=lax/i);
    expect(watermarkCookie(r)).not.toMatch(/; Secure/i);
  });
});
