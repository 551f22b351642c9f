// `npm run bench:pages`: Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and a 4x
// slower CPU, the tool's defaults) on six pages of the production build served on the embedded
// database with the demo workspace, three runs each, the median printed per page: the survey-taking
// page (an employee's link), the landing page (/landing, the same page as the root "/"), the demo
// dashboard (admin, with its team alerts), a new workspace's dashboard (its admin, with the setup
// checklist; the company signed up through the public API), Boss Bot (manager) and a 1:1 meeting
// (manager). Beside them: the load average and a trivial reference (GET /api/health's time and
// Lighthouse on a bare HTML page this script serves), so runs on different machines can be compared.
// Targets: survey, landing and both dashboards >= 95, Boss Bot and the 1:1 meeting >= 90.
// Chrome: /usr/bin/chromium (CHROME_PATH overrides). The server: scripts/start.ts (builds when the
// sources changed, seeds the demo once) on BENCH_PORT (default 3993) with its data in
// BENCH_DATA_DIR (default .data/bench-pages); NEXT_DIST_DIR is passed through. BENCH_EXISTING=1
// measures a server already started that way (scripts/start.ts with PORT and DATA_DIR) instead.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { hashToken } from "@/lib/auth/token-hash";
import { DEMO } from "../seed/demo-data";

const PORT = Number(process.env.BENCH_PORT ?? 3993);
const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, "../..");
const dataDir = path.resolve(root, process.env.BENCH_DATA_DIR ?? ".data/bench-pages");
const MAIN = `localhost:${PORT}`;
const WORKSPACE = `${DEMO.subdomain}.localhost:${PORT}`;
const PASSWORD = DEMO.password;
const ADMIN = DEMO.admin.email;
const MANAGER = `jordan.lee@${DEMO.subdomain}.com`;
const EMPLOYEE = `sam.carter@${DEMO.subdomain}.com`;

