// The app's processes in the cluster: web instances (scripts/serve.mjs, the production server behind
// the balancer) and job workers (scripts/worker.ts, what `npm run worker` runs). Each is a child
// process of ours with its log in a file, that can be killed (any signal) and started again.
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { waitFor } from "./service-user";

const root = path.resolve(import.meta.dirname, "../..");
// What scripts/serve.mjs and scripts/worker.ts print once they serve.
const READY_LINE = /Ready on port|worker running/;

export type Proc = {
  name: string;
  /** The current process's pid (a restart changes it), or null while it is not running. */
  readonly pid: number | null;
  logFile: string;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
  /** Stops it (SIGTERM, then SIGKILL after 15 s) if it runs, starts it again and waits until ready. */
  restart: () => Promise<void>;
  waitReady: (timeoutMs?: number) => Promise<void>;
  running: () => boolean;
};

export type Instance = Proc & { port: number; url: string };

type Spec = {
  name: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  logFile: string;
  ready: (p: ChildProcess) => Promise<boolean>;
};

function supervise(spec: Spec): Proc {
  let child: ChildProcess | null = null;
  let logOffset = 0;
  const launch = () => {
    mkdirSync(path.dirname(spec.logFile), { recursive: true });
    const fd = openSync(spec.logFile, "a");
    logOffset = statSync(spec.logFile).size;
    child = spawn(process.execPath, spec.args, { cwd: root, env: spec.env, stdio: ["ignore", fd, fd] });
    // Next to the log: a run that was itself killed leaves its processes behind, and the next
    // start in this folder stops them (stopLeftovers in cluster.ts).
    if (child.pid) writeFileSync(path.join(path.dirname(spec.logFile), "pid"), String(child.pid));
    closeSync(fd);
  };
  /** Whether this run of the process has logged its ready line. */
  const loggedReady = () => READY_LINE.test(readFileSync(spec.logFile).subarray(logOffset).toString());
  const running = () => !!child && child.exitCode === null && child.signalCode === null;
  const kill = async (signal: NodeJS.Signals = "SIGTERM") => {
    const c = child;
    if (!c || !running()) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill(signal);
    if (signal === "SIGKILL") return void (await exited);
    const timer = setTimeout(() => c.kill("SIGKILL"), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const waitReady = async (timeoutMs = 60_000) => {
    await waitFor(
      `${spec.name} to be ready`,
      async () => {
        const c = child;
        if (!c || !running())
          throw new Error(`${spec.name} exited (${c?.exitCode ?? c?.signalCode}); see ${spec.logFile}`);
        return loggedReady() && (await spec.ready(c));
      },
      timeoutMs,
    );
  };
  launch();
  return {
    name: spec.name,
    get pid() {
      return running() ? (child?.pid ?? null) : null;
    },
    logFile: spec.logFile,
    kill,
    restart: async () => {
      await kill("SIGTERM");
      launch();
      await waitReady();
    },
    waitReady,
    running,
  };
}

/** A web instance listening on 127.0.0.1:`port` only, trusting X-Forwarded-* from 127.0.0.1 (the
 * balancer on this machine) only, without in-process jobs (the workers run them). Not waited for:
 * call waitReady(). */
export function startInstance(opts: {
  name?: string;
  port: number;
  env: NodeJS.ProcessEnv;
  logFile: string;
}): Instance {
  const url = `http://127.0.0.1:${opts.port}`;
  const proc = supervise({
    name: opts.name ?? `instance :${opts.port}`,
    args: [path.join(root, "scripts", "serve.mjs")],
    env: {
      ...opts.env,
      PORT: String(opts.port),
      BIND_ADDRESS: "127.0.0.1",
      TRUST_PROXY: "127.0.0.1",
      JOBS_IN_PROCESS: "0",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    logFile: opts.logFile,
    ready: async () => {
      try {
        const r = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) });
        await r.body?.cancel();
        return r.ok;
      } catch {
        return false;
      }
    },
  });
  return Object.assign(proc, { port: opts.port, url });
}

/** A job worker (`npm run worker`'s entry). Ready once it has registered its queues. */
export function startWorker(opts: { name?: string; env: NodeJS.ProcessEnv; logFile: string }): Proc {
  return supervise({
    name: opts.name ?? "worker",
    args: ["--import", "tsx", "--conditions=react-server", path.join(root, "scripts", "worker.ts")],
    env: { ...opts.env, JOBS_IN_PROCESS: "0", NODE_ENV: "production" },
    logFile: opts.logFile,
    ready: async () => true,
  });
}
