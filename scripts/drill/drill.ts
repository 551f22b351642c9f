// The fault drill: the whole topology (nginx, two app instances, a worker, PgBouncer, a primary
// and its replica) under a steady load of distinct survey submissions and sign-ins through the
// balancer, while one fault after another hits it: kill -9 of an app instance, kill -9 of the
// worker in the middle of a pulse round's send, an immediate stop and restart of the primary.
// Afterwards every acknowledged submission must exist exactly once, and no job may have run twice.
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import PgBoss from "pg-boss";
import { startCluster, type Cluster } from "../cluster/cluster";
import { openLoadRound, seedSurveyOrg, type LoadRound } from "../bench/surveys-seed";
import { hashPassword } from "@/lib/auth/password";
import { answerMarker } from "@/lib/surveys/marker";
import { QUEUES } from "@/lib/jobs/queues";
import { startLoad, submit, warmUp, type Sample } from "./load";
import { markdownTable, phaseFigures, type Phase, type PhaseFigures } from "./figures";

export type DrillOptions = {
  dir: string;
  basePort: number;
  /** People in the workspace under load (one survey link each: enough for the whole drill). */
  employees: number;
  /** People the worker's pulse round goes to (one invitation e-mail each). */
  sendPeople: number;
  submitsPerSecond: number;
  signInsPerSecond: number;
  /** Steady load before the first fault and after each recovery. */
  steadyMs: number;
  /** How long a killed process stays down before it is started again. */
  downMs: number;
  /** After the load: how long to wait for the outbox to empty (mail claimed by the killed worker
   * waits out its claim, five minutes). 0 reports what is still pending instead. */
  outboxWaitMs: number;
  log?: (line: string) => void;
};

export type DrillResult = {
  phases: PhaseFigures[];
  table: string;
  /** Facts checked afterwards, one line each. */
  checks: string[];
  violations: string[];
};

const PASSWORD = "drill-Password-4400";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T | null | false>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Every .eml file under the processes' DATA_DIR/mail: its Message-ID (the outbox id), recipient
 * and subject. */
function mailFiles(dirs: string[]): { dir: string; id: string; to: string; subject: string }[] {
  return dirs.flatMap((d) => {
    const mailDir = path.join(d, "mail");
    if (!existsSync(mailDir)) return [];
    return readdirSync(mailDir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => {
        const head = readFileSync(path.join(mailDir, f), "utf8").split("\r\n\r\n")[0] ?? "";
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, "mi").exec(head)?.[1]?.trim() ?? "";
        const id = header("Message-ID").replace(/^<|@.*$/g, "");
        return { dir: d, id, to: header("To"), subject: header("Subject") };
      });
  });
}

/** The two workspaces: one under load (an open round with a link per person, accounts that sign
 * in) and one whose weekly pulse the worker sends during its fault. */
