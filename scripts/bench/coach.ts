// `npm run bench:coach`: Boss Bot's built-in coach through the built app (`next start`) against a
// throwaway embedded PostgreSQL, with 2,000 leadership library items in one organisation (plus the
// built-in library). Prints the first-token time of POST /api/ai-coach/stream (request sent to the
// first text-delta of the UI message stream; target p95 < 300 ms), the retrieval time the route
// reports in its Server-Timing header (target p95 < 50 ms), the whole reply, and a trivial route
// (GET /api/health) measured the same way in the same run. No AI endpoint: AI_* are unset.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { formatNumber } from "@/lib/format";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import pg from "pg";
import { ensureBuilt } from "../lib/build-freshness";
import { withBenchDatabase } from "./bench-db";
import { client, percentiles } from "./http-load";
import { BUILTIN_LIBRARY, builtinMarkdown } from "@/lib/library/builtin";
import { vaultSessionCookie } from "./vault-session";
import { readBuiltinVectorsFile } from "@/lib/library/semantic/builtin-vectors";
import { orgItemSections, sectionHash } from "@/lib/library/semantic/sections";
import { fromBase64 } from "@/lib/library/semantic/vector-codec";
import { readFileSync } from "node:fs";

const ITEMS = Number(process.env.BENCH_LIBRARY_ITEMS ?? 2000);
const PORT = Number(process.env.BENCH_PORT ?? 3990);
const RUNS = Number(process.env.BENCH_COACH_RUNS ?? 200);
// 30 messages per person per 10 minutes: the runs are spread over enough managers.
const PER_USER = 25;
const root = path.resolve(import.meta.dirname, "../..");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

const QUESTIONS = [
  "How do I handle a disengaged report who has stopped contributing?",
  "What should I say when giving critical feedback to a senior engineer?",
  "How can I delegate more without losing quality?",
  "Two people on my team are in conflict, how do I mediate?",
  "How do I talk to someone who keeps missing deadlines?",
  "How do I motivate my team after a reorganisation?",
  "What is a good structure for weekly one-on-ones?",
  "How do I support someone showing signs of burnout?",
  "How do I say no to my boss about more scope?",
  "How do I recognise good work without favouritism?",
];

function pick<T>(xs: readonly T[], i: number): T {
  return xs[i % xs.length]!;
}

// Library items as long as real ones: the built-in texts (2-4 KB each) under titles of their own.
// Long items are the expensive case for ranking (an earlier version with two-sentence items
// measured a third of the retrieval time this does).
function itemText(i: number): { title: string; content: string; tags: string[]; type: string; category: string } {
  const b = pick(BUILTIN_LIBRARY, i);
  return {
    title: `${b.title} (team note ${i})`,
    content: builtinMarkdown(b),
    tags: b.tags,
    type: b.contentType,
    category: b.category,
  };
}

type Streamed = { status: number; firstToken: number | null; total: number; retrieval: number | null; text: string };

