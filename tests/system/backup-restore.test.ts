// The restore drill of docs/operations/backups.md: a PostgreSQL 15 primary prepared and seeded with
// the demo workspace as `npm start` does, an app instance on it and the demo admin's dashboard read
// over HTTP; then pg_dump -Fc and pg_dumpall --roles-only, a freshly initdb-ed cluster restored from
// them (roles first), an instance on it with the same secrets, and the same figures after signing in
// again. Prints the dump's size and how long the dump and the restore took.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithPackages } from "./support/prerequisites";
import { PG15_BIN, initPrimary, type PgNode } from "../../scripts/cluster/postgres";
import { startInstance, type Instance } from "../../scripts/cluster/app";
import { ownedDir, runAsService, waitFor } from "../../scripts/cluster/service-user";
import { generateSecrets } from "../../scripts/cluster/cluster";
import { prepareDatabase } from "../../scripts/db/prepare";
import { seedDemo } from "../../scripts/seed/demo";
import { DEMO } from "../../scripts/seed/demo-data";
import { deriveAppUrl } from "@/lib/config/database-urls";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const DATABASE = "pulsewell";
// Part E's ports: the source primary, the restored one, an instance on each; the PITR drill's two.
const PORTS = {
  source: 4301,
  restored: 4302,
  sourceApp: 4310,
  restoredApp: 4311,
  pitrPrimary: 4320,
  pitrRecovered: 4321,
};

type Res = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** HTTP to 127.0.0.1:port with the workspace's Host (Node does not resolve *.localhost here). */
function request(
  port: number,
  host: string,
  p: string,
  opts: { method?: string; cookie?: string; form?: string } = {},
) {
  return new Promise<Res>((resolve, reject) => {
    const headers: Record<string, string> = { host };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.form !== undefined) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      headers["content-length"] = String(Buffer.byteLength(opts.form));
    }
    const req = http.request({ host: "127.0.0.1", port, path: p, method: opts.method ?? "GET", headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
      );
    });
    req.on("error", reject);
    if (opts.form !== undefined) req.write(opts.form);
    req.end();
  });
}

const cookiesOf = (r: Res) =>
  (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));

/** The demo admin's session cookie, through next-auth's CSRF + credentials callback. */
async function signIn(port: number, host: string): Promise<string> {
  const csrf = await request(port, host, "/api/auth/csrf");
  expect(csrf.status).toBe(200);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = new URLSearchParams({ csrfToken, email: DEMO.admin.email, password: DEMO.password, json: "true" });
  const r = await request(port, host, "/api/auth/callback/credentials", {
    method: "POST",
    cookie: cookiesOf(csrf).join("; "),
    form: form.toString(),
  });
  const session = cookiesOf(r).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`sign-in refused (${r.status}): ${r.body.slice(0, 200)}`);
  return session;
}

type Figures = { metrics: Record<string, unknown>; page: { status: number; greetsAdmin: boolean; figures: string[] } };

/** The dashboard's figures as the signed-in admin sees them: the metrics API and the page. */
async function dashboardFigures(instance: Instance, orgId: string): Promise<Figures> {
  const host = `${DEMO.subdomain}.localhost:${instance.port}`;
  const cookie = await signIn(instance.port, host);
  const api = await request(instance.port, host, `/api/dashboard-metrics/${orgId}`, { cookie });
  expect(api.status, api.body.slice(0, 300)).toBe(200);
  const metrics = JSON.parse(api.body) as Record<string, unknown>;
  const page = await request(instance.port, host, "/", { cookie });
  // The headline scores as the page prints them (one decimal), found in its HTML.
  const headline = ["overallCultureScore", "engagementScore", "enpsScore", "stressLevel"]
    .map((k) => metrics[k])
    .filter((v): v is number => typeof v === "number")
    .map((v) => v.toFixed(1));
  return {
    metrics,
    page: {
      status: page.status,
      greetsAdmin: page.body.includes(`Welcome, ${DEMO.admin.firstName}`),
      figures: headline.filter((f) => page.body.includes(f)),
    },
  };
}