async function seed(
  c: Cluster,
  opts: DrillOptions,
): Promise<{
  host: string;
  round: LoadRound;
  accounts: { email: string; password: string }[];
  sendOrgId: string;
}> {
  const client = new pg.Client({ connectionString: c.ownerUrl });
  await client.connect();
  try {
    const orgId = randomUUID();
    const subdomain = `drill${randomBytes(3).toString("hex")}`;
    const teams = Math.max(2, Math.round(opts.employees / 25));
    await seedSurveyOrg(client, orgId, subdomain, { employees: opts.employees, teams, rounds: 1 });
    await client.query(`UPDATE "Organization" SET "pulseEnabled" = false WHERE id = $1`, [orgId]);
    const round = await openLoadRound(client, orgId);
    const hash = await hashPassword(PASSWORD);
    const accounts = (
      await client.query<{ email: string }>(
        `UPDATE "User" SET "passwordHash" = $2, "passwordSetAt" = now()
         WHERE "organizationId" = $1 AND (role = 'admin' OR email IN ('m0@bench.example', 'm1@bench.example', 'm2@bench.example'))
         RETURNING email`,
        [orgId, hash],
      )
    ).rows.map((r) => ({ email: r.email, password: PASSWORD }));

    const sendOrgId = randomUUID();
    await seedSurveyOrg(client, sendOrgId, `drillsend${randomBytes(3).toString("hex")}`, {
      employees: opts.sendPeople,
      teams: Math.max(2, Math.round(opts.sendPeople / 25)),
      rounds: 0,
    });
    // Everyone has set a password (a pulse goes to active people), the workspace is verified,
    // two days old, its pulse off until the worker's phase.
    await client.query(`UPDATE "User" SET "passwordSetAt" = now() WHERE "organizationId" = $1`, [sendOrgId]);
    await client.query(
      `UPDATE "Organization" SET "emailVerifiedAt" = now(), "createdAt" = now() - interval '2 days', "pulseEnabled" = false WHERE id = $1`,
      [sendOrgId],
    );
    return { host: `${subdomain}.${c.rootDomain}`, round, accounts, sendOrgId };
  } finally {
    await client.end();
  }
}

/** The send organisation's weekly pulse due two minutes ago, and a survey tick to notice it. */
async function duePulse(c: Cluster, owner: pg.Pool, orgId: string): Promise<void> {
  await owner.query(
    `UPDATE "Organization" SET "pulseEnabled" = true, "pulseTimeZone" = 'UTC',
       "pulseWeekday" = extract(dow FROM (now() AT TIME ZONE 'UTC') - interval '2 minutes')::int,
       "pulseTime" = to_char((now() AT TIME ZONE 'UTC') - interval '2 minutes', 'HH24:MI')
     WHERE id = $1`,
    [orgId],
  );
  const boss = new PgBoss({ connectionString: c.ownerUrl, migrate: false, schedule: false, supervise: false });
  boss.on("error", () => {});
  await boss.start();
  try {
    await boss.send(QUEUES.surveyTick.name, {});
  } finally {
    await boss.stop({ graceful: false, wait: true });
  }
}