type Res = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A request to 127.0.0.1 with the URL's host in the Host header (no DNS for *.localhost needed). */
function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Res> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method ?? "GET",
        headers: {
          Host: u.host,
          ...opts.headers,
          ...(opts.body ? { "content-length": String(Buffer.byteLength(opts.body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on("error", reject);
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

const cookiesOf = (r: Res) => (r.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!);

/** Signs in through next-auth's credentials flow on the workspace and returns the Cookie header. */
async function signIn(email: string, workspace: string = WORKSPACE, password: string = PASSWORD): Promise<string> {
  const origin = `http://${workspace}`;
  const c = await request(`${origin}/api/auth/csrf`);
  const jar = cookiesOf(c);
  const { csrfToken } = JSON.parse(c.body) as { csrfToken: string };
  const body = new URLSearchParams({ csrfToken, email, password, json: "true" }).toString();
  const r = await request(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    body,
    headers: { cookie: jar.join("; "), "content-type": "application/x-www-form-urlencoded" },
  });
  const session = cookiesOf(r).find((s) => s.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`Signing in as ${email} failed (${r.status})`);
  return session;
}

/**
 * A new company signed up through the public API (no Stripe here, so no card step), as a customer
 * does on day one: its dashboard shows the setup checklist. Returns its host and the admin's cookie.
 */
async function newWorkspace(): Promise<{ host: string; cookie: string }> {
  const subdomain = `bench${randomBytes(4).toString("hex")}`;
  const email = `owner@${subdomain}.example.org`;
  const password = `Bench-${randomBytes(6).toString("hex")}-Aa1`;
  const body = JSON.stringify({
    firstName: "Dana",
    lastName: "Owner",
    workEmail: email,
    password,
    confirmPassword: password,
    companyName: "Bench Company",
    subdomain,
    companySize: "11-50",
    timeZone: "America/New_York",
  });
  const r = await request(`http://${MAIN}/api/signup/complete`, {
    method: "POST",
    body,
    headers: { "content-type": "application/json", origin: `http://${MAIN}` },
  });
  if (r.status !== 200 && r.status !== 201) throw new Error(`Signup failed (${r.status}): ${r.body}`);
  const host = `${subdomain}.${MAIN}`;
  return { host, cookie: await signIn(email, host, password) };
}

async function waitForServer(server: ChildProcess | null): Promise<void> {
  const deadline = Date.now() + 20 * 60_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error("The server exited before it answered");
    const ok = await request(`http://${MAIN}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("The server did not answer within 20 minutes");
}

/** An open survey (the demo's pulse questions) with a link for the employee; returns its address. */
async function surveyLink(owner: pg.Client): Promise<{ surveyPath: string; meetingPath: string }> {
  const org = (await owner.query(`SELECT id FROM "Organization" WHERE subdomain = $1`, [DEMO.subdomain])).rows[0] as {
    id: string;
  };
  const user = async (email: string) =>
    (
      (await owner.query(`SELECT id FROM "User" WHERE "organizationId" = $1 AND email = $2`, [org.id, email]))
        .rows[0] as { id: string }
    ).id;
  const employeeId = await user(EMPLOYEE);
  const managerId = await user(MANAGER);
  const last = (
    await owner.query(
      `SELECT id FROM "Survey" WHERE "organizationId" = $1 AND kind = 'pulse' ORDER BY "scheduledFor" DESC LIMIT 1`,
      [org.id],
    )
  ).rows[0] as { id: string } | undefined;
  const s = (
    await owner.query(
      `INSERT INTO "Survey" ("organizationId", id, kind, title, status, "scheduledFor", "sentAt", "closesAt", "minGroupSize", "invitedCount")
       VALUES ($1, gen_random_uuid(), 'custom', 'Page speed check', 'active', now(), now(), now() + interval '7 days', 3, 1) RETURNING id`,
      [org.id],
    )
  ).rows[0] as { id: string };
  if (last) {
    await owner.query(
      `INSERT INTO "SurveyQuestion" ("organizationId", id, "surveyId", "order", type, text, "isRequired")
       SELECT "organizationId", gen_random_uuid(), $2, "order", type, text, "isRequired" FROM "SurveyQuestion" WHERE "organizationId" = $1 AND "surveyId" = $3`,
      [org.id, s.id, last.id],
    );
  } else {
    await owner.query(
      `INSERT INTO "SurveyQuestion" ("organizationId", id, "surveyId", "order", type, text) VALUES ($1, gen_random_uuid(), $2, 1, 'scale', 'I know what is expected of me at work.')`,
      [org.id, s.id],
    );
  }
  const token = randomBytes(32).toString("base64url");
  await owner.query(
    `INSERT INTO "SurveyInvitation" ("organizationId", id, "surveyId", "userId", "tokenHash") VALUES ($1, gen_random_uuid(), $2, $3, $4)`,
    [org.id, s.id, employeeId, hashToken(token)],
  );
  const meeting = (
    await owner.query(
      `SELECT id FROM "Meeting" WHERE "organizationId" = $1 AND "managerId" = $2 ORDER BY ("status" = 'scheduled') DESC, "scheduledAt" LIMIT 1`,
      [org.id, managerId],
    )
  ).rows[0] as { id: string } | undefined;
  if (!meeting) throw new Error("The demo has no 1:1 meeting for its manager");
  return { surveyPath: `/surveys/${s.id}?token=${token}`, meetingPath: `/one-on-one/${meeting.id}` };
}

let bareServer: http.Server | undefined;
async function bareReferencePage(): Promise<{ url: string }> {
  const html =
    "<!doctype html><html lang=en><meta charset=utf-8><meta name=viewport content='width=device-width,initial-scale=1'><title>Reference</title><link rel=icon href=data:,><p>A bare page.</p></html>";
  bareServer = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html),
  );
  await new Promise<void>((resolve) => bareServer!.listen(0, "127.0.0.1", resolve));
  const { port } = bareServer.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/` };
}

type Figures = { score: number; lcp: number; tbt: number; fcp: number; cls: number; si: number; ttfb: number };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function measure(port: number, url: string, cookie: string | null): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < RUNS; i++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const a = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcp: a("largest-contentful-paint"),
      tbt: a("total-blocking-time"),
      fcp: a("first-contentful-paint"),
      cls: a("cumulative-layout-shift"),
      si: a("speed-index"),
      ttfb: a("server-response-time"),
    });
    if (process.env.BENCH_PAGES_VERBOSE === "1" && i === 0) {
      const opp = Object.values(lhr.audits)
        .filter(
          (x) =>
            x.score !== null &&
            x.score < 0.9 &&
            x.scoreDisplayMode !== "informative" &&
            x.scoreDisplayMode !== "notApplicable",
        )
        .map((x) => `    ${x.id}: ${x.displayValue ?? ""} ${x.score}`);
      // Which element was the largest paint, and when its phases ended (what to shorten).
      const lcpEl = JSON.stringify(lhr.audits["lcp-breakdown-insight"]?.details ?? null).slice(0, 1500);
      console.log(`  ${url}\n${opp.join("\n")}\n    largest paint: ${lcpEl}`);
    }
  }
  const pick = (k: keyof Figures) => median(runs.map((r) => r[k]));
  return {
    score: pick("score"),
    lcp: pick("lcp"),
    tbt: pick("tbt"),
    fcp: pick("fcp"),
    cls: pick("cls"),
    si: pick("si"),
    ttfb: pick("ttfb"),
  };
}

