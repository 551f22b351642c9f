// `npm run bench:forgot-password`: does 'forgot password' answer as fast for an unknown address as
// for a known one? Calls the workspace's forgot-password server action the way its form does in
// the browser (POST with the action's id, the form's fields encoded as React sends them) on the
// built app (`next start`, jobs in process as by default) against a
// throwaway embedded PostgreSQL, alternating known and unknown addresses, and prints the median and
// p95 of each and their difference. For comparison it also times, in this process, the work the
// job does afterwards (look-up, token, outbox mail), which the request used to do itself.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { spawn } from "node:child_process";
import http from "node:http";
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { ensureBuilt } from "../lib/build-freshness";
import { withBenchDatabase } from "./bench-db";
import { percentiles } from "./http-load";

const PORT = Number(process.env.BENCH_PORT ?? 3991);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 20;
const root = path.resolve(import.meta.dirname, "../..");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`.padStart(9);

type Sent = { status: number; ms: number; body: string };

/** One HTTP request to the app on 127.0.0.1 with a workspace Host (Node cannot resolve *.localhost). */
function send(
  host: string,
  method: string,
  urlPath: string,
  headers: Record<string, string> = {},
  body?: Buffer,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const req = http.request(
      {
        host: "127.0.0.1",
        port: PORT,
        path: urlPath,
        method,
        headers: { host, ...headers, ...(body ? { "content-length": String(body.length) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      },
    );
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

/** The id under which the build serves an exported server action (the build's action manifest). */
function actionId(file: string, exportedName: string): string {
  const manifestPath = path.join(
    root,
    process.env.NEXT_DIST_DIR || ".next",
    "server",
    "server-reference-manifest.json",
  );
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
    node: Record<string, { filename?: string; exportedName?: string }>;
  };
  const id = Object.entries(manifest.node).find(([, v]) => v.filename === file && v.exportedName === exportedName)?.[0];
  if (!id) throw new Error(`no server action ${exportedName} of ${file} in ${manifestPath}`);
  return id;
}

function multipart(fields: [string, string][]): { body: Buffer; type: string } {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const parts = fields.map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return {
    body: Buffer.from(`${parts.join("")}--${boundary}--\r\n`),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

async function main(): Promise<void> {
  ensureBuilt(root);
  await withBenchDatabase(async ({ workspace, ownerUrl, appUrl, authSecret, dataDir }) => {
    const ws = await workspace("forgot");
    const owner = new pg.Client({ connectionString: ownerUrl });
    owner.on("error", () => {});
    await owner.connect();
    const { rows } = await owner.query<{ subdomain: string }>(`SELECT subdomain FROM "Organization" WHERE id = $1`, [
      ws.ctx.orgId,
    ]);
    const subdomain = rows[0]!.subdomain;
    // One account per known request, so every job does the whole work (the per-account cap of five
    // mails an hour would otherwise make later ones cheaper).
    const people = RUNS * 2 + WARMUP * 2 + 10;
    await owner.query(
      `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "updatedAt")
       SELECT $1, gen_random_uuid(), 'Person', 'Number ' || k, 'person' || k || '@forgot.example', 'employee', now() FROM generate_series(1, $2) k`,
      [ws.ctx.orgId, people],
    );
    let nextKnown = 0;
    const known = () => `person${++nextKnown}@forgot.example`;
    const unknown = () => `nobody-${randomBytes(6).toString("hex")}@forgot.example`;

    const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(PORT)], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(PORT),
        ROOT_DOMAIN: "localhost",
        DATABASE_APP_URL: appUrl,
        AUTH_SECRET: authSecret,
        DATA_DIR: dataDir,
        JOBS_IN_PROCESS: "1",
      },
    });
    try {
      const host = `${subdomain}.localhost:${PORT}`;
      let page: Sent | undefined;
      for (let i = 0; ; i++) {
        page = await send(host, "GET", "/forgot-password").catch(() => undefined);
        if (page?.status === 200) break;
        if (i > 120) throw new Error("the app did not start");
        await new Promise((r) => setTimeout(r, 500));
      }
      if (!page) throw new Error("the app did not start");
      const id = actionId("lib/auth/password-reset-action.ts", "requestResetAction");
      // `next start` keeps a client's X-Forwarded-For, so each request comes from an address of
      // its own: the benchmark measures the answer, not the rate limit (60 per 10 minutes).
      let client = 0;
      const post = async (email: string): Promise<Sent> => {
        // React's encoding of action(idleState, formData), as the browser sends it: the FormData's
        // entries under "_1_", the arguments as JSON in "0" with "$K1" standing for the FormData.
        const { body, type } = multipart([
          ["_1_email", email],
          ["0", JSON.stringify([{ status: "idle" }, "$K1"])],
        ]);
        client++;
        const headers = {
          "content-type": type,
          origin: `http://${host}`,
          accept: "text/x-component",
          "next-action": id,
          "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
        };
        const r = await send(host, "POST", "/forgot-password", headers, body);
        if (r.status !== 200 || !r.body.includes("If an account exists"))
          throw new Error(`forgot-password answered ${r.status}: ${r.body.slice(0, 300)}`);
        return r;
      };

      for (let i = 0; i < WARMUP; i++) {
        await post(known());
        await post(unknown());
      }
      const times = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        // Alternating, and which goes first alternates too, so drift hits both alike.
        const order = i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
        for (const kind of order) times[kind].push((await post(kind === "known" ? known() : unknown())).ms);
      }

      // The job's work, timed in this process: what the request did before it only queued a job.
      const { mailPasswordReset } = await import("@/lib/auth/password-reset");
      const tenant = { orgId: ws.ctx.orgId, subdomain };
      const jobTimes = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < Math.min(RUNS, 100) + 5; i++) {
        for (const kind of ["known", "unknown"] as const) {
          const t = performance.now();
          await mailPasswordReset(tenant, kind === "known" ? known() : unknown());
          if (i >= 5) jobTimes[kind].push(performance.now() - t);
        }
      }

      const line = (label: string, ms: number[]) => {
        const p = percentiles(ms);
        return { text: `  ${label.padEnd(34)} median ${fmt(p.p50)}   p95 ${fmt(p.p95)}   (${ms.length} runs)`, p };
      };
      const k = line("known address", times.known);
      const u = line("unknown address", times.unknown);
      const jk = line("known address", jobTimes.known);
      const ju = line("unknown address", jobTimes.unknown);
      console.log(
        [
          "",
          `Forgot password, the form's server action over HTTP (next start, one instance):`,
          k.text,
          u.text,
          `  difference (known - unknown)       median ${fmt(k.p.p50 - u.p.p50)}   p95 ${fmt(k.p.p95 - u.p.p95)}`,
          `The job's work afterwards (look-up, token and outbox mail; no longer in the request):`,
          jk.text,
          ju.text,
          `  difference (known - unknown)       median ${fmt(jk.p.p50 - ju.p.p50)}   p95 ${fmt(jk.p.p95 - ju.p.p95)}`,
        ].join("\n"),
      );
    } finally {
      server.kill("SIGTERM");
      await owner.end();
    }
  });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
