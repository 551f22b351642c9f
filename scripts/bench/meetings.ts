// `npm run bench:meetings`: a manager with 12 reports and two years of weekly 1:1s with each
// (about 1,250 meetings, each with a submitted prep form, shared notes, its agenda and action items,
// a few of them still open so carry-over has work to do), served by the built app (`next start`)
// against a throwaway embedded PostgreSQL. Prints p50/p95 of the manager's meetings list (API first
// page and the /one-on-one page) and of one meeting (API and the /one-on-one/{id} page), beside a
// trivial route (GET /api/health) measured the same way in the same run (target p95 < 50 ms).
// The history is bulk-loaded in SQL (as the other benchmarks do); the app reads it through its own
// routes, row-level security and all.
// Run with --conditions=react-server (the npm script does) so `server-only` imports resolve.
import { formatNumber } from "@/lib/format";
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { ensureBuilt } from "../lib/build-freshness";
import { withBenchDatabase } from "./bench-db";
import { client, percentiles } from "./http-load";
import { vaultSessionCookie } from "./vault-session";

const REPORTS = Number(process.env.BENCH_REPORTS ?? 12);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 104);
const PORT = Number(process.env.BENCH_PORT ?? 3991);
const RUNS = Number(process.env.BENCH_MEETING_RUNS ?? 200);
const TARGET_MS = 50;
const root = path.resolve(import.meta.dirname, "../..");
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/** Inserts the organisation, the manager and reports, one template, and for each report a weekly
 * series with WEEKS completed meetings in the past and the next one scheduled. */