export async function runDrill(opts: DrillOptions): Promise<DrillResult> {
  const say = opts.log ?? (() => {});
  rmSync(opts.dir, { recursive: true, force: true });
  const t0 = Date.now();
  const c = await startCluster({
    dir: opts.dir,
    basePort: opts.basePort,
    instances: 2,
    workers: 1,
    replica: true,
    log: (l) => say(`  ${l}`),
  });
  say(`Cluster up in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  // A pool: its connections die with the primary's restart and it opens new ones.
  const owner = new pg.Pool({ connectionString: c.ownerUrl, max: 3 });
  owner.on("error", () => {});
  try {
    const { host, round, accounts, sendOrgId } = await seed(c, opts);
    say(
      `Seeded ${round.tokens.length} survey links, ${accounts.length} accounts, a workspace of ${opts.sendPeople} to send a pulse to`,
    );

    for (const instance of c.instances) await warmUp(instance.port, host, round.surveyId);
    const load = startLoad({
      port: c.balancerPort,
      host,
      round,
      accounts,
      submitsPerSecond: opts.submitsPerSecond,
      signInsPerSecond: opts.signInsPerSecond,
    });
    const phases: Phase[] = [];
    let current: Phase = { name: "steady load", start: 0, end: Infinity };
    const begin = (name: string) => {
      current.end = load.now();
      phases.push(current);
      current = { name, start: load.now(), end: Infinity };
      say(`${(load.now() / 1000).toFixed(1)} s: ${name}`);
    };
    let deliveredBeforeKill = 0;
    try {
      await sleep(opts.steadyMs);

      begin("kill -9 app instance 1");
      const instance = c.instances[0]!;
      await instance.kill("SIGKILL");
      await sleep(opts.downMs);
      await instance.restart();
      say(`${(load.now() / 1000).toFixed(1)} s: instance 1 serves again`);
      await sleep(opts.steadyMs);

      begin("kill -9 worker mid-send");
      await duePulse(c, owner, sendOrgId);
      // Killed once the round's mail is going out: some delivered, the rest queued or in hand.
      deliveredBeforeKill = await until(
        "the pulse round's first e-mail",
        async () => {
          const r = await owner.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM "MailMessage" WHERE "organizationId" = $1 AND status = 'sent'`,
            [sendOrgId],
          );
          return r.rows[0]!.n > 0 ? r.rows[0]!.n : null;
        },
        120_000,
      );
      const worker = c.workers[0]!;
      await worker.kill("SIGKILL");
      say(`${(load.now() / 1000).toFixed(1)} s: worker killed after ${deliveredBeforeKill} e-mails of the round`);
      await sleep(opts.downMs);
      await worker.restart();
      await sleep(opts.steadyMs);

      begin("primary: immediate stop, restart");
      await c.primary.restart("immediate");
      say(`${(load.now() / 1000).toFixed(1)} s: the primary accepts connections again`);
      await sleep(opts.steadyMs);
    } finally {
      current.end = load.now();
      phases.push(current);
    }
    const samples = await load.stop();
    const figures = phases.map((p) => phaseFigures(p, samples));
    const all = phaseFigures({ name: "whole drill", start: 0, end: Infinity }, samples);
    all.seconds = (phases.at(-1)!.end - phases[0]!.start) / 1000;
    all.recoveryMs = null;
    figures.push(all);

    const checks: string[] = [];
    const violations: string[] = [];
    await verifySubmissions(c, owner, host, round, samples, load.used(), checks, violations);
    await verifyJobs(c, owner, sendOrgId, deliveredBeforeKill, opts.outboxWaitMs, checks, violations);
    const fives = samples.filter((s) => s.status === 500);
    if (fives.length) violations.push(`${fives.length} requests answered 500 (a fault must answer 503 or be retried)`);
    const refused = samples.filter((s) => s.kind === "sign-in" && s.status === 401);
    if (refused.length) violations.push(`${refused.length} sign-ins with the right password were refused as wrong`);
    return { phases: figures, table: markdownTable(figures), checks, violations };
  } finally {
    await owner.end().catch(() => undefined);
    await c.stop();
  }
}

/** Every acknowledged submission stored exactly once; every failed one, sent again as a client
 * would, is either stored now or refused as already answered (stored once before). */