/** Row counts of every table of the app's schema and of the job queue's. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const tables = await c.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ('public', 'pgboss') AND c.relkind IN ('r', 'p') ORDER BY 1`,
    );
    const out: Record<string, number> = {};
    for (const t of tables.rows)
      out[t.name] = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t.name}`)).rows[0]!.n;
    return out;
  } finally {
    await c.end();
  }
}

async function sql<R extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  text: string,
  params: unknown[] = [],
): Promise<pg.QueryResult<R>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await c.query<R>(text, params);
  } finally {
    await c.end();
  }
}

/** The demo workspace and its weeks of history, as scripts/start.ts seeds them. */
async function seedDemoWorkspace(appUrl: string, env: NodeJS.ProcessEnv): Promise<string> {
  const r = await seedDemo(appUrl);
  if (!r.orgId) throw new Error("the demo workspace was not created");
  if (r.created)
    await run(
      process.execPath,
      ["--import", "tsx", "--conditions=react-server", path.join(root, "scripts", "seed", "demo-history.ts"), r.orgId],
      { cwd: root, env: { ...env, JOBS_IN_PROCESS: "0" }, maxBuffer: 64 * 1024 * 1024 },
    );
  return r.orgId;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;

const BACKUP_PASSWORD = randomBytes(12).toString("hex");

/** The statements that create the backup role, taken from the SQL block of docs/operations/backups.md
 * that has them, so the drill dumps with exactly the role the procedure documents. */
function backupRoleSql(): string {
  const doc = readFileSync(path.join(root, "docs", "operations", "backups.md"), "utf8");
  const block = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)]
    .map((m) => m[1]!)
    .find((b) => b.includes("CREATE ROLE pulsewell_backup"));
  if (!block) throw new Error("docs/operations/backups.md has no SQL block creating pulsewell_backup");
  expect(block).toMatch(/\bBYPASSRLS\b/);
  return block;
}

/** `url` with another role (and password) on the same server and database. */
function roleUrl(url: string, user: string, password?: string): string {
  const u = new URL(url);
  u.username = user;
  u.password = password ?? "";
  return u.toString();
}

