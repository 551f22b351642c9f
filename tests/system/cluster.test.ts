// The production topology on one machine (scripts/cluster): nginx in front of two app instances,
// two job workers, PgBouncer in transaction mode, a PostgreSQL 15 primary and its streaming
// replica. Everything a user does must work whichever instance answers, and every job must run once
// however many workers there are. Started once for the file; each test uses the demo workspace.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeWithPackages } from "./support/prerequisites";
import { cookiesFrom, multipart, request, type HttpResponse } from "./support/http";
import { startCluster, stopLeftovers, type Cluster } from "../../scripts/cluster/cluster";
import { seedDemo } from "../../scripts/seed/demo";
import { DEMO } from "../../scripts/seed/demo-data";
import { QUEUES } from "@/lib/jobs/queues";
import { RATE_LIMITS } from "@/lib/api/rate-limit";
import { ORG_TEAM_ID } from "@/lib/surveys/send";
import { actionInBuild } from "./support/server-action";

const DIR = "/tmp/pw-c-cluster";
const BASE_PORT = 4100;

let c: Cluster;
let owner: pg.Client;
let host: string;
let origin: string;

/** The ports a request can go to: the balancer, or one instance directly. */
const via = {
  balancer: () => c.balancerPort,
  instance: (i: 0 | 1) => c.instances[i]!.port,
};

/** A request as the balancer forwards it (the instances trust X-Forwarded-* from it): sent to an
 * instance directly, it carries what nginx would add. */
function send(port: number, opts: Omit<Parameters<typeof request>[0], "port">): Promise<HttpResponse> {
  const direct = port !== c.balancerPort;
  return request({
    ...opts,
    port,
    headers: { ...(direct ? { "x-forwarded-proto": "http" } : {}), ...(opts.headers ?? {}) },
  });
}

async function signIn(port: number, email: string, password = DEMO.password): Promise<string> {
  const csrf = await send(port, { host, path: "/api/auth/csrf" });
  expect(csrf.status).toBe(200);
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const res = await send(port, {
    host,
    path: "/api/auth/callback/credentials",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }).toString(),
    cookie: cookiesFrom(csrf).join("; "),
  });
  const session = cookiesFrom(res).find((s) => s.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`Sign-in as ${email} failed: ${res.status} ${res.body.slice(0, 200)}`);
  return session;
}

async function sessionEmail(port: number, cookie: string): Promise<string | null> {
  const r = await send(port, { host, path: "/api/auth/session", cookie });
  if (r.status === 401) return null;
  expect(r.status).toBe(200);
  return (r.json() as { user?: { email?: string } } | null)?.user?.email ?? null;
}

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await owner.query<T>(sql, params)).rows;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 120_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Extra minute jobs, so the test does not wait for the next minute's slot. Sent without a
 * singleton key: both workers compete for them, and the work must still happen once. */
