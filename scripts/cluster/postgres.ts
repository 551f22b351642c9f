// PostgreSQL 15 from Debian's postgresql-15 package: a primary and a streaming replica on one
// machine, for the cluster (npm run cluster) and the system tests. Each node is a data folder of its
// own, listening on 127.0.0.1 only with trust authentication (a local test cluster: the deployment
// guide describes the real pg_hba.conf). The nodes can be stopped fast or immediately (a crash as
// far as PostgreSQL can tell), killed with SIGKILL and started again on the same data.
import { existsSync, appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { alive, childPids, ownedDir, runAsService, waitFor } from "./service-user";

export const PG15_BIN = process.env.PG15_BIN || "/usr/lib/postgresql/15/bin";

/** Whether the PostgreSQL 15 server binaries are installed. */
export function pg15Available(): boolean {
  return ["postgres", "pg_ctl", "initdb", "pg_basebackup"].every((b) => existsSync(path.join(PG15_BIN, b)));
}

type StopMode = "fast" | "immediate";

export type PgNode = {
  role: "primary" | "replica";
  port: number;
  /** The node's folder: the data directory is `dir`/data, the server's log `dir`/postgres.log. */
  dir: string;
  /** The superuser `postgres` on this node (trust authentication, no password). */
  superuserUrl: (database: string) => string;
  start: () => Promise<void>;
  stop: (mode?: StopMode) => Promise<void>;
  /** SIGKILL to the postmaster and its processes, as a crashed machine would leave it. */
  kill9: () => Promise<void>;
  restart: (mode?: StopMode) => Promise<void>;
  /** The postmaster's pid while it runs, else null. */
  pid: () => number | null;
};

const SUPERUSER = "postgres";

function settings(port: number, dir: string): string {
  return [
    "",
    "# Written by scripts/cluster/postgres.ts",
    "listen_addresses = '127.0.0.1'",
    `port = ${port}`,
    // Its own socket folder: Debian's /var/run/postgresql may not exist or be writable.
    `unix_socket_directories = '${dir}'`,
    "wal_level = replica",
    "max_wal_senders = 10",
    "max_replication_slots = 10",
    "wal_keep_size = '256MB'",
    "hot_standby = on",
    // PgBouncer holds a pool per database and role; direct connections (migrations, the tests,
    // pg-boss's maintenance) come on top.
    "max_connections = 200",
    "shared_buffers = '64MB'",
    "logging_collector = off",
    "log_min_messages = warning",
    "",
  ].join("\n");
}

const HBA = [
  "# Written by scripts/cluster/postgres.ts: a local test cluster, loopback only.",
  "local all all trust",
  "host all all 127.0.0.1/32 trust",
  "host replication all 127.0.0.1/32 trust",
  "",
].join("\n");

function makeNode(role: PgNode["role"], dir: string, port: number): PgNode {
  const data = path.join(dir, "data");
  const log = path.join(dir, "postgres.log");
  const pgCtl = path.join(PG15_BIN, "pg_ctl");

  const pid = (): number | null => {
    const file = path.join(data, "postmaster.pid");
    if (!existsSync(file)) return null;
    const n = Number(readFileSync(file, "utf8").split("\n")[0]);
    return Number.isInteger(n) && n > 0 && alive(n) ? n : null;
  };

  const start = async (): Promise<void> => {
    if (pid()) return;
    // A postmaster.pid left by kill -9 names a dead process: PostgreSQL itself checks and ignores it.
    await runAsService(pgCtl, ["start", "-w", "-t", "120", "-D", data, "-l", log], { cwd: dir });
    // Accepting connections: a replica needs a moment more after pg_ctl returns.
    await waitFor(`PostgreSQL (${role}) on port ${port}`, () => canConnect(port), 60_000);
  };

  const stop = async (mode: StopMode = "fast"): Promise<void> => {
    if (!pid()) return;
    await runAsService(pgCtl, ["stop", "-w", "-t", "120", "-m", mode, "-D", data], { cwd: dir });
  };

  const kill9 = async (): Promise<void> => {
    const p = pid();
    if (!p) return;
    const children = childPids(p);
    process.kill(p, "SIGKILL");
    for (const c of children) {
      try {
        process.kill(c, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await waitFor("the killed PostgreSQL to go", () => ![p, ...children].some(alive), 30_000);
  };

  return {
    role,
    port,
    dir,
    superuserUrl: (database) => `postgresql://${SUPERUSER}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
    start,
    stop,
    kill9,
    restart: async (mode = "fast") => {
      await stop(mode);
      await start();
    },
    pid,
  };
}

async function canConnect(port: number): Promise<boolean> {
  const c = new pg.Client({
    host: "127.0.0.1",
    port,
    user: SUPERUSER,
    database: "postgres",
    connectionTimeoutMillis: 2000,
  });
  c.on("error", () => {});
  try {
    await c.connect();
    await c.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** A new primary in `dir` (which must not hold one yet), started. */
export async function initPrimary(opts: { dir: string; port: number }): Promise<PgNode> {
  const dir = ownedDir(path.resolve(opts.dir));
  const data = path.join(dir, "data");
  await runAsService(
    path.join(PG15_BIN, "initdb"),
    ["-D", data, "-U", SUPERUSER, "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-instructions"],
    { cwd: dir },
  );
  appendFileSync(path.join(data, "postgresql.conf"), settings(opts.port, dir));
  writeFileSync(path.join(data, "pg_hba.conf"), HBA);
  ownedDir(dir);
  const node = makeNode("primary", dir, opts.port);
  await node.start();
  return node;
}

/** A streaming replica of `primary` in `dir`: a base backup that writes its own standby.signal and
 * primary_conninfo (-R), then started as a hot standby on `port`. */
export async function startReplica(opts: { primary: PgNode; dir: string; port: number }): Promise<PgNode> {
  const dir = ownedDir(path.resolve(opts.dir));
  const data = path.join(dir, "data");
  await runAsService(
    path.join(PG15_BIN, "pg_basebackup"),
    [
      "-h",
      "127.0.0.1",
      "-p",
      String(opts.primary.port),
      "-U",
      SUPERUSER,
      "-D",
      data,
      "-R",
      "-X",
      "stream",
      "-c",
      "fast",
    ],
    { cwd: dir },
  );
  // The backup copied the primary's settings; the later lines win.
  appendFileSync(path.join(data, "postgresql.conf"), settings(opts.port, dir));
  ownedDir(dir);
  const node = makeNode("replica", dir, opts.port);
  await node.start();
  return node;
}

/** Waits until the replica has replayed everything the primary had written when this was called. */
export async function waitForReplay(primary: PgNode, replica: PgNode, timeoutMs = 30_000): Promise<void> {
  const p = new pg.Client({ connectionString: primary.superuserUrl("postgres") });
  await p.connect();
  let lsn: string;
  try {
    lsn = (await p.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")).rows[0]!.lsn;
  } finally {
    await p.end();
  }
  const r = new pg.Client({ connectionString: replica.superuserUrl("postgres") });
  await r.connect();
  try {
    await waitFor(
      `the replica to replay ${lsn}`,
      async () =>
        (
          await r.query<{ done: boolean }>("SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS done", [
            lsn,
          ])
        ).rows[0]!.done,
      timeoutMs,
    );
  } finally {
    await r.end();
  }
}
