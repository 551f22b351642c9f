// `npm run bench:surveys`: an organisation of 10,000 employees in 200 teams with 52 weekly rounds
// (about 2.6 million answers), served by the built app (`next start`) against a throwaway
// embedded PostgreSQL. Prints the dashboard and pulse APIs' p50/p95 (target p95 <= 100 ms), the
// throughput and latency of survey submissions under concurrent load beside a trivial route's
// throughput measured the same way in the same run (shared machines vary too much for absolute
// figures: target at least 40 % of the trivial route, p95 <= 200 ms, no errors), the time to close
// the round and fold its 10,000 answers into the results (target < 10 s), and checks that every
// acknowledged submission is counted exactly once (one pool row and one marker each before the close).
// With --cluster the same through the production topology (scripts/cluster: nginx, two instances,
// a worker, PgBouncer, a primary and its streaming replica), the trivial route through the same
// balancer; each submission from a loopback address of its own, as nginx sets the client address.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { formatNumber } from "@/lib/format";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { encode } from "next-auth/jwt";
import { ensureBuilt } from "../lib/build-freshness";
import { withBenchDatabase } from "./bench-db";
import { startCluster } from "../cluster/cluster";
import { client, percentiles, runConcurrently } from "./http-load";
import { NIL, loadAnswers, openLoadRound, seedSurveyOrg } from "./surveys-seed";

const SIZE = {
  employees: Number(process.env.BENCH_EMPLOYEES ?? 10_000),
  teams: Number(process.env.BENCH_TEAMS ?? 200),
  rounds: Number(process.env.BENCH_ROUNDS ?? 52),
};
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
// Stateless app instances sharing the database, as in production behind a load balancer.
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const GET_RUNS = 200;
const root = path.resolve(import.meta.dirname, "../..");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Where the app runs: its owner URL and secret, and how to reach it once the workspace exists. */
type Topology = {
  ownerUrl: string;
  authSecret: string;
  label: string;
  /** Starts (or finds) the app for workspace `subdomain`: the ports to send to and each one's Host. */
  serve: (subdomain: string) => Promise<{ ports: number[]; hostFor: (port: number) => string; stop: () => void }>;
  /** Each submission from a loopback address of its own (127.1.x.y): a balancer in front sets the
   * client address from the connection, as for real people answering from their own networks. */
  ownAddresses: boolean;
};

/** The embedded database and BENCH_INSTANCES `next start` processes (the default). */
async function onEmbedded(run: (t: Topology) => Promise<void>): Promise<void> {
  await withBenchDatabase(({ ownerUrl, appUrl, authSecret, dataDir }) =>
    run({
      ownerUrl,
      authSecret,
      label: `over ${INSTANCES} app instance${INSTANCES > 1 ? "s" : ""}`,
      ownAddresses: false,
      serve: async (subdomain) => {
        // The root domain without a port, so every instance accepts its own port in the Host.
        const ports = Array.from({ length: INSTANCES }, (_, i) => PORT + i);
        const servers = ports.map((port) =>
          spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port)], {
            cwd: root,
            stdio: ["ignore", "ignore", "inherit"],
            env: {
              ...process.env,
              NODE_ENV: "production",
              PORT: String(port),
              ROOT_DOMAIN: "localhost",
              DATABASE_APP_URL: appUrl,
              AUTH_SECRET: authSecret,
              DATA_DIR: dataDir,
              JOBS_IN_PROCESS: "0",
            },
          }),
        );
        return {
          ports,
          hostFor: (port) => `${subdomain}.localhost:${port}`,
          stop: () => servers.forEach((server) => server.kill("SIGTERM")),
        };
      },
    }),
  );
}

/** --cluster: the production topology (scripts/cluster): nginx, two app instances, a worker,
 * PgBouncer in transaction mode, a PostgreSQL 15 primary and its streaming replica. */
