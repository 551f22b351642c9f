// PostgreSQL and PgBouncer refuse to run as root. When the tests run as root (CI containers), the
// cluster's servers run as the `postgres` user that Debian's postgresql package creates, and the
// folders they write are handed to it; as anyone else they run as the current user.
import { execFileSync, spawn, type ChildProcess, type SpawnOptions } from "node:child_process";
import { chownSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import net from "node:net";
import path from "node:path";

type ServiceUser = { uid: number; gid: number } | null;

let cached: ServiceUser | undefined;

/** The uid/gid the servers run as, or null to run them as ourselves. */
function serviceUser(): ServiceUser {
  if (cached !== undefined) return cached;
  if (process.getuid?.() !== 0) return (cached = null);
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return (cached = { uid, gid });
  } catch {
    throw new Error(
      "Running as root needs a `postgres` user to run the servers as (Debian's postgresql-15 creates it).",
    );
  }
}

/** Creates `dir` (and parents) and gives it, recursively, to the service user. */
export function ownedDir(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const user = serviceUser();
  if (user) chownTree(dir, user.uid, user.gid);
  return dir;
}

function chownTree(p: string, uid: number, gid: number): void {
  chownSync(p, uid, gid);
  if (statSync(p).isDirectory()) for (const e of readdirSync(p)) chownTree(path.join(p, e), uid, gid);
}

/** spawn() as the service user. */
export function spawnAsService(cmd: string, args: string[], opts: SpawnOptions = {}): ChildProcess {
  const user = serviceUser();
  return spawn(cmd, args, { ...opts, ...(user ? { uid: user.uid, gid: user.gid } : {}) });
}

/** Runs a command as the service user to its end; rejects with its output when it fails. */
export function runAsService(cmd: string, args: string[], opts: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnAsService(cmd, args, { ...opts, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`${path.basename(cmd)} ${args.join(" ")} failed (${code}):\n${out}`)),
    );
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The direct children of a process (from /proc), so a kill -9 can take a server's own processes. */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const e of readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, "utf8");
      // The command name is in parentheses and may hold spaces: the parent pid follows it.
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(e));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host: "127.0.0.1", port });
    s.once("connect", () => {
      s.destroy();
      resolve(true);
    });
    s.once("error", () => resolve(false));
  });
}