describeWithPackages("backup and restore drill", () => {
  const dir = path.join("/tmp", `pw-e-backup-${randomBytes(4).toString("hex")}`);
  const secrets = generateSecrets();
  const nodes: PgNode[] = [];
  const instances: Instance[] = [];
  let source: PgNode;
  let orgId: string;
  let before: Figures;
  let countsBefore: Record<string, number>;

  const appEnv = (appUrl: string, port: number, name: string): NodeJS.ProcessEnv => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...secrets,
      DATABASE_APP_URL: appUrl,
      ROOT_DOMAIN: `localhost:${port}`,
      DATA_DIR: path.join(dir, name),
      NEXT_TELEMETRY_DISABLED: "1",
    };
    delete env.DATABASE_URL;
    return env;
  };

  const startApp = async (appUrl: string, port: number, name: string): Promise<Instance> => {
    const env = appEnv(appUrl, port, name);
    mkdirSync(env.DATA_DIR!, { recursive: true });
    const inst = startInstance({ name, port, env, logFile: path.join(dir, name, "server.log") });
    instances.push(inst);
    await inst.waitReady(120_000);
    return inst;
  };

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    source = await initPrimary({ dir: path.join(dir, "source"), port: PORTS.source });
    nodes.push(source);
    await sql(source.superuserUrl("postgres"), `CREATE DATABASE ${DATABASE}`);
    const ownerUrl = source.superuserUrl(DATABASE);
    const { appUrl } = await prepareDatabase(ownerUrl, secrets.AUTH_SECRET);
    orgId = await seedDemoWorkspace(appUrl, appEnv(appUrl, PORTS.sourceApp, "seed"));
    const app = await startApp(appUrl, PORTS.sourceApp, "source-app");
    before = await dashboardFigures(app, orgId);
    countsBefore = await rowCounts(ownerUrl);
  });

  afterAll(async () => {
    for (const i of instances) await i.kill("SIGTERM").catch(() => undefined);
    for (const n of nodes) await n.stop("fast").catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("shows the seeded demo's figures before the backup", () => {
    expect(before.metrics.overallCultureScore).toEqual(expect.any(Number));
    expect(before.metrics.totalUsers).toBeGreaterThan(10);
    expect((before.metrics.weekly as unknown[]).length).toBeGreaterThan(4);
    expect(before.page.status).toBe(200);
    expect(before.page.greetsAdmin).toBe(true);
    expect(before.page.figures.length).toBeGreaterThan(0);
    expect(countsBefore['public."SurveyResponse"']).toBeGreaterThan(0);
  });

  it("restores a pg_dump into a fresh cluster where the app shows the same figures", async () => {
    const dumpFile = path.join(dir, "pulsewell.dump");
    const rolesFile = path.join(dir, "roles.sql");
    // A role that reads everything but is subject to row-level security: every tenant table
    // forces it, so its dump (like the owner's) is refused. Hence BYPASSRLS on the backup role.
    const superuser = source.superuserUrl(DATABASE);
    await sql(superuser, `CREATE ROLE pulsewell_no_bypass LOGIN; GRANT pg_read_all_data TO pulsewell_no_bypass`);
    await expect(
      run(path.join(PG15_BIN, "pg_dump"), ["-Fc", "-d", roleUrl(superuser, "pulsewell_no_bypass"), "-f", dumpFile]),
    ).rejects.toThrow(/row-level security/);
    await sql(superuser, `DROP ROLE pulsewell_no_bypass`);

    // The backup role exactly as docs/operations/backups.md creates it (psql interpolates the
    // password variable in a file, not in -c), and the dump made as it.
    const backupRoleFile = path.join(dir, "backup-role.sql");
    writeFileSync(backupRoleFile, backupRoleSql());
    await run(path.join(PG15_BIN, "psql"), [
      "-X",
      "-q",
      "-v",
      "ON_ERROR_STOP=1",
      "-v",
      `backup_password=${BACKUP_PASSWORD}`,
      "-d",
      superuser,
      "-f",
      backupRoleFile,
    ]);
    const t0 = Date.now();
    await run(path.join(PG15_BIN, "pg_dump"), [
      "-Fc",
      "-d",
      roleUrl(superuser, "pulsewell_backup", BACKUP_PASSWORD),
      "-f",
      dumpFile,
    ]);
    await run(path.join(PG15_BIN, "pg_dumpall"), [
      "--roles-only",
      "-d",
      source.superuserUrl("postgres"),
      "-f",
      rolesFile,
    ]);
    const dumpMs = Date.now() - t0;
    const dumpBytes = statSync(dumpFile).size;

    // The source is gone as far as the restore is concerned: its instance and server stop.
    await instances[0]!.kill("SIGTERM");
    await source.stop("fast");

    const restored = await initPrimary({ dir: path.join(dir, "restored"), port: PORTS.restored });
    nodes.push(restored);
    const t1 = Date.now();
    // Roles first; the bootstrap superuser exists already (the one error the file gives).
    const roles = await run(path.join(PG15_BIN, "psql"), [
      "-X",
      "-q",
      "-d",
      restored.superuserUrl("postgres"),
      "-f",
      rolesFile,
    ]);
    expect(roles.stderr.trim().split("\n").filter(Boolean)).toEqual([
      expect.stringContaining('role "postgres" already exists'),
    ]);
    await sql(restored.superuserUrl("postgres"), `CREATE DATABASE ${DATABASE}`);
    await run(path.join(PG15_BIN, "pg_restore"), [
      "--exit-on-error",
      "-j",
      "2",
      "-d",
      restored.superuserUrl(DATABASE),
      dumpFile,
    ]);
    const restoreMs = Date.now() - t1;
    console.log(
      `[backup-restore] dump ${(dumpBytes / 1024).toFixed(0)} KiB (pg_dump -Fc + roles) in ${seconds(dumpMs)} s; restore (roles, pg_restore -j 2) in ${seconds(restoreMs)} s; ${Object.values(countsBefore).reduce((a, b) => a + b, 0)} rows in ${Object.keys(countsBefore).length} tables`,
    );

    expect(await rowCounts(restored.superuserUrl(DATABASE))).toEqual(countsBefore);
    // The application role came back with its login from the roles file: the same AUTH_SECRET
    // derives its password, and no prepare step runs before the instance starts.
    const app = await startApp(
      deriveAppUrl(restored.superuserUrl(DATABASE), secrets.AUTH_SECRET),
      PORTS.restoredApp,
      "restored-app",
    );
    const after = await dashboardFigures(app, orgId);
    expect(after.metrics).toEqual(before.metrics);
    expect(after.page).toEqual(before.page);
  });
});