async function tick(queues: string[]): Promise<void> {
  const boss = new PgBoss({ connectionString: c.ownerUrl, migrate: false, schedule: false, supervise: false });
  boss.on("error", () => {});
  await boss.start();
  try {
    for (const q of queues) for (let i = 0; i < 3; i++) await boss.send(q, {});
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

type MailFile = { dir: string; messageId: string; to: string; subject: string; text: string };

/** Every .eml file under some processes' DATA_DIR/mail: its Message-ID, recipient, subject and text. */
function mailFiles(dirs: string[]): MailFile[] {
  return dirs.flatMap((d) => {
    const mailDir = path.join(d, "mail");
    if (!existsSync(mailDir)) return [];
    return readdirSync(mailDir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => {
        const eml = readFileSync(path.join(mailDir, f), "utf8");
        const head = eml.split("\r\n\r\n")[0] ?? "";
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
        // The plain-text part, in base64 as lib/mail/transport.ts writes it.
        const part =
          /Content-Type: text\/plain[^\r]*\r\nContent-Transfer-Encoding: base64\r\n\r\n([A-Za-z0-9+/=\r\n]+)/.exec(eml);
        return {
          dir: d,
          messageId: header("Message-ID").replace(/^<|@.*$/g, ""),
          to: header("To"),
          subject: header("Subject"),
          text: part ? Buffer.from(part[1]!.replace(/\r\n/g, ""), "base64").toString("utf8") : "",
        };
      });
  });
}

describeWithPackages("cluster: nginx, two app instances, two workers, PgBouncer, primary and replica", () => {
  let orgId: string;

  beforeAll(async () => {
    stopLeftovers(DIR);
    rmSync(DIR, { recursive: true, force: true });
    const t0 = Date.now();
    c = await startCluster({ dir: DIR, basePort: BASE_PORT, instances: 2, workers: 2, replica: true });
    console.log(`[system] cluster started in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const seeded = await seedDemo(c.appUrl);
    orgId = seeded.orgId!;
    owner = new pg.Client({ connectionString: c.ownerUrl });
    await owner.connect();
    host = `${DEMO.subdomain}.${c.rootDomain}`;
    origin = `http://${host}`;
  });

  afterAll(async () => {
    await owner?.end().catch(() => undefined);
    await c?.stop();
    rmSync(DIR, { recursive: true, force: true });
  });

  it("serves through the balancer and each instance, with the database tier as deployed", async () => {
    for (const port of [via.balancer(), via.instance(0), via.instance(1)]) {
      const r = await send(port, { host: c.rootDomain, path: "/api/health" });
      expect(r.status, `health on port ${port}`).toBe(200);
    }
    // The app's connections go through PgBouncer (transaction mode), and the replica streams.
    const pool = await query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_stat_activity WHERE usename = 'pulsewell_app' AND client_port IS NOT NULL",
    );
    expect(pool[0]!.n).toBeGreaterThan(0);
    const streaming = await query<{ state: string }>("SELECT state FROM pg_stat_replication");
    expect(streaming.map((s) => s.state)).toEqual(["streaming"]);
  });

  it("keeps a session made on one instance on the other, and through the balancer", async () => {
    // Signed in on instance 1 (its CSRF cookie and token from instance 2: one shared AUTH_SECRET).
    const csrf = await send(via.instance(1), { host, path: "/api/auth/csrf" });
    const { csrfToken } = csrf.json() as { csrfToken: string };
    const res = await send(via.instance(0), {
      host,
      path: "/api/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        csrfToken,
        email: DEMO.admin.email,
        password: DEMO.password,
        json: "true",
      }).toString(),
      cookie: cookiesFrom(csrf).join("; "),
    });
    const cookie = cookiesFrom(res).find((s) => s.startsWith("next-auth.session-token="));
    expect(cookie, `sign-in answered ${res.status}`).toBeDefined();
    expect(await sessionEmail(via.instance(1), cookie!)).toBe(DEMO.admin.email);
    expect(await sessionEmail(via.instance(0), cookie!)).toBe(DEMO.admin.email);
    // A signed-in page on the other instance renders (no redirect to the sign-in page).
    const page = await send(via.instance(1), { host, path: "/", cookie: cookie! });
    expect(page.status).toBe(200);
    expect(page.body).toContain(DEMO.admin.firstName);
    // Through the balancer, request after request (round robin over both instances).
    for (let i = 0; i < 4; i++) expect(await sessionEmail(via.balancer(), cookie!)).toBe(DEMO.admin.email);
    // And an unsigned cookie is refused everywhere.
    expect(
      await sessionEmail(via.instance(1), `next-auth.session-token=${randomBytes(24).toString("base64url")}`),
    ).toBe(null);
  });

  it("runs a server action posted to either instance", async () => {
    const { actionId, pagePath } = actionInBuild("dismissSetupAction");
    const cookie = await signIn(via.balancer(), DEMO.admin.email);
    for (const i of [0, 1] as const) {
      await query(`UPDATE "Organization" SET "setupDismissedAt" = NULL WHERE id = $1`, [orgId]);
      // As React's client posts a form action: the action's id in Next-Action, the arguments
      // (the previous state, then the form's fields under the FormData's reference "_1_") as multipart.
      const boundary = `----pulsewell${randomBytes(8).toString("hex")}`;
      const r = await send(via.instance(i), {
        host,
        path: pagePath,
        method: "POST",
        headers: {
          "next-action": actionId,
          accept: "text/x-component",
          origin,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        body: multipart(
          [
            // In React's order: the FormData's entries as they are serialised, the root part last.
            { name: "_1_dismiss", value: "setup-checklist" },
            { name: "0", value: JSON.stringify([null, "$K1"]) },
          ],
          boundary,
        ),
        cookie,
      });
      expect(r.status, `instance ${i + 1}: ${r.body.slice(0, 300)}`).toBe(200);
      expect(r.body).toContain("The setup checklist is hidden.");
      const [org] = await query<{ setupDismissedAt: Date | null }>(
        `SELECT "setupDismissedAt" FROM "Organization" WHERE id = $1`,
        [orgId],
      );
      expect(org!.setupDismissedAt, `dismissed through instance ${i + 1}`).not.toBeNull();
    }
  });

  it("counts a rate limit once across instances", async () => {
    const { max } = RATE_LIMITS.signupCheckSubdomain;
    // One client address (as the balancer reports it), its requests alternating between instances.
    const address = `203.0.113.${1 + (randomBytes(1)[0]! % 200)}`;
    const hit = (n: number) =>
      send(via.instance((n % 2) as 0 | 1), {
        host: c.rootDomain,
        path: `/api/signup/check-subdomain/free${n}x`,
        headers: { "x-forwarded-for": address },
      });
    for (let n = 0; n < max; n++) {
      const r = await hit(n);
      expect(r.status, `request ${n + 1} of ${max}`).toBe(200);
    }
    const over = await hit(max);
    expect(over.status).toBe(429);
    expect(over.headers["retry-after"]).toBeDefined();
    // Another address is not affected.
    const other = await send(via.instance(0), {
      host: c.rootDomain,
      path: "/api/signup/check-subdomain/freeother",
      headers: { "x-forwarded-for": "198.51.100.9" },
    });
    expect(other.status).toBe(200);
  });

  it("runs each job once with two workers: pulse send, fold at close, mail, 1:1 reminder", async () => {
    // The weekly pulse due two minutes ago, for a workspace older than that.
    await query(
      `UPDATE "Organization" SET "createdAt" = now() - interval '2 days', "pulseEnabled" = true, "pulseTimeZone" = 'UTC',
         "pulseWeekday" = extract(dow FROM (now() AT TIME ZONE 'UTC') - interval '2 minutes')::int,
         "pulseTime" = to_char((now() AT TIME ZONE 'UTC') - interval '2 minutes', 'HH24:MI')
       WHERE id = $1`,
      [orgId],
    );
    // A 1:1 in two hours, scheduled by a manager through the balancer: its reminder is due now.
    const managerEmail = DEMO.teams[0]!.manager.email;
    const [manager] = await query<{ id: string }>(`SELECT id FROM "User" WHERE email = $1`, [managerEmail]);
    const [report] = await query<{ id: string }>(
      `SELECT id FROM "User" WHERE "managerId" = $1 AND role = 'employee' LIMIT 1`,
      [manager!.id],
    );
    const managerCookie = await signIn(via.balancer(), managerEmail);
    const scheduled = await send(via.balancer(), {
      host,
      path: "/api/meetings/one-on-one",
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ employeeId: report!.id, scheduledAt: new Date(Date.now() + 2 * 3_600_000).toISOString() }),
      cookie: managerCookie,
    });
    expect(scheduled.status, scheduled.body.slice(0, 300)).toBe(201);
    const [meeting] = await query<{ id: string }>(
      `SELECT id FROM "Meeting" WHERE "organizationId" = $1 AND "managerId" = $2 AND "employeeId" = $3 ORDER BY "createdAt" DESC LIMIT 1`,
      [orgId, manager!.id, report!.id],
    );

    await tick([QUEUES.surveyTick.name, QUEUES.meetingTick.name]);

    // Pulse send: one round, one invitation and one e-mail per person.
    const survey = await until("the scheduled pulse round", async () => {
      const rows = await query<{ id: string; invitedCount: number }>(
        `SELECT id, "invitedCount" FROM "Survey" WHERE "organizationId" = $1 AND kind = 'pulse' AND status = 'active'`,
        [orgId],
      );
      return rows.length ? rows : null;
    });
    expect(survey).toHaveLength(1);
    const surveyId = survey[0]!.id;
    const invitations = await query<{ userId: string; n: number }>(
      `SELECT "userId", count(*)::int AS n FROM "SurveyInvitation" WHERE "organizationId" = $1 AND "surveyId" = $2 GROUP BY 1`,
      [orgId, surveyId],
    );
    expect(invitations.length).toBeGreaterThan(5);
    expect(invitations.filter((r) => r.n !== 1)).toEqual([]);
    expect(invitations.length).toBe(survey[0]!.invitedCount);
    const invitationMails = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "MailMessage" m JOIN "SurveyInvitation" i ON i."organizationId" = m."organizationId" AND i.id = m."invitationId"
       WHERE m."organizationId" = $1 AND i."surveyId" = $2`,
      [orgId, surveyId],
    );
    expect(invitationMails[0]!.n).toBe(invitations.length);

    // 1:1 reminder: claimed once, two e-mails (employee and manager) and two notifications.
    await until("the 1:1 reminder", async () => {
      const [m] = await query<{ reminderSentAt: Date | null }>(`SELECT "reminderSentAt" FROM "Meeting" WHERE id = $1`, [
        meeting!.id,
      ]);
      return m?.reminderSentAt ?? null;
    });
    const reminderMails = await query<{ to: string }>(
      `SELECT "to" FROM "MailMessage" WHERE "organizationId" = $1 AND kind = 'meeting_reminder' AND ref = $2`,
      [orgId, `meeting:${meeting!.id}`],
    );
    expect(reminderMails.map((m) => m.to).sort()).toEqual([managerEmail, ...(await emailOf(report!.id))].sort());
    const reminderNotes = await query<{ userId: string }>(
      `SELECT "userId" FROM "Notification" WHERE "organizationId" = $1 AND type = 'meeting_reminder'`,
      [orgId],
    );
    expect(reminderNotes.map((n) => n.userId).sort()).toEqual([manager!.id, report!.id].sort());

    // Three people answer through the balancer with the links the workers mailed them.
    const linkPattern = new RegExp(`/surveys/${surveyId}[^\\s"'<>]*[?&#]token=([^\\s&"'<>]+)`);
    const links = await until("the invitations to be delivered", async () => {
      const found = mailFiles(c.dataDirs.workers).flatMap((f) => {
        const m = linkPattern.exec(f.text);
        return m ? [m[1]!] : [];
      });
      return found.length >= 3 ? found : null;
    });
    const questions = await query<{ id: string; type: string }>(
      `SELECT id, type::text FROM "SurveyQuestion" WHERE "surveyId" = $1 ORDER BY "order"`,
      [surveyId],
    );
    const answered = links.slice(0, 3);
    for (const token of answered) {
      const r = await send(via.balancer(), {
        host,
        path: "/api/surveys/responses",
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({
          surveyId,
          token,
          responses: questions.map((q) => ({
            questionId: q.id,
            answer: q.type === "scale" ? 4 : q.type === "enps" ? 9 : "Fine.",
          })),
        }),
      });
      expect(r.status, r.body.slice(0, 300)).toBe(201);
    }

    // The fold at close: the round closes once, its answers are folded in once, and each reader
    // is told once.
    await query(`UPDATE "Survey" SET "closesAt" = now() - interval '1 second' WHERE id = $1`, [surveyId]);
    await tick([QUEUES.surveyTick.name]);
    await until("the round to close", async () => {
      const [s] = await query<{ status: string }>(`SELECT status FROM "Survey" WHERE id = $1`, [surveyId]);
      return s?.status === "closed";
    });
    const told = await query<{ userId: string; n: number }>(
      `SELECT "userId", count(*)::int AS n FROM "Notification" WHERE "organizationId" = $1 AND type = 'survey_results' AND "actionUrl" = $2 GROUP BY 1`,
      [orgId, `/surveys/results/${surveyId}`],
    );
    expect(told.length).toBeGreaterThan(0);
    expect(told.filter((r) => r.n !== 1)).toEqual([]);
    const [folded] = await query<{ responseCount: number; responses: number; pending: number }>(
      `SELECT s."responseCount",
         (SELECT count(*)::int FROM "SurveyResponse" r WHERE r."surveyId" = s.id) AS responses,
         (SELECT count(*)::int FROM "SurveyPendingResponse" p WHERE p."surveyId" = s.id) AS pending
       FROM "Survey" s WHERE s.id = $1`,
      [surveyId],
    );
    expect(folded).toEqual({ responseCount: answered.length, responses: answered.length, pending: 0 });
    // Each question's organisation-wide rollup counts each answer once.
    const numeric = questions.filter((q) => q.type !== "text").map((q) => q.id);
    const rolled = await query<{ questionId: string; n: number }>(
      `SELECT "questionId", sum(n)::int AS n FROM "SurveyQuestionRollup" WHERE "surveyId" = $1 AND "questionId" = ANY($2::uuid[]) AND "teamId" = $3 GROUP BY 1`,
      [surveyId, numeric, ORG_TEAM_ID],
    );
    expect(rolled.map((r) => r.n)).toEqual(numeric.map(() => answered.length));

    // Mail: everything in the outbox delivered, each message as exactly one file, by the workers only.
    const sent = await until(
      "the outbox to be delivered",
      async () => {
        const pending = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "MailMessage" WHERE "organizationId" = $1 AND status = 'pending'`,
          [orgId],
        );
        if (pending[0]!.n > 0) return null;
        return query<{ providerId: string; to: string; subject: string }>(
          `SELECT "providerId", "to", subject FROM "MailMessage" WHERE "organizationId" = $1 AND status = 'sent'`,
          [orgId],
        );
      },
      120_000,
    );
    const files = mailFiles(c.dataDirs.workers);
    expect(mailFiles(c.dataDirs.instances)).toEqual([]);
    expect(files.map((f) => f.messageId).sort()).toEqual(sent.map((s) => s.providerId).sort());
    const perWorker = c.dataDirs.workers.map((d) => files.filter((f) => f.dir === d).length);
    console.log(`[system] ${sent.length} e-mails delivered once each; per worker: ${perWorker.join(" + ")}`);
    expect(sent.length).toBeGreaterThanOrEqual(invitations.length + 2);
  });

  it("answered nothing with a 5xx and logged no error along the way", () => {
    // A pooler problem (a session setting lost between transactions, a prepared statement PgBouncer
    // cannot route) shows as a 500 or an error line, even when the test's own request succeeded.
    const access = readFileSync(path.join(c.balancer.dir, "logs", "access.log"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(access.length).toBeGreaterThan(10);
    expect(access.filter((l) => /" 5\d\d /.test(l))).toEqual([]);
    for (const proc of [...c.instances, ...c.workers]) {
      const errors = readFileSync(proc.logFile, "utf8")
        .split("\n")
        .filter((l) => l.includes('"level":"error"'));
      expect(errors, proc.name).toEqual([]);
    }
  });
});

async function emailOf(userId: string): Promise<string[]> {
  return (await query<{ email: string }>(`SELECT email FROM "User" WHERE id = $1`, [userId])).map((u) => u.email);
}