async function seed(
  owner: pg.Client,
  orgId: string,
  subdomain: string,
): Promise<{ managerId: string; meetings: number; upcomingId: string; pastId: string }> {
  await owner.query(
    `INSERT INTO "Organization" (id, name, subdomain, "maxUsers", "minGroupSize", "updatedAt") VALUES ($1, 'Bench Co', $2, 1000, 3, now())`,
    [orgId, subdomain],
  );
  const adminId = randomUUID();
  const managerId = randomUUID();
  await owner.query(
    `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "managerId", "updatedAt") VALUES
       ($1, $2, 'Ada', 'Admin', 'admin@bench.example', 'admin', NULL, now()),
       ($1, $3, 'Maya', 'Manager', 'manager@bench.example', 'manager', $2, now())`,
    [orgId, adminId, managerId],
  );
  const reportIds = Array.from({ length: REPORTS }, () => randomUUID());
  await owner.query(
    `INSERT INTO "User" ("organizationId", id, "firstName", "lastName", email, role, "managerId", "updatedAt")
     SELECT $1, u, 'Report', 'Number ' || i, 'report' || i || '@bench.example', 'employee', $2, now() FROM unnest($3::uuid[]) WITH ORDINALITY AS v(u, i)`,
    [orgId, managerId, reportIds],
  );
  const templateId = randomUUID();
  await owner.query(
    `INSERT INTO "MeetingTemplate" ("organizationId", id, key, name, description, "isDefault", questions, "createdById", "updatedAt")
     VALUES ($1, $2, 'weekly_check_in', 'Weekly check-in', 'Our weekly 1:1', true,
             ARRAY['How are you, really?', 'What went well this week?', 'What is in your way?', 'What can I do for you?'], $3, now())`,
    [orgId, templateId, managerId],
  );
  // Series i starts WEEKS weeks ago (to the hour, at 09:00 + i half-hours); meeting w of it is week w.
  await owner.query(
    `INSERT INTO "MeetingSeries" ("organizationId", id, "managerId", "employeeId", "templateId", recurrence, "timeZone", "startsAt", "durationMinutes", sequence, "materializedUntil", "updatedAt")
     SELECT $1, gen_random_uuid(), $2, e, $3, 'weekly', 'Europe/London',
            date_trunc('day', now()) - make_interval(weeks => $4) + interval '9 hours' + make_interval(mins => 30 * (i::int - 1)),
            30, 0, now() + interval '8 weeks', now()
     FROM unnest($5::uuid[]) WITH ORDINALITY AS v(e, i)`,
    [orgId, managerId, templateId, WEEKS, reportIds],
  );
  // WEEKS past meetings (completed, shared notes) and the next one (scheduled) per series.
  await owner.query(
    `INSERT INTO "Meeting" ("organizationId", id, "seriesId", "managerId", "employeeId", "occurrenceStart", "scheduledAt", "durationMinutes", status, "completedAt", wins, challenges, goals, feedback, notes, "createdAt", "updatedAt")
     SELECT s."organizationId", gen_random_uuid(), s.id, s."managerId", s."employeeId", at, at, 30,
            CASE WHEN w < $2 THEN 'completed' ELSE 'scheduled' END::"MeetingStatus",
            CASE WHEN w < $2 THEN at + interval '30 minutes' END,
            CASE WHEN w < $2 THEN 'Shipped the week''s work ' || w END,
            CASE WHEN w < $2 THEN 'Reviews took longer than planned' END,
            CASE WHEN w < $2 THEN 'Finish the next milestone' END,
            CASE WHEN w < $2 THEN 'More context before planning' END,
            CASE WHEN w < $2 THEN repeat('We talked about priorities, workload and the next steps. ', 8) END,
            at - interval '7 days', at
     FROM "MeetingSeries" s, generate_series(0, $2) w, LATERAL (SELECT s."startsAt" + make_interval(weeks => w) AS at) t
     WHERE s."organizationId" = $1`,
    [orgId, WEEKS],
  );
  await owner.query(
    `INSERT INTO "MeetingPrepForm" ("organizationId", id, "meetingId", "managerId", "employeeId", wins, challenges, goals, feedback, "additionalNotes", "workloadConcerns", "careerDevelopment", "teamDynamics", mood, "stressLevel", "submittedAt", "updatedAt")
     SELECT m."organizationId", gen_random_uuid(), m.id, m."managerId", m."employeeId",
            'Closed three tickets', 'Too many meetings', 'Learn the billing code', 'Keep the Friday demos',
            '', CASE WHEN random() < 0.2 THEN 'The release week is heavy' ELSE '' END,
            CASE WHEN random() < 0.1 THEN 'I would like to lead a project' ELSE '' END, '',
            1 + floor(random() * 5)::int, 1 + floor(random() * 5)::int, m."scheduledAt" - interval '1 day', m."scheduledAt" - interval '1 day'
     FROM "Meeting" m WHERE m."organizationId" = $1`,
    [orgId],
  );
  await owner.query(
    `INSERT INTO "MeetingAgendaItem" ("organizationId", id, "meetingId", "managerId", "employeeId", kind, text, position, "authorId", "doneAt")
     SELECT m."organizationId", gen_random_uuid(), m.id, m."managerId", m."employeeId", 'question'::"AgendaItemKind", q, k::int - 1, NULL,
            CASE WHEN m.status = 'completed' THEN m."scheduledAt" END
     FROM "Meeting" m, unnest(ARRAY['How are you, really?', 'What went well this week?', 'What is in your way?', 'What can I do for you?']) WITH ORDINALITY AS v(q, k)
     WHERE m."organizationId" = $1
     UNION ALL
     SELECT m."organizationId", gen_random_uuid(), m.id, m."managerId", m."employeeId", 'talking_point'::"AgendaItemKind", 'Talking point for ' || to_char(m."scheduledAt", 'YYYY-MM-DD'), 4, m."employeeId",
            CASE WHEN m.status = 'completed' THEN m."scheduledAt" END
     FROM "Meeting" m WHERE m."organizationId" = $1`,
    [orgId],
  );
  // Two action items per past meeting, completed in the following meeting, except one in twenty
  // that stays open (so each pair carries a handful over to the upcoming meeting).
  await owner.query(
    `INSERT INTO "MeetingActionItem" ("organizationId", id, "originMeetingId", "managerId", "employeeId", "ownerId", text, "dueDate", "completedAt", "completedMeetingId", "createdById", "createdAt")
     SELECT m."organizationId", gen_random_uuid(), m.id, m."managerId", m."employeeId", CASE WHEN k = 1 THEN m."employeeId" ELSE m."managerId" END,
            'Follow up on item ' || k || ' of ' || to_char(m."scheduledAt", 'YYYY-MM-DD'), (m."scheduledAt" + interval '7 days')::date,
            CASE WHEN open THEN NULL ELSE nxt."scheduledAt" END, CASE WHEN open THEN NULL ELSE nxt.id END, m."managerId", m."scheduledAt"
     FROM "Meeting" m
     CROSS JOIN generate_series(1, 2) k
     JOIN LATERAL (SELECT n.id, n."scheduledAt" FROM "Meeting" n WHERE n."organizationId" = m."organizationId" AND n."seriesId" = m."seriesId" AND n."scheduledAt" > m."scheduledAt" ORDER BY n."scheduledAt" LIMIT 1) nxt ON true
     CROSS JOIN LATERAL (SELECT random() < 0.05 AS open) o
     WHERE m."organizationId" = $1 AND m.status = 'completed'`,
    [orgId],
  );
  for (const t of ["Meeting", "MeetingSeries", "MeetingPrepForm", "MeetingAgendaItem", "MeetingActionItem", "User"])
    await owner.query(`ANALYZE "${t}"`);
  const meetings = Number(
    (await owner.query(`SELECT count(*) AS n FROM "Meeting" WHERE "organizationId" = $1`, [orgId])).rows[0].n,
  );
  const upcomingId = (
    await owner.query(
      `SELECT id FROM "Meeting" WHERE "organizationId" = $1 AND status = 'scheduled' ORDER BY "scheduledAt" LIMIT 1`,
      [orgId],
    )
  ).rows[0].id as string;
  const pastId = (
    await owner.query(
      `SELECT id FROM "Meeting" WHERE "organizationId" = $1 AND status = 'completed' ORDER BY "scheduledAt" DESC LIMIT 1`,
      [orgId],
    )
  ).rows[0].id as string;
  return { managerId, meetings, upcomingId, pastId };
}