async function main(): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: "production" };
  delete env.DATABASE_URL; // the embedded database with the demo workspace
  // No Stripe stand-in: the new workspace below signs up without a card step, as a self-hosted one does.
  env.STRIPE_STANDIN = "0";
  const existing = process.env.BENCH_EXISTING === "1";
  const server: ChildProcess | null = existing
    ? null
    : spawn(process.execPath, ["--import", "tsx", path.join(root, "scripts", "start.ts")], {
        cwd: root,
        env,
        stdio: ["ignore", "ignore", "inherit"],
        detached: true,
      });
  const stopServer = () => {
    if (server?.exitCode === null && server.pid) process.kill(-server.pid, "SIGTERM");
  };
  process.on("SIGINT", () => {
    stopServer();
    process.exit(130);
  });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    console.log(`Starting the production server on ${MAIN} (builds first when the sources changed)...`);
    await waitForServer(server);
    const pgPort = readFileSync(path.join(dataDir, "pg-port"), "utf8").trim();
    const pgPassword = readFileSync(path.join(dataDir, "pg-superuser-password"), "utf8").trim();
    const owner = new pg.Client({
      connectionString: `postgresql://postgres:${encodeURIComponent(pgPassword)}@127.0.0.1:${pgPort}/pulsewell`,
    });
    await owner.connect();
    const { surveyPath, meetingPath } = await surveyLink(owner);
    await owner.end();
    const admin = await signIn(ADMIN);
    const manager = await signIn(MANAGER);
    const fresh = await newWorkspace();

    // The reference: a trivial route's time in this run (median of 20), on a warm server.
    const times: number[] = [];
    for (let i = 0; i < 25; i++) {
      const t = performance.now();
      await request(`http://${MAIN}/api/health`);
      if (i >= 5) times.push(performance.now() - t);
    }
    // A bare page served by this script: what Lighthouse reports for next to nothing on this machine.
    const reference = await bareReferencePage();
    const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
    if (!existsSync(chromePath)) throw new Error(`No Chrome at ${chromePath} (set CHROME_PATH)`);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox"] });
    const allPages: { name: string; target: number | null; url: string; cookie: string | null }[] = [
      { name: "Survey (employee link)", target: 95, url: `http://${WORKSPACE}${surveyPath}`, cookie: null },
      { name: "Landing page", target: 95, url: `http://${MAIN}/landing`, cookie: null },
      { name: "Dashboard (admin, team alerts)", target: 95, url: `http://${WORKSPACE}/`, cookie: admin },
      { name: "Dashboard (new workspace, checklist)", target: 95, url: `http://${fresh.host}/`, cookie: fresh.cookie },
      { name: "Boss Bot (manager)", target: 90, url: `http://${WORKSPACE}/ai-coach`, cookie: manager },
      { name: "1:1 meeting (manager)", target: 90, url: `http://${WORKSPACE}${meetingPath}`, cookie: manager },
      { name: "Reference: a bare HTML page", target: null, url: reference.url, cookie: null },
    ];
    // BENCH_PAGES_ONLY=<text>: only the pages whose name contains it (and the reference), to look at one.
    const only = process.env.BENCH_PAGES_ONLY?.toLowerCase();
    const pages = only ? allPages.filter((p) => p.target === null || p.name.toLowerCase().includes(only)) : allPages;
    // Warm each page once (the first request of a route compiles nothing in production, but fills caches).
    for (const p of pages) await request(p.url, { headers: p.cookie ? { cookie: p.cookie } : {} });
    const load = () =>
      os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ");
    const loadBefore = load();
    const rows: string[] = [];
    const ms = (x: number) => `${Math.round(x)} ms`;
    const s = (x: number) => `${(x / 1000).toFixed(1)} s`;
    for (const p of pages) {
      const f = await measure(chrome.port, p.url, p.cookie);
      const row = `| ${p.name} | ${f.score} | ${p.target === null ? "–" : `${f.score >= p.target ? "met" : "missed"} (≥${p.target})`} | ${s(f.lcp)} | ${ms(f.tbt)} | ${s(f.fcp)} | ${f.cls.toFixed(3)} | ${s(f.si)} | ${ms(f.ttfb)} |`;
      console.log(row);
      rows.push(row);
    }
    console.log(
      [
        "",
        `Lighthouse ${(JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version}, mobile preset, simulated throttling, median of ${RUNS} runs per page (${new Date().toISOString().slice(0, 10)}).`,
        `| Page | Score | Target | LCP | TBT | FCP | CLS | Speed Index | Server response |`,
        `|---|---|---|---|---|---|---|---|---|`,
        ...rows,
        "",
        `Load average (1, 5, 15 min) before: ${loadBefore}; after: ${load()}; ${os.cpus().length} CPUs.`,
        `Reference: GET /api/health p50 ${median(times).toFixed(1)} ms on this machine in this run.`,
      ].join("\n"),
    );
  } finally {
    chrome?.kill();
    bareServer?.close();
    stopServer();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
