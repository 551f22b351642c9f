// PgBouncer (Debian's pgbouncer package) in transaction mode in front of a PostgreSQL node, rendered
// from deploy/pgbouncer/pgbouncer.ini: the deployed configuration with this machine's addresses,
// files and databases in place of the production ones.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { listening, ownedDir, spawnAsService, waitFor } from "./service-user";

const PGBOUNCER_BIN = process.env.PGBOUNCER_BIN || "/usr/sbin/pgbouncer";
const TEMPLATE = path.resolve(import.meta.dirname, "../../deploy/pgbouncer/pgbouncer.ini");

export function pgbouncerAvailable(): boolean {
  return existsSync(PGBOUNCER_BIN);
}

export type PgBouncer = {
  port: number;
  dir: string;
  url: (database: string, user: string, password: string) => string;
  /** Starts it again after stop() or kill9(). */
  start: () => Promise<void>;
  stop: () => Promise<void>;
  kill9: () => Promise<void>;
  pid: () => number | null;
};

/**
 * The template with `[pgbouncer]` keys replaced (or added) and the `[databases]` section replaced.
 * Comments and the other settings stay as deployed.
 */
function renderIni(template: string, settings: Record<string, string>, databases: Record<string, string>): string {
  const out: string[] = [];
  let section = "";
  const pending = new Map(Object.entries(settings));
  const flushPending = () => {
    for (const [k, v] of pending) out.push(`${k} = ${v}`);
    pending.clear();
  };
  for (const line of template.split("\n")) {
    const header = /^\s*\[(\w+)\]\s*$/.exec(line);
    if (header) {
      if (section === "pgbouncer") flushPending();
      section = header[1]!;
      out.push(line);
      if (section === "databases") for (const [name, conn] of Object.entries(databases)) out.push(`${name} = ${conn}`);
      continue;
    }
    const kv = /^\s*([a-z_]+)\s*=/.exec(line);
    if (section === "databases" && kv) continue;
    if (section === "pgbouncer" && kv && pending.has(kv[1]!)) {
      out.push(`${kv[1]} = ${pending.get(kv[1]!)}`);
      pending.delete(kv[1]!);
      continue;
    }
    out.push(line);
  }
  if (section === "pgbouncer") flushPending();
  return out.join("\n");
}

/**
 * PgBouncer on 127.0.0.1:`port` for `databases` on `target`. `users` are the logins clients may use
 * (name -> password, written to its userlist); the server side authenticates as the same user.
 */
export async function startPgBouncer(opts: {
  dir: string;
  port: number;
  target: { host: string; port: number };
  databases: string[];
  users: Record<string, string>;
  settings?: Record<string, string>;
}): Promise<PgBouncer> {
  const dir = ownedDir(path.resolve(opts.dir));
  const ini = path.join(dir, "pgbouncer.ini");
  const userlist = path.join(dir, "userlist.txt");
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  writeFileSync(
    userlist,
    Object.entries(opts.users)
      .map(([u, p]) => `${quote(u)} ${quote(p)}`)
      .join("\n") + "\n",
    {
      mode: 0o600,
    },
  );
  const databases = Object.fromEntries(
    opts.databases.map((d) => [d, `host=${opts.target.host} port=${opts.target.port} dbname=${d}`]),
  );
  writeFileSync(
    ini,
    renderIni(
      readFileSync(TEMPLATE, "utf8"),
      {
        listen_addr: "127.0.0.1",
        listen_port: String(opts.port),
        unix_socket_dir: dir,
        auth_file: userlist,
        logfile: path.join(dir, "pgbouncer.log"),
        pidfile: path.join(dir, "pgbouncer.pid"),
        ...opts.settings,
      },
      databases,
    ),
  );
  ownedDir(dir);

  let child: ChildProcess | null = null;
  const start = async () => {
    if (child && child.exitCode === null) return;
    // In the foreground (no -d): it is our child, and dies with a kill of its pid.
    const c = spawnAsService(PGBOUNCER_BIN, [ini], { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
    let err = "";
    c.stderr?.on("data", (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    child = c;
    await waitFor(
      `PgBouncer on port ${opts.port}`,
      () => {
        if (c.exitCode !== null) throw new Error(`PgBouncer exited (${c.exitCode}): ${err}`);
        return listening(opts.port);
      },
      30_000,
    );
  };
  const signalAndWait = async (signal: NodeJS.Signals) => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill(signal);
    await exited;
  };
  await start();
  return {
    port: opts.port,
    dir,
    url: (database, user, password) =>
      `postgresql://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${opts.port}/${encodeURIComponent(database)}`,
    start,
    // SIGTERM: its immediate shutdown (1.18), closing the client and server connections.
    stop: () => signalAndWait("SIGTERM"),
    kill9: () => signalAndWait("SIGKILL"),
    pid: () => (child && child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null),
  };
}