// Point-in-time recovery as docs/operations/backups.md describes it: WAL archived by
// archive_command, a pg_basebackup in tar form, then a new data directory from that backup replaying
// the archive up to recovery_target_time, paused there for checking, then opened.
describeWithPackages("point-in-time recovery drill", () => {
  const dir = path.join("/tmp", `pw-e-pitr-${randomBytes(4).toString("hex")}`);
  const archive = path.join(dir, "wal-archive");
  const recovered = path.join(dir, "recovered");
  const data = path.join(recovered, "data");
  const pgCtl = path.join(PG15_BIN, "pg_ctl");
  let primary: PgNode | undefined;
  let recoveredStarted = false;

  afterAll(async () => {
    if (recoveredStarted)
      await runAsService(pgCtl, ["stop", "-w", "-m", "fast", "-D", data], { cwd: recovered }).catch(() => undefined);
    await primary?.stop("fast").catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it("recovers the database as it was at a chosen time, without what came after", async () => {
    ownedDir(archive);
    primary = await initPrimary({ dir: path.join(dir, "primary"), port: PORTS.pitrPrimary });
    appendFileSync(
      path.join(primary.dir, "data", "postgresql.conf"),
      [
        "archive_mode = on",
        `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f.tmp && mv ${archive}/%f.tmp ${archive}/%f'`,
        "archive_timeout = 60",
        "",
      ].join("\n"),
    );
    await primary.restart("fast");
    const url = primary.superuserUrl("postgres");
    await sql(url, `CREATE TABLE drill (note text PRIMARY KEY, at timestamptz NOT NULL DEFAULT clock_timestamp())`);
    await sql(url, `INSERT INTO drill (note) VALUES ('before the base backup')`);

    ownedDir(path.join(dir, "base"));
    await runAsService(
      path.join(PG15_BIN, "pg_basebackup"),
      [
        "-h",
        "127.0.0.1",
        "-p",
        String(primary.port),
        "-U",
        "postgres",
        "-D",
        path.join(dir, "base"),
        "-Ft",
        "-z",
      ].concat(["-X", "stream", "-c", "fast"]),
      { cwd: dir },
    );
    await sql(url, `INSERT INTO drill (note) VALUES ('after the base backup')`);
    const target = (await sql<{ t: string }>(url, `SELECT clock_timestamp()::text AS t`)).rows[0]!.t;
    await new Promise((r) => setTimeout(r, 1100));
    await sql(url, `INSERT INTO drill (note) VALUES ('after the target time')`);
    // Ship the segment holding all three to the archive, as archive_timeout would within a minute.
    const segment = (await sql<{ s: string }>(url, `SELECT pg_walfile_name(pg_current_wal_lsn()) AS s`)).rows[0]!.s;
    await sql(url, `SELECT pg_switch_wal()`);
    await waitFor(
      `WAL segment ${segment} in the archive`,
      async () => {
        const r = await sql<{ w: string | null }>(url, `SELECT last_archived_wal AS w FROM pg_stat_archiver`);
        return (r.rows[0]!.w ?? "") >= segment;
      },
      30_000,
    );
    await primary.stop("fast");

    // The base backup unpacked into an empty data directory, with the recovery settings.
    mkdirSync(data, { recursive: true, mode: 0o700 });
    await run("tar", ["-xzf", path.join(dir, "base", "base.tar.gz"), "-C", data]);
    await run("tar", ["-xzf", path.join(dir, "base", "pg_wal.tar.gz"), "-C", path.join(data, "pg_wal")]);
    appendFileSync(
      path.join(data, "postgresql.conf"),
      [
        `port = ${PORTS.pitrRecovered}`,
        `unix_socket_directories = '${recovered}'`,
        "archive_mode = off",
        `restore_command = 'cp ${archive}/%f %p'`,
        `recovery_target_time = '${target}'`,
        "recovery_target_action = 'pause'",
        "",
      ].join("\n"),
    );
    writeFileSync(path.join(data, "recovery.signal"), "");
    ownedDir(recovered);
    chmodSync(data, 0o700);
    await runAsService(pgCtl, ["start", "-w", "-t", "120", "-D", data, "-l", path.join(recovered, "postgres.log")], {
      cwd: recovered,
    });
    recoveredStarted = true;
    const recoveredUrl = `postgresql://postgres@127.0.0.1:${PORTS.pitrRecovered}/postgres`;
    await waitFor(
      "recovery to pause at the target",
      async () =>
        (await sql<{ s: string }>(recoveredUrl, `SELECT pg_get_wal_replay_pause_state() AS s`)).rows[0]!.s === "paused",
      60_000,
    );
    const notes = async () =>
      (await sql<{ note: string }>(recoveredUrl, `SELECT note FROM drill ORDER BY at`)).rows.map((r) => r.note);
    expect(await notes()).toEqual(["before the base backup", "after the base backup"]);

    // Satisfied: end recovery; the database opens for writes on a new timeline.
    await sql(recoveredUrl, `SELECT pg_wal_replay_resume()`);
    await waitFor(
      "recovery to end",
      async () => (await sql<{ r: boolean }>(recoveredUrl, `SELECT pg_is_in_recovery() AS r`)).rows[0]!.r === false,
      60_000,
    );
    await sql(recoveredUrl, `INSERT INTO drill (note) VALUES ('written after recovery')`);
    expect(await notes()).toEqual(["before the base backup", "after the base backup", "written after recovery"]);
  });
});