async function verifySubmissions(
  c: Cluster,
  owner: pg.Pool,
  host: string,
  round: LoadRound,
  samples: Sample[],
  used: number,
  checks: string[],
  violations: string[],
): Promise<void> {
  const markers = async () => {
    const rows = (
      await owner.query<{ marker: string; n: number }>(
        `SELECT marker, count(*)::int AS n FROM "SurveyPendingResponse" WHERE "surveyId" = $1 GROUP BY 1`,
        [round.surveyId],
      )
    ).rows;
    return new Map(rows.map((r) => [r.marker, r.n]));
  };
  const markerOf = (i: number) => answerMarker(round.surveyId, round.tokens[i]!);
  const submits = samples.filter((s) => s.kind === "submit");
  const acked = submits.filter((s) => s.ok).map((s) => s.token!);
  const failed = submits.filter((s) => !s.ok).map((s) => s.token!);
  const stored = await markers();
  const lost = acked.filter((i) => stored.get(markerOf(i)) !== 1);
  const twice = [...stored.values()].filter((n) => n > 1).length;
  const known = new Set(Array.from({ length: used }, (_, i) => markerOf(i)));
  const strangers = [...stored.keys()].filter((m) => !known.has(m)).length;
  const storedUnacked = failed.filter((i) => stored.has(markerOf(i))).length;
  checks.push(
    `Submissions: ${acked.length} acknowledged, all stored exactly once: ${lost.length === 0 && twice === 0 ? "yes" : "NO"}; ${failed.length} failed, of which ${storedUnacked} had been stored (the answer was lost, not the submission)`,
  );
  if (lost.length) violations.push(`${lost.length} acknowledged submissions are not stored exactly once`);
  if (twice) violations.push(`${twice} links have more than one stored response`);
  if (strangers) violations.push(`${strangers} stored responses match no link the drill used`);

  // The failed ones again, as the survey page's retry would send them.
  let retriedStored = 0;
  let retriedRefused = 0;
  for (const i of failed) {
    let status = 0;
    for (let attempt = 0; attempt < 20; attempt++) {
      status = await submit({ port: c.balancerPort, host, round }, i);
      if (status !== 429 && status !== 503 && status !== 0) break;
      await sleep(3_000);
    }
    if (status === 201 || status === 200) retriedStored++;
    else if (status === 409) retriedRefused++;
    else violations.push(`a failed submission sent again answered ${status}`);
  }
  const after = await markers();
  const allOnce = Array.from({ length: used }, (_, i) => after.get(markerOf(i)) === 1).every(Boolean);
  checks.push(
    `Failed submissions sent again: ${retriedStored} stored now, ${retriedRefused} refused as already answered; every one of the ${used} links used has exactly one stored response: ${allOnce && after.size === used ? "yes" : "NO"}`,
  );
  if (!allOnce || after.size !== used) violations.push(`after the retries, ${after.size} responses for ${used} links`);
}

/** The worker's pulse round: sent once (one round, one invitation and one e-mail per person), each
 * e-mail written once, nothing delivered by a web instance. */