/** POSTs to the stream route and times the first text-delta chunk. */
function streamOnce(port: number, host: string, cookie: string, message: string): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify({ message });
    const t = performance.now();
    let firstToken: number | null = null;
    let buf = "";
    let text = "";
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/ai-coach/stream",
        method: "POST",
        headers: {
          host,
          origin: `http://${host}`,
          cookie,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
        },
      },
      (res) => {
        const timing = /retrieval;dur=([\d.]+)/.exec(String(res.headers["server-timing"] ?? ""));
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          buf += chunk;
          let nl: number;
          while ((nl = buf.indexOf("\n\n")) >= 0) {
            const event = buf.slice(0, nl);
            buf = buf.slice(nl + 2);
            const data = event.replace(/^data: /, "");
            if (!data.startsWith("{")) continue;
            const part = JSON.parse(data) as { type: string; delta?: string };
            if (part.type === "text-delta") {
              firstToken ??= performance.now() - t;
              text += part.delta ?? "";
            }
          }
        });
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            firstToken,
            total: performance.now() - t,
            retrieval: timing ? Number(timing[1]) : null,
            text,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function main(): Promise<void> {
  ensureBuilt(root);
  await withBenchDatabase(async ({ ownerUrl, appUrl, authSecret, dataDir }) => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    owner.on("error", () => {});
    await owner.connect();
    const orgId = randomUUID();
    const subdomain = `bench${randomBytes(3).toString("hex")}`;
    await owner.query(
      `INSERT INTO "Organization" (id, name, subdomain, "maxUsers", "minGroupSize", "updatedAt") VALUES ($1, 'Bench Co', $2, 1000, 3, now())`,
      [orgId, subdomain],
    );
    const users = Math.ceil(RUNS / PER_USER) + 1;
    const userIds = Array.from({ length: users }, () => randomUUID());
    await owner.query(
      `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "updatedAt")
       SELECT $1, u, 'Bench', 'Manager', 'm' || i || '@bench.example', 'admin', now() FROM unnest($2::uuid[]) WITH ORDINALITY AS v(u, i)`,
      [orgId, userIds],
    );
    const t = performance.now();
    const rows = Array.from({ length: ITEMS }, (_, i) => ({ ...itemText(i), priority: 1 + (i % 5) }));
    await owner.query(
      `INSERT INTO "LeadershipContent" ("organizationId", id, title, content, "contentType", category, tags, priority, "updatedAt")
       SELECT $1, gen_random_uuid(), v.title, v.content, v.type::"ContentType", v.category::"ContentCategory",
              ARRAY(SELECT json_array_elements_text(v.tags::json)), v.priority, now()
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[]) AS v(title, content, type, category, tags, priority)`,
      [
        orgId,
        rows.map((r) => r.title),
        rows.map((r) => r.content),
        rows.map((r) => r.type),
        rows.map((r) => r.category),
        rows.map((r) => JSON.stringify(r.tags)),
        rows.map((r) => r.priority),
      ],
    );
    // Their sentence vectors, as the embedding job would leave them: one row per section. The values
    // are the built-in sections' own (embedding 2,000 items here would take minutes of CPU and
    // change nothing the timing depends on: row count, bytes, and the scan).
    const shipped = Object.values(readBuiltinVectorsFile().vectors).map(fromBase64);
    const items = (
      await owner.query<{ id: string; title: string; content: string; tags: string[] }>(
        `SELECT id, title, content, tags FROM "LeadershipContent" WHERE "organizationId" = $1`,
        [orgId],
      )
    ).rows;
    const vec = {
      content: [] as string[],
      section: [] as number[],
      hash: [] as string[],
      scale: [] as number[],
      vector: [] as Buffer[],
    };
    let k = 0;
    for (const item of items) {
      orgItemSections(item).forEach((text, section) => {
        const v = shipped[k++ % shipped.length]!;
        vec.content.push(item.id);
        vec.section.push(section);
        vec.hash.push(sectionHash(text));
        vec.scale.push(v.scale);
        vec.vector.push(Buffer.from(v.bytes));
      });
    }
    await owner.query(
      `INSERT INTO "LibraryEmbedding" ("organizationId", "contentId", section, "textHash", scale, vector, "embeddedAt")
       SELECT $1, x.c, x.s, x.h, x.sc, x.v, lc."updatedAt"
         FROM unnest($2::uuid[], $3::int[], $4::text[], $5::real[], $6::bytea[]) AS x(c, s, h, sc, v)
         JOIN "LeadershipContent" lc ON lc."organizationId" = $1 AND lc.id = x.c`,
      [orgId, vec.content, vec.section, vec.hash, vec.scale, vec.vector],
    );
    console.log(`  with ${formatNumber(vec.content.length)} section vectors`);
    await owner.query(`ANALYZE "LeadershipContent"`);
    await owner.query(`ANALYZE "LibraryEmbedding"`);
    const builtins = Number((await owner.query(`SELECT count(*) AS n FROM "BuiltinContent"`)).rows[0].n);
    console.log(
      `Seeded ${ITEMS} library items in ${((performance.now() - t) / 1000).toFixed(1)} s (${builtins} built-in items); starting the app...`,
    );

    // Each manager signed in with their personal vault open, as a sign-in leaves them.
    const cookies: string[] = [];
    for (const userId of userIds) cookies.push(await vaultSessionCookie(owner, orgId, userId, authSecret));
    const host = `${subdomain}.localhost:${PORT}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      ROOT_DOMAIN: "localhost",
      DATABASE_APP_URL: appUrl,
      AUTH_SECRET: authSecret,
      DATA_DIR: dataDir,
      JOBS_IN_PROCESS: "0",
    };
    for (const k of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"]) delete env[k];
    const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(PORT)], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
    try {
      const anon = client(PORT, host);
      for (let i = 0; ; i++) {
        if ((await anon("GET", "/login").catch(() => ({ status: 0 }))).status === 200) break;
        if (i > 120) throw new Error("the app did not start");
        await new Promise((r) => setTimeout(r, 500));
      }
      console.log("The app answers; measuring...");

      const trivial: number[] = [];
      for (let i = 0; i < 10; i++) await anon("GET", "/api/health");
      for (let i = 0; i < RUNS; i++) {
        const r = await anon("GET", "/api/health");
        if (r.status !== 200) throw new Error(`GET /api/health: ${r.status}`);
        trivial.push(r.ms);
      }

      // Memory and the first question's cost: the sentence encoder starts with the server
      // (instrumentation.ts), the organisation's vectors load on its first question.
      const rss = () =>
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
      await new Promise((r) => setTimeout(r, 3000));
      const rssStarted = rss();
      const warm = cookies.at(-1)!;
      const cold = await streamOnce(PORT, host, warm, pick(QUESTIONS, 0));
      // Warm-up on the last user (compiles nothing, but fills caches and pools).
      for (let i = 1; i < 5; i++) await streamOnce(PORT, host, warm, pick(QUESTIONS, i));

      const first: number[] = [];
      const total: number[] = [];
      const retrieval: number[] = [];
      let cited = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await streamOnce(PORT, host, cookies[Math.floor(i / PER_USER)]!, pick(QUESTIONS, i));
        if (r.status !== 200 || r.firstToken === null) throw new Error(`POST /api/ai-coach/stream: ${r.status}`);
        first.push(r.firstToken);
        total.push(r.total);
        if (r.retrieval !== null) retrieval.push(r.retrieval);
        if (/\[1\]/.test(r.text)) cited++;
      }
      const tp = percentiles(trivial);
      const fp = percentiles(first);
      const wp = percentiles(total);
      const rp = percentiles(retrieval);
      console.log(
        [
          `Coach benchmark: ${formatNumber(ITEMS)} library items in one organisation + ${builtins} built-in, built-in coach, ${RUNS} sequential questions (${new Date().toISOString().slice(0, 10)})`,
          `  Trivial route (GET /api/health):        p50 ${fmt(tp.p50)}  p95 ${fmt(tp.p95)}`,
          `  Retrieval (Server-Timing, in the route): p50 ${fmt(rp.p50)}  p95 ${fmt(rp.p95)}  max ${fmt(rp.max)}  (target p95 < 50 ms: ${rp.p95 < 50 ? "met" : "MISSED"})`,
          `  First token (POST /api/ai-coach/stream): p50 ${fmt(fp.p50)}  p95 ${fmt(fp.p95)}  max ${fmt(fp.max)}  (target p95 < 300 ms: ${fp.p95 < 300 ? "met" : "MISSED"})`,
          `  Whole reply:                             p50 ${fmt(wp.p50)}  p95 ${fmt(wp.p95)}`,
          `  Replies citing [1]: ${cited} of ${RUNS}`,
          `  First question after start (vectors loaded then): first token ${fmt(cold.firstToken ?? 0)}, retrieval ${fmt(cold.retrieval ?? 0)}`,
          `  Server memory (RSS): ${rssStarted.toFixed(0)} MB once started, ${rss().toFixed(0)} MB after the run`,
        ].join("\n"),
      );
      if (rp.p95 >= 50 || fp.p95 >= 300) process.exitCode = 1;
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