// BENCH_SEED_ONLY=1 loads the history and stops (to check the seed without a build).
const SEED_ONLY = process.env.BENCH_SEED_ONLY === "1";

async function main(): Promise<void> {
  if (!SEED_ONLY) ensureBuilt(root);
  await withBenchDatabase(async ({ ownerUrl, appUrl, authSecret, dataDir }) => {
    const owner = new pg.Client({ connectionString: ownerUrl });
    owner.on("error", () => {});
    await owner.connect();
    const orgId = randomUUID();
    const subdomain = `bench${randomBytes(3).toString("hex")}`;
    const t = performance.now();
    const { managerId, meetings, upcomingId, pastId } = await seed(owner, orgId, subdomain);
    const counts = (
      await owner.query(
        `SELECT (SELECT count(*) FROM "MeetingPrepForm" WHERE "organizationId" = $1) AS forms,
                (SELECT count(*) FROM "MeetingActionItem" WHERE "organizationId" = $1) AS actions,
                (SELECT count(*) FROM "MeetingActionItem" WHERE "organizationId" = $1 AND "completedAt" IS NULL) AS open,
                (SELECT count(*) FROM "MeetingAgendaItem" WHERE "organizationId" = $1) AS agenda`,
        [orgId],
      )
    ).rows[0] as Record<string, string>;
    console.log(
      `Seeded ${formatNumber(meetings)} meetings in ${((performance.now() - t) / 1000).toFixed(1)} s; ${JSON.stringify(counts)}`,
    );
    if (SEED_ONLY) return void (await owner.end());

    // Signed in with the personal vault open (the private note below needs it).
    const cookie = await vaultSessionCookie(owner, orgId, managerId, authSecret);
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
    if (!env.COACH_MASTER_KEYS && !env.COACH_MASTER_KEY)
      Object.assign(env, { COACH_MASTER_KEY: randomBytes(32).toString("base64"), COACH_MASTER_KEY_ID: "bench" });
    for (const k of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"]) delete env[k];
    const server = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(PORT)], {
      cwd: root,
      stdio: ["ignore", "ignore", "inherit"],
      env,
    });
    try {
      const anon = client(PORT, host);
      const manager = client(PORT, host, cookie);
      for (let i = 0; ; i++) {
        if ((await anon("GET", "/login").catch(() => ({ status: 0 }))).status === 200) break;
        if (i > 120) throw new Error("the app did not start");
        await new Promise((r) => setTimeout(r, 500));
      }
      // A private note of the manager's on the meeting measured, written through the app.
      const note = await manager("PUT", `/api/meetings/one-on-one/${upcomingId}/private-note`, {
        body: "Ask about the release week; she seemed tired.",
      });
      if (note.status !== 200) throw new Error(`PUT private-note: ${note.status} ${note.body.slice(0, 200)}`);
      console.log("The app answers; measuring...");

      const measure = async (
        name: string,
        send: () => Promise<{ status: number; ms: number; body: string }>,
        check?: (body: string) => void,
      ) => {
        for (let i = 0; i < 10; i++) {
          const r = await send();
          if (r.status !== 200) throw new Error(`${name}: ${r.status} ${r.body.slice(0, 300)}`);
          check?.(r.body);
        }
        const ms: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const r = await send();
          if (r.status !== 200) throw new Error(`${name}: ${r.status}`);
          ms.push(r.ms);
        }
        return { name, ...percentiles(ms) };
      };
      const rendered = (text: string) => (body: string) => {
        if (!body.includes(text) || body.includes("Something went wrong"))
          throw new Error(`the page did not render '${text}'`);
      };
      const results = [
        await measure("GET /api/health (trivial route)", () => anon("GET", "/api/health")),
        await measure(
          "GET /api/meetings/one-on-one (first page)",
          () => manager("GET", "/api/meetings/one-on-one"),
          (body) => {
            const page = JSON.parse(body) as { meetings: unknown[] };
            if (!page.meetings.length) throw new Error("the meetings list is empty");
          },
        ),
        await measure("GET /api/meetings/one-on-one?when=past", () =>
          manager("GET", "/api/meetings/one-on-one?when=past"),
        ),
        // The pages are shells that load their data from the routes above: rendered, not an error page.
        await measure("/one-on-one page", () => manager("GET", "/one-on-one"), rendered("My Meetings")),
        await measure(
          "GET /api/meetings/one-on-one/meeting/{id} (next)",
          () => manager("GET", `/api/meetings/one-on-one/meeting/${upcomingId}`),
          (body) => {
            const m = JSON.parse(body) as { actionItems: { carriedOver: boolean }[] };
            if (!m.actionItems.some((a) => a.carriedOver))
              throw new Error("the upcoming meeting shows no carried-over action item");
          },
        ),
        await measure("GET /api/meetings/one-on-one/meeting/{id} (past)", () =>
          manager("GET", `/api/meetings/one-on-one/meeting/${pastId}`),
        ),
        await measure(
          "/one-on-one/{id} page (next)",
          () => manager("GET", `/one-on-one/${upcomingId}`),
          rendered("Loading the meeting"),
        ),
      ];
      const trivial = results[0]!;
      const measured = results.slice(1);
      const met = measured.every((r) => r.p95 < TARGET_MS);
      console.log(
        [
          `Meetings benchmark: 1 manager, ${REPORTS} reports, ${WEEKS} weeks of weekly 1:1s: ${formatNumber(meetings)} meetings, ${formatNumber(Number(counts.forms))} prep forms, ${formatNumber(Number(counts.agenda))} agenda items, ${formatNumber(Number(counts.actions))} action items (${counts.open} open); ${RUNS} sequential requests each (${new Date().toISOString().slice(0, 10)})`,
          ...results.map(
            (r) =>
              `  ${r.name.padEnd(52)} p50 ${fmt(r.p50).padStart(8)}  p95 ${fmt(r.p95).padStart(8)}  max ${fmt(r.max).padStart(8)}${r === trivial ? "" : `  (p95 ${(r.p95 / trivial.p95).toFixed(1)}x trivial)`}`,
          ),
          `  Target p95 < ${TARGET_MS} ms: ${met ? "met" : "MISSED"}`,
        ].join("\n"),
      );
      if (!met) process.exitCode = 1;
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