async function verifyJobs(
  c: Cluster,
  owner: pg.Pool,
  orgId: string,
  deliveredBeforeKill: number,
  outboxWaitMs: number,
  checks: string[],
  violations: string[],
): Promise<void> {
  const q = async <T extends pg.QueryResultRow>(sql: string) => (await owner.query<T>(sql, [orgId])).rows;
  // Pending mail by what it waits for: a job ready to run now ("created"), a retry after a failed
  // attempt, the claim of the worker that was killed, or nothing at all (stuck).
  const outbox = async () =>
    (
      await q<{ ready: number; retry: number; claimed: number; stuck: number; pending: number }>(
        `SELECT count(*) FILTER (WHERE j.state = 'created' AND unclaimed)::int AS ready,
                count(*) FILTER (WHERE j.state = 'retry' AND unclaimed)::int AS retry,
                count(*) FILTER (WHERE NOT unclaimed)::int AS claimed,
                count(*) FILTER (WHERE j.state IS NULL AND unclaimed)::int AS stuck,
                count(*)::int AS pending
         FROM (SELECT id, ("lockedUntil" IS NULL OR "lockedUntil" <= now()) AS unclaimed FROM "MailMessage"
               WHERE "organizationId" = $1 AND status = 'pending') m
         LEFT JOIN LATERAL (SELECT state::text FROM pgboss.job WHERE name = 'mail-deliver' AND singleton_key = m.id::text
                            AND state < 'completed' ORDER BY created_on DESC LIMIT 1) j ON true`,
      )
    )[0]!;
  // The workers deliver every ready message within a minute or two; a message the killed worker
  // had claimed waits for its claim to end (and the sweep) unless asked to wait for everything.
  const end = Date.now() + Math.max(outboxWaitMs, 120_000);
  for (;;) {
    const o = await outbox();
    if ((outboxWaitMs > 0 ? o.pending : o.ready) === 0 || Date.now() > end) break;
    await sleep(2_000);
  }
  const left = await outbox();
  if (left.ready) violations.push(`${left.ready} e-mails ready to go are not delivered (is a worker running?)`);
  if (left.stuck) violations.push(`${left.stuck} pending e-mails have no delivery job and no claim`);
  const dead = c.workers.filter((w) => !w.running());
  if (dead.length) violations.push(`${dead.map((w) => w.name).join(", ")} exited during the drill (see its log)`);
  const rounds = await q<{ id: string; invitedCount: number }>(
    `SELECT id, "invitedCount" FROM "Survey" WHERE "organizationId" = $1 AND kind = 'pulse'`,
  );
  const invitations = await q<{ n: number; people: number }>(
    `SELECT count(*)::int AS n, count(DISTINCT "userId")::int AS people FROM "SurveyInvitation" WHERE "organizationId" = $1`,
  );
  const mail = await q<{ status: string; n: number }>(
    `SELECT status, count(*)::int AS n
     FROM "MailMessage" WHERE "organizationId" = $1 GROUP BY 1`,
  );
  const count = (s: string) => mail.find((m) => m.status === s)?.n ?? 0;
  const recipients = new Set(
    (await q<{ email: string }>(`SELECT email FROM "User" WHERE "organizationId" = $1`)).map((r) => r.email),
  );
  const files = mailFiles(c.dataDirs.workers).filter((f) => recipients.has(f.to));
  const perMessage = new Map<string, number>();
  for (const f of files) perMessage.set(`${f.to}\n${f.subject}`, (perMessage.get(`${f.to}\n${f.subject}`) ?? 0) + 1);
  const twice = [...perMessage.values()].filter((n) => n > 1).length;
  const fromInstances = mailFiles(c.dataDirs.instances).length;
  const jobs = (
    await owner.query<{ name: string; state: string; n: number; retried: number }>(
      `SELECT name, state::text, count(*)::int AS n, count(*) FILTER (WHERE retry_count > 0)::int AS retried
       FROM pgboss.job WHERE name IN ('mail-deliver', 'survey-tick') GROUP BY 1, 2 ORDER BY 1, 2`,
    )
  ).rows;
  const pending = count("pending");
  checks.push(
    `Pulse round sent once: ${rounds.length} round, ${invitations[0]!.n} invitations for ${invitations[0]!.people} people of ${recipients.size}; ${count("sent")} e-mails sent (${deliveredBeforeKill} before the worker was killed), ${pending} pending (${pending - left.retry - left.ready - left.stuck} held by the killed worker's jobs or claims, delivered once those run out; ${left.retry} waiting for a retry after failing during the primary's restart); ${files.length} .eml files, ${twice} written twice; ${fromInstances} written by web instances`,
    `Jobs (pg-boss): ${jobs.map((j) => `${j.name} ${j.state} ${j.n}${j.retried ? ` (${j.retried} retried)` : ""}`).join(", ")}`,
  );
  if (rounds.length !== 1) violations.push(`${rounds.length} pulse rounds sent for one due slot`);
  if (invitations[0]!.n !== invitations[0]!.people) violations.push("a person was invited twice");
  if (rounds[0] && invitations[0]!.n !== rounds[0].invitedCount)
    violations.push("invitations differ from the round's count");
  if (twice) violations.push(`${twice} e-mails were written more than once`);
  // Each message recorded sent has its one file; a file of a message still pending was written
  // by the killed worker before it could record it, and its retry finds the file.
  const sentIds = (
    await q<{ id: string }>(`SELECT id FROM "MailMessage" WHERE "organizationId" = $1 AND status = 'sent'`)
  ).map((r) => r.id);
  const fileIds = new Set(files.map((f) => f.id));
  const unwritten = sentIds.filter((id) => !fileIds.has(id)).length;
  if (unwritten) violations.push(`${unwritten} messages recorded as sent have no e-mail file`);
  if (fileIds.size !== files.length) violations.push("one outbox message has several e-mail files");
  if (fromInstances) violations.push(`${fromInstances} e-mails were delivered by a web instance`);
  if (outboxWaitMs > 0 && pending) violations.push(`${pending} e-mails still pending after the wait`);
}
