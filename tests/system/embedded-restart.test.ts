// `npm start` on its embedded PostgreSQL when the database dies: the process stays alive (liveness
// 200), says it cannot serve (readiness 503), data routes answer 503 with Retry-After and a problem
// document (never 500), start.ts starts PostgreSQL again, and the same Node server serves data again
// with the sessions intact, without a restart. Needs only the production build.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, request, type HttpResponse } from "./support/http";
import { DEMO } from "../../scripts/seed/demo-data";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = 4201;
const PG_PORT = 4202;
// Long enough to look at the app while the database is down; the default is 0.5 s.
const RESTART_DELAY_MS = 3_000;
const host = `${DEMO.subdomain}.localhost:${PORT}`;
// A signed-in read of the workspace's data.
const DATA_ROUTE = "/api/one-on-one-templates";

let dir: string;
let start: ChildProcess;
let output = "";
/** When each line of start.ts's output arrived, to time the restart. */
const lines: { at: number; text: string }[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function get(path: string, cookie?: string): Promise<HttpResponse> {
  return request({ port: PORT, host, path, cookie });
}

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s\n${output.slice(-3000)}`);
    await sleep(100);
  }
}

/** The node process start.ts runs the web server in (scripts/serve.mjs), by its parent. */
function serverPid(): number | undefined {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid !== start.pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("serve.mjs")) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}

const postmasterPid = () => Number(readFileSync(path.join(dir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

async function signIn(): Promise<string> {
  const csrf = await get("/api/auth/csrf");
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const res = await request({
    port: PORT,
    host,
    path: "/api/auth/callback/credentials",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email: DEMO.admin.email, password: DEMO.password, json: "true" }).toString(),
    cookie: cookiesFrom(csrf).join("; "),
  });
  const session = cookiesFrom(res).find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`Sign-in failed: ${res.status} ${res.body.slice(0, 200)}`);
  return session;
}

function expectOutage(res: HttpResponse): void {
  expect(res.status).toBe(503);
  expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  expect(res.headers["content-type"]).toContain("application/problem+json");
  expect(res.json()).toMatchObject({ status: 503, code: "database_unavailable" });
}

describe("npm start when its embedded PostgreSQL is killed", () => {
  beforeAll(async () => {
    dir = mkdtempSync("/tmp/pw-b-embedded-");
    chmodSync(dir, 0o755); // initdb runs as the postgres user when the tests run as root
    // Its own embedded database: no server named from outside.
    const inherited = { ...process.env };
    delete inherited.DATABASE_URL;
    delete inherited.DATABASE_APP_URL;
    start = spawn(process.execPath, ["--import", "tsx", path.join(ROOT, "scripts/start.ts")], {
      cwd: ROOT,
      env: {
        ...inherited,
        PORT: String(PORT),
        EMBEDDED_PG_PORT: String(PG_PORT),
        DATA_DIR: dir,
        STRIPE_STANDIN: "0",
        EMBEDDED_PG_RESTART_DELAY_MS: String(RESTART_DELAY_MS),
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
        // The suite's global setup built it: start.ts must not build again.
        SYSTEM_REUSE_BUILD: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const collect = (chunk: Buffer) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      for (const line of text.split("\n")) if (line.trim()) lines.push({ at: Date.now(), text: line });
    };
    start.stdout?.on("data", collect);
    start.stderr?.on("data", collect);
    // The first start creates the database and the demo workspace with its history.
    await until("ready", async () => (await get("/api/ready")).status === 200, 280_000);
  }, 300_000);

  afterAll(async () => {
    if (start && start.exitCode === null) {
      const exited = new Promise((r) => start.once("exit", r));
      start.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000)]);
    }
    if (dir && existsSync(dir)) rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it("answers 503 with Retry-After while the database is down and recovers without a restart", async () => {
    const cookie = await signIn();
    const before = await get(DATA_ROUTE, cookie);
    expect(before.status).toBe(200);
    const ready = await get("/api/ready");
    expect(ready.json()).toMatchObject({ status: "ready" });
    const node = serverPid();
    expect(node).toBeGreaterThan(0);
    // A successful readiness probe stands for 1 s (lib/health/readiness.ts): the kill comes after
    // it, so the probe below asks the dead database.
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    const killedAt = Date.now();
    process.kill(postmasterPid(), "SIGKILL");

    const [health, notReady, users] = await Promise.all([
      get("/api/health"),
      get("/api/ready"),
      get(DATA_ROUTE, cookie),
    ]);
    const probedIn = Date.now() - killedAt;
    // The three answers came while PostgreSQL was still down (its restart waits RESTART_DELAY_MS).
    expect(probedIn).toBeLessThan(RESTART_DELAY_MS);
    expect(health.status).toBe(200);
    expectOutage(notReady);
    expectOutage(users);
    // A page: the error view, calm, with Try again (the status is Next's own for a failed render).
    const page = await get("/dashboard", cookie);
    expect(page.status).toBeGreaterThanOrEqual(500);
    expect(page.body).not.toContain("ECONNREFUSED");

    const back = await until(
      "data again",
      async () => ((await get(DATA_ROUTE, cookie)).status === 200 ? Date.now() : null),
      60_000,
    );
    const restartLine = lines.find((l) => l.at >= killedAt && /PostgreSQL \(embedded\) restarted on/.test(l.text));
    expect(output).toMatch(/PostgreSQL \(embedded, pid \d+\) stopped unexpectedly \(killed by SIGKILL\)/);
    expect(restartLine?.text).toContain(`127.0.0.1:${PG_PORT}`);
    expect((await get("/api/ready")).status).toBe(200);
    expect((await get("/api/health")).status).toBe(200);
    // The same Node server, the same session: nothing but PostgreSQL was restarted.
    expect(serverPid()).toBe(node);
    expect(start.exitCode).toBeNull();

    for (const l of lines) if (l.at >= killedAt && l.text.includes("[postgres]")) console.log(l.text);
    const total = (back - killedAt) / 1000;
    const appLag = restartLine ? (back - restartLine.at) / 1000 : NaN;
    console.log(
      `[embedded-restart] data routes answered again ${total.toFixed(1)} s after kill -9 ` +
        `(${(RESTART_DELAY_MS / 1000).toFixed(1)} s of it the configured wait before restarting; default 0.5 s): ` +
        `PostgreSQL restarted ${restartLine ? ((restartLine.at - killedAt - RESTART_DELAY_MS) / 1000).toFixed(1) : "?"} s after the wait, ` +
        `the app served data ${appLag.toFixed(1)} s after the restart`,
    );
  }, 120_000);
});