async function onCluster(run: (t: Topology) => Promise<void>): Promise<void> {
  const dir = process.env.BENCH_CLUSTER_DIR ?? "/tmp/pw-d-bench-cluster";
  rmSync(dir, { recursive: true, force: true });
  const c = await startCluster({
    dir,
    basePort: Number(process.env.BENCH_CLUSTER_PORT ?? 4560),
    instances: 2,
    workers: 1,
    replica: true,
    log: (l) => console.log(`  ${l}`),
  });
  try {
    await run({
      ownerUrl: c.ownerUrl,
      authSecret: c.secrets.AUTH_SECRET,
      label: `through nginx over ${c.instances.length} app instances, PgBouncer and a primary with a replica`,
      ownAddresses: true,
      serve: async (subdomain) => ({
        ports: [c.balancerPort],
        hostFor: () => `${subdomain}.${c.rootDomain}`,
        stop: () => {},
      }),
    });
  } finally {
    await c.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A loopback source address of its own for request `i` (127.1.0.0 onwards). */
const loopback = (i: number) => `127.${1 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;

async function main(): Promise<void> {
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!(process.env.SYSTEM_REUSE_BUILD === "1" && existsSync(path.join(root, distDir, "BUILD_ID")))) ensureBuilt(root);
  await (process.argv.includes("--cluster") ? onCluster : onEmbedded)(measure);
}

async function measure({ ownerUrl, authSecret, label, serve, ownAddresses }: Topology): Promise<void> {
  const owner = new pg.Client({ connectionString: ownerUrl });
  // The database stops when the run ends, however it ends: that is not an error to crash on.
  owner.on("error", () => {});
  await owner.connect();
  const orgId = randomUUID();
  const subdomain = `bench${randomBytes(3).toString("hex")}`;
  const t = performance.now();
  const { adminId } = await seedSurveyOrg(owner, orgId, subdomain, SIZE);
  const seedMs = performance.now() - t;
  console.log(`Seeded in ${(seedMs / 1000).toFixed(1)} s; starting the app...`);
  const answers = Number(
    (await owner.query(`SELECT count(*) AS n FROM "SurveyAnswer" WHERE "organizationId" = $1`, [orgId])).rows[0].n,
  );

  // The round under load: open, with a personal token for every employee.
  const { surveyId, questions, tokens } = await openLoadRound(owner, orgId);

  // An admin session, minted the way next-auth would.
  const sessionId = randomUUID();
  await owner.query(
    `INSERT INTO "Session" ("organizationId", id, "userId", "expiresAt") VALUES ($1, $2, $3, now() + interval '1 day')`,
    [orgId, sessionId, adminId],
  );
  const jwt = await encode({ token: { sub: adminId, oid: orgId, sid: sessionId }, secret: authSecret });
  const { ports, hostFor, stop } = await serve(subdomain);
  try {
    const anons = ports.map((port) => client(port, hostFor(port)));
    const admin = client(ports[0]!, hostFor(ports[0]!), `next-auth.session-token=${jwt}`);
    for (const anon of anons) {
      for (let i = 0; ; i++) {
        if ((await anon("GET", "/login").catch(() => ({ status: 0 }))).status === 200) break;
        if (i > 120) throw new Error("the app did not start");
        await new Promise((r) => setTimeout(r, 500));
      }
    }

    console.log("The app answers; measuring...");
    const gets: [string, string][] = [
      ["GET /api/dashboard-metrics/{orgId}", `/api/dashboard-metrics/${orgId}`],
      ["GET /api/pulse?round=latest", `/api/pulse?round=latest&segment=all`],
      ["GET /api/team-rankings/{orgId}", `/api/team-rankings/${orgId}`],
    ];
    const getResults: string[] = [];
    for (const [name, url] of gets) {
      for (let i = 0; i < 10; i++) await admin("GET", url);
      const ms: number[] = [];
      for (let i = 0; i < GET_RUNS; i++) {
        const r = await admin("GET", url);
        if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.body.slice(0, 200)}`);
        ms.push(r.ms);
      }
      const p = percentiles(ms);
      getResults.push(
        `  ${name.padEnd(38)} p50 ${fmt(p.p50)}  p95 ${fmt(p.p95)}  (${GET_RUNS} sequential requests)${p.p95 <= 100 ? "" : "  ABOVE TARGET"}`,
      );
    }

    // The trivial route: as many requests as there are submissions, at the same concurrency.
    const trivialLatencies: number[] = [];
    const trivialJobs = tokens.map((_, i) => async () => {
      const r = await anons[i % anons.length]!(
        "GET",
        "/api/health",
        undefined,
        {},
        ownAddresses ? loopback(i) : undefined,
      );
      if (r.status !== 200) throw new Error(`GET /api/health: ${r.status}`);
      trivialLatencies.push(r.ms);
    });
    const trivialWall = await runConcurrently(trivialJobs, CONCURRENCY);
    const trivialRate = tokens.length / (trivialWall / 1000);
    const tp = percentiles(trivialLatencies);

    // Submissions: every employee answers once, CONCURRENCY at a time.
    const latencies: number[] = [];
    const failures = new Map<number, number>();
    let acked = 0;
    const jobs = tokens.map((token, i) => async () => {
      const anon = anons[i % anons.length]!;
      const responses = loadAnswers(questions);
      // Each employee from an address of their own (home, phone), which `next start` takes from
      // X-Forwarded-For: the load is the product's, not one address's rate limit (600 a minute per
      // workspace and address, lib/api/rate-limit.ts).
      const r = await anon(
        "POST",
        "/api/surveys/responses",
        { surveyId, token, responses },
        ownAddresses ? {} : { "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
        ownAddresses ? loopback(i) : undefined,
      );
      latencies.push(r.ms);
      if (r.status === 201 || r.status === 200) acked++;
      else failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
    });
    const wall = await runConcurrently(jobs, CONCURRENCY);
    const p = percentiles(latencies);
    const rate = acked / (wall / 1000);
    const ratio = rate / trivialRate;

    // Before the close: one pool row per acknowledged submission, each with its own link's marker.
    const pool = (
      await owner.query(
        `SELECT count(*) AS rows, count(DISTINCT marker) AS markers FROM "SurveyPendingResponse" WHERE "surveyId" = $1`,
        [surveyId],
      )
    ).rows[0] as { rows: string; markers: string };
    // Closing the round releases its results: the fold moves the pool into answers and rollups.
    const tc = performance.now();
    const closed = await admin("POST", `/api/surveys/${surveyId}/close`);
    const foldMs = performance.now() - tc;
    if (closed.status !== 200) throw new Error(`close: ${closed.status} ${closed.body.slice(0, 200)}`);

    const check = (
      await owner.query(
        `SELECT (SELECT count(*) FROM "SurveyResponse" WHERE "surveyId" = $1) AS responses,
                (SELECT "responseCount" FROM "Survey" WHERE id = $1) AS counter,
                (SELECT n FROM "SurveyRollup" WHERE "surveyId" = $1 AND "teamId" = '${NIL}' AND metric = 'enps') AS rollup,
                (SELECT responded FROM "SurveyParticipation" WHERE "surveyId" = $1 AND "teamId" = '${NIL}') AS participation`,
        [surveyId],
      )
    ).rows[0] as Record<string, string | number>;
    Object.assign(check, { pool: pool.rows, markers: pool.markers });
    const counts = Object.values(check).map(Number);
    const exact = counts.every((c) => c === acked);

    console.log(
      [
        `Surveys benchmark: ${formatNumber(SIZE.employees)} employees in ${SIZE.teams} teams, ${SIZE.rounds} weekly rounds, ${formatNumber(answers)} answers (${new Date().toISOString().slice(0, 10)})`,
        `  Seeding (SQL, with rollups): ${(seedMs / 1000).toFixed(1)} s`,
        ...getResults,
        `  Trivial route (GET /api/health): ${formatNumber(tokens.length)} requests at concurrency ${CONCURRENCY}: ${trivialRate.toFixed(0)}/s, p50 ${fmt(tp.p50)}, p95 ${fmt(tp.p95)}`,
        `  Submissions: ${formatNumber(acked)} acknowledged of ${formatNumber(tokens.length)} at concurrency ${CONCURRENCY} ${label} in ${(wall / 1000).toFixed(1)} s: ${rate.toFixed(0)}/s, p50 ${fmt(p.p50)}, p95 ${fmt(p.p95)}, max ${fmt(p.max)}, errors ${[...failures].map(([s, n]) => `${n}x${s}`).join(", ") || "none"}`,
        `  Submissions / trivial route: ${(ratio * 100).toFixed(0)} %`,
        `  Close and fold ${formatNumber(acked)} responses (POST /api/surveys/{id}/close): ${(foldMs / 1000).toFixed(2)} s`,
        `  Counted exactly once: ${exact ? "yes" : "NO"} (responses ${check.responses}, counter ${check.counter}, rollup n ${check.rollup}, participation ${check.participation}, pool before close ${check.pool}, distinct markers ${check.markers})`,
        `  Targets: API p95 <= 100 ms; submissions >= 40 % of the trivial route with p95 <= 200 ms and no errors: ${ratio >= 0.4 && p.p95 <= 200 && failures.size === 0 ? "met" : "MISSED"}; fold < 10 s: ${foldMs < 10_000 ? "met" : "MISSED"}`,
      ].join("\n"),
    );
    if (!exact || failures.size > 0) process.exitCode = 1;
  } finally {
    stop();
    await owner.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
