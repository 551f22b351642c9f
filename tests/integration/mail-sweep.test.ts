import { afterEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { db } from "@/lib/db/client";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { log } from "@/lib/log/logger";
import { enqueueMail, type MailInput } from "@/lib/mail/outbox";
import { deliverMail } from "@/lib/mail/deliver";
import { REDELIVER_MIN_AGE_MS, sweepMailOutbox } from "@/lib/mail/sweep";
import { GIVE_UP_AFTER_MS } from "@/lib/mail/delivery-policy";
import { getRoundStatus, retryRoundMail } from "@/lib/surveys/round-status";
import { boss } from "@/lib/jobs/boss";
import { MAIL_SWEEP_SEND, QUEUES } from "@/lib/jobs/queues";
import { surveyMailRef } from "@/lib/surveys/send";
import { ownerClient } from "../support/owner-client";
import { recordingTransport } from "../support/recording-transport";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";

// The outbox's sweep (lib/mail/sweep.ts): a message whose delivery job died is queued again and
// delivered, one that keeps failing past the horizon becomes failed for good, and nothing is ever
// queued twice at once. Rows are aged through the application role (RLS), jobs are killed and
// inspected as the owner.

const owner = ownerClient();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

afterEach(() => {
  vi.restoreAllMocks();
});

const enqueue = (orgId: string, mail: Partial<MailInput> = {}) =>
  withOrg(orgId, (tx) =>
    enqueueMail(tx, orgId, {
      kind: "test",
      to: "rosa@example.com",
      subject: "Hello",
      text: "Plain body",
      html: "<p>Plain body</p>",
      ...mail,
    }),
  );

const message = (orgId: string, id: string) =>
  withOrg(orgId, (tx) =>
    tx.mailMessage.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }),
  );

/** Makes a message look as if it was queued and last tried that long ago. */
async function age(
  orgId: string,
  id: string,
  a: { createdAgo: number; lastAttemptAgo?: number | null; attempts?: number; lastError?: string; lockedUntil?: Date },
) {
  const now = Date.now();
  const lockedUntil = a.lockedUntil ?? (a.lastAttemptAgo == null ? null : new Date(now - a.lastAttemptAgo));
  await withOrg(orgId, (tx) =>
    tx.mailMessage.update({
      where: { organizationId_id: { organizationId: orgId, id } },
      data: {
        createdAt: new Date(now - a.createdAgo),
        lockedUntil,
        attempts: a.attempts ?? 0,
        lastError: a.lastError ?? null,
      },
    }),
  );
}

type JobRow = {
  id: string;
  state: string;
  data: { orgId: string; messageId: string };
  singleton_key: string;
  retry_limit: number;
};
const jobs = async (messageId: string) =>
  (
    await owner().query<JobRow>(
      "SELECT id, state::text AS state, data, singleton_key, retry_limit FROM pgboss.job WHERE name = 'mail-deliver' AND data->>'messageId' = $1 ORDER BY created_on",
      [messageId],
    )
  ).rows;
const liveJobs = async (messageId: string) =>
  (await jobs(messageId)).filter((j) => ["created", "retry", "active"].includes(j.state));

/** The delivery job's retries ran out (or it was lost): pg-boss leaves it failed. */
const killJobs = (messageId: string) =>
  owner().query(
    "UPDATE pgboss.job SET state = 'failed', completed_on = now() WHERE name = 'mail-deliver' AND data->>'messageId' = $1",
    [messageId],
  );

/** A message with no live job, queued a day ago and last tried long ago: the sweep owes it a job. */
async function deadMessage(orgId: string, extra: Partial<MailInput> = {}) {
  const id = await enqueue(orgId, extra);
  await killJobs(id);
  await age(orgId, id, { createdAgo: DAY, lastAttemptAgo: 7 * HOUR, attempts: 11, lastError: "provider down" });
  return id;
}

describe("the mail sweep re-queues messages whose delivery died", () => {
  it("queues a dead message again, and its new job delivers it", async () => {
    const { orgId } = await createOrg();
    const id = await deadMessage(orgId);
    expect(await liveJobs(id)).toHaveLength(0);

    const result = await sweepMailOutbox();
    expect(result.requeued).toBeGreaterThanOrEqual(1);
    const live = await liveJobs(id);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({
      state: "created",
      data: { orgId, messageId: id },
      singleton_key: id,
      retry_limit: 10,
    });
    // Still pending with its history: the sweep queues, it does not send.
    expect(await message(orgId, id)).toMatchObject({ status: "pending", attempts: 11, lastError: "provider down" });

    // What the worker does with that job.
    const t = recordingTransport();
    expect(await deliverMail(live[0]!.data.orgId, live[0]!.data.messageId, t)).toBe("sent");
    expect(t.sent.map((m) => m.id)).toEqual([id]);
    expect(await message(orgId, id)).toMatchObject({ status: "sent", attempts: 12, lastError: null });

    // A sent message is never queued again.
    await killJobs(id);
    await sweepMailOutbox(new Date(Date.now() + 2 * DAY));
    expect(await jobs(id)).toHaveLength(2);
    expect(await liveJobs(id)).toHaveLength(0);
  });

  it("leaves a young message to its own job, and backs off after a recent failure", async () => {
    const { orgId } = await createOrg();
    const young = await enqueue(orgId);
    await killJobs(young);
    await sweepMailOutbox();
    expect(await liveJobs(young)).toHaveLength(0);
    await sweepMailOutbox(new Date(Date.now() + REDELIVER_MIN_AGE_MS + MIN));
    expect(await liveJobs(young)).toHaveLength(1);

    // Three failed attempts, the last 2 minutes ago: the back-off is 2^3 minutes from then.
    const recent = await enqueue(orgId);
    await killJobs(recent);
    await age(orgId, recent, { createdAgo: HOUR, lastAttemptAgo: 2 * MIN, attempts: 3, lastError: "timeout" });
    await sweepMailOutbox();
    expect(await liveJobs(recent)).toHaveLength(0);
    await sweepMailOutbox(new Date(Date.now() + 5 * MIN));
    expect(await liveJobs(recent)).toHaveLength(0);
    await sweepMailOutbox(new Date(Date.now() + 7 * MIN));
    expect(await liveJobs(recent)).toHaveLength(1);

    // A failed delivery records when it happened, which the back-off counts from (2^1 minutes).
    const failedNow = await enqueue(orgId);
    await age(orgId, failedNow, { createdAgo: HOUR });
    await expect(
      deliverMail(orgId, failedNow, { name: "broken", send: () => Promise.reject(new Error("down")) }),
    ).rejects.toThrow("down");
    const row = await message(orgId, failedNow);
    expect(row.lockedUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now() - MIN);
    await killJobs(failedNow);
    await sweepMailOutbox();
    expect(await liveJobs(failedNow)).toHaveLength(0);
    await sweepMailOutbox(new Date(Date.now() + 3 * MIN));
    expect(await liveJobs(failedNow)).toHaveLength(1);
  });
});

describe("the mail sweep's queue", () => {
  it("exists and takes one sweep a minute however many processes offer it", async () => {
    const b = await boss();
    expect(await b.getQueue(QUEUES.mailSweep.name)).toMatchObject({
      name: "mail-sweep",
      policy: "singleton",
      retryLimit: 0,
    });
    // Both offers must fall in one minute slot (the database's clock, as pg-boss's). If the minute
    // turns while they are made, the jobs are removed and the offers made again, a minute from the
    // next turn.
    const minute = async () =>
      (await b.getDb().executeSql("SELECT floor(extract(epoch FROM clock_timestamp()) / 60)::int AS m", [])).rows[0]
        .m as number;
    let offers: (string | null)[] = [];
    for (let attempt = 1; ; attempt++) {
      const before = await minute();
      offers = [
        await b.send(QUEUES.mailSweep.name, {}, MAIL_SWEEP_SEND),
        await b.send(QUEUES.mailSweep.name, {}, MAIL_SWEEP_SEND),
      ];
      if ((await minute()) === before) break;
      expect(attempt, "the minute turned during two attempts in a row").toBe(1);
      await b.deleteJob(
        QUEUES.mailSweep.name,
        offers.filter((id): id is string => id !== null),
      );
    }
    const [first, second] = offers;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBeNull();
  });
});

describe("the mail sweep never queues a message twice at once", () => {
  it("skips a message whose job is still waiting or waiting for a retry", async () => {
    const { orgId } = await createOrg();
    const waiting = await enqueue(orgId);
    await age(orgId, waiting, { createdAgo: DAY, lastAttemptAgo: 7 * HOUR, attempts: 3, lastError: "x" });
    const retrying = await enqueue(orgId);
    await owner().query(
      "UPDATE pgboss.job SET state = 'retry', start_after = now() + interval '2 hours' WHERE name = 'mail-deliver' AND data->>'messageId' = $1",
      [retrying],
    );
    // Past the horizon too: a live job still has its say before the message is given up.
    await age(orgId, retrying, {
      createdAgo: GIVE_UP_AFTER_MS + HOUR,
      lastAttemptAgo: 7 * HOUR,
      attempts: 9,
      lastError: "x",
    });

    await sweepMailOutbox();
    expect(await jobs(waiting)).toHaveLength(1);
    expect(await jobs(retrying)).toHaveLength(1);
    expect(await message(orgId, retrying)).toMatchObject({ status: "pending" });
  });

  it("skips a message claimed by a running delivery, even past the horizon", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    await killJobs(id);
    await age(orgId, id, {
      createdAgo: GIVE_UP_AFTER_MS + HOUR,
      attempts: 5,
      lastError: "x",
      lockedUntil: new Date(Date.now() + 4 * MIN),
    });
    await sweepMailOutbox();
    expect(await liveJobs(id)).toHaveLength(0);
    expect(await message(orgId, id)).toMatchObject({ status: "pending", attempts: 5 });
    // Once the claim has lapsed, the message is the sweep's again.
    await sweepMailOutbox(new Date(Date.now() + 5 * MIN));
    expect(await message(orgId, id)).toMatchObject({ status: "failed" });
  });

  it("queues one job when sweeps overlap, and none on the next sweep", async () => {
    const { orgId } = await createOrg();
    const ids = await Promise.all([deadMessage(orgId), deadMessage(orgId), deadMessage(orgId)]);
    await Promise.all([sweepMailOutbox(), sweepMailOutbox(), sweepMailOutbox(), sweepMailOutbox()]);
    for (const id of ids) {
      expect(await liveJobs(id)).toHaveLength(1);
      expect(await jobs(id)).toHaveLength(2); // the dead one and the sweep's
    }
    await sweepMailOutbox(new Date(Date.now() + DAY));
    for (const id of ids) expect(await jobs(id)).toHaveLength(2);
  });
});

describe("the mail sweep gives up past the horizon", () => {
  it("marks a message that kept failing failed, keeps its error, logs it and never retries it", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    await killJobs(id);
    // Last tried 5 hours ago: within the back-off, but past the horizon nothing more is owed.
    await age(orgId, id, {
      createdAgo: GIVE_UP_AFTER_MS + MIN,
      lastAttemptAgo: 5 * HOUR,
      attempts: 25,
      lastError: "mailbox unavailable",
    });
    const errors = vi.spyOn(log, "error");

    await sweepMailOutbox();
    expect(await message(orgId, id)).toMatchObject({
      status: "failed",
      attempts: 25,
      lastError: "mailbox unavailable",
      sentAt: null,
    });
    expect(await liveJobs(id)).toHaveLength(0);
    expect(errors).toHaveBeenCalledWith(
      "mail.failed",
      expect.objectContaining({ orgId, messageId: id, attempts: 25, lastError: "mailbox unavailable" }),
    );

    await sweepMailOutbox(new Date(Date.now() + 2 * DAY));
    expect(await liveJobs(id)).toHaveLength(0);
    const t = recordingTransport();
    expect(await deliverMail(orgId, id, t)).toBe("skipped");
    expect(t.sent).toHaveLength(0);
    expect(await message(orgId, id)).toMatchObject({ status: "failed", attempts: 25 });
  });

  it("tries a message never attempted before giving it up, however old", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    await killJobs(id);
    await age(orgId, id, { createdAgo: GIVE_UP_AFTER_MS + DAY });
    await sweepMailOutbox();
    expect(await message(orgId, id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await liveJobs(id)).toHaveLength(1);
  });

  it("keeps a message within the horizon pending", async () => {
    const { orgId } = await createOrg();
    const id = await enqueue(orgId);
    await killJobs(id);
    await age(orgId, id, {
      createdAgo: GIVE_UP_AFTER_MS - HOUR,
      lastAttemptAgo: 7 * HOUR,
      attempts: 30,
      lastError: "x",
    });
    await sweepMailOutbox();
    expect(await message(orgId, id)).toMatchObject({ status: "pending" });
    expect(await liveJobs(id)).toHaveLength(1);
  });
});

describe("the mail sweep across organisations", () => {
  it("sweeps every organisation's messages, each under its own organisation", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const ma = await deadMessage(a.orgId);
    const mb = await deadMessage(b.orgId);
    await sweepMailOutbox();
    expect((await liveJobs(ma)).map((j) => j.data)).toEqual([{ orgId: a.orgId, messageId: ma }]);
    expect((await liveJobs(mb)).map((j) => j.data)).toEqual([{ orgId: b.orgId, messageId: mb }]);
  });

  it("looks past organisations through a function that answers ids only", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const ma = await deadMessage(a.orgId, { to: "secret-a@example.com", subject: "Secret A" });
    const mb = await deadMessage(b.orgId, { to: "secret-b@example.com", subject: "Secret B" });

    // As the application role, outside any organisation's transaction.
    const rows = await db().$queryRaw<Record<string, unknown>[]>`
      SELECT * FROM app_mail_redelivery_due(now() AT TIME ZONE 'UTC', '10 minutes'::interval, '1 minute'::interval, '6 hours'::interval, '3 days'::interval)`;
    expect(rows).toEqual(
      expect.arrayContaining([
        { organizationId: a.orgId, id: ma },
        { organizationId: b.orgId, id: mb },
      ]),
    );
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(["id", "organizationId"]);
    expect(JSON.stringify(rows)).not.toMatch(/secret|Secret|provider down/);
    // The table itself stays closed to the application role without an organisation.
    expect(await db().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "MailMessage"`).toEqual([{ n: 0 }]);

    const fn = await owner().query<{ result: string; definer: boolean; acl: string[] }>(
      "SELECT pg_get_function_result(oid) AS result, prosecdef AS definer, proacl::text[] AS acl FROM pg_proc WHERE proname = 'app_mail_redelivery_due'",
    );
    expect(fn.rows).toHaveLength(1);
    expect(fn.rows[0]!.result).toBe('TABLE("organizationId" uuid, id uuid)');
    expect(fn.rows[0]!.definer).toBe(true);
    // Not executable by PUBLIC (an ACL entry "=X/..."), only by the application role.
    expect(fn.rows[0]!.acl.some((e) => e.startsWith("="))).toBe(false);
    expect(fn.rows[0]!.acl.some((e) => e.startsWith("pulsewell_app=X"))).toBe(true);
  });
});

describe("a round's failed mail", () => {
  const ctxOf = (orgId: string, userId: string, role: AuthContext["role"]): AuthContext => ({
    orgId,
    userId,
    role,
    sessionId: randomUUID(),
  });

  async function roundWithMail() {
    const { orgId } = await createOrg();
    const admin = await createUser(orgId, { role: "admin" });
    const employee = await createUser(orgId, { role: "employee" });
    const surveyId = randomUUID();
    const now = new Date();
    await withOrg(orgId, (tx) =>
      tx.survey.create({
        data: {
          organizationId: orgId,
          id: surveyId,
          kind: "pulse",
          title: "Round",
          status: "closed",
          scheduledFor: now,
          sentAt: now,
          closesAt: now,
          closedAt: now,
          audienceTeamIds: [],
        },
      }),
    );
    const mail = { kind: "survey_invitation", ref: surveyMailRef(surveyId) };
    const sent = await enqueue(orgId, mail);
    await withOrg(orgId, (tx) =>
      tx.mailMessage.update({
        where: { organizationId_id: { organizationId: orgId, id: sent } },
        data: { status: "sent", attempts: 1 },
      }),
    );
    const retrying = await enqueue(orgId, mail);
    await age(orgId, retrying, { createdAgo: HOUR, lastAttemptAgo: MIN, attempts: 2, lastError: "provider down" });
    const doomed = await enqueue(orgId, mail);
    await killJobs(doomed);
    await age(orgId, doomed, {
      createdAgo: GIVE_UP_AFTER_MS + HOUR,
      lastAttemptAgo: 7 * HOUR,
      attempts: 40,
      lastError: "mailbox unavailable",
    });
    return {
      orgId,
      surveyId,
      doomed,
      adminCtx: ctxOf(orgId, admin.id, "admin"),
      employeeCtx: ctxOf(orgId, employee.id, "employee"),
    };
  }

  it("shows given-up messages as failed, with the count, not as being retried", async () => {
    const r = await roundWithMail();
    const before = await getRoundStatus(r.adminCtx, r.surveyId);
    expect(before.mail).toMatchObject({ invitations: { pending: 2, sent: 1, failed: 0 }, retrying: 2, failed: 0 });

    await sweepMailOutbox();
    const after = await getRoundStatus(r.adminCtx, r.surveyId);
    expect(after.mail).toMatchObject({
      invitations: { pending: 1, sent: 1, failed: 1 },
      reminders: { pending: 0, sent: 0, failed: 0 },
      retrying: 1,
      failed: 1,
    });
    expect(after.mail.lastErrors.sort()).toEqual(["mailbox unavailable", "provider down"]);
  });

  it("lets an admin retry them: one more round of the job's retries, then failed again", async () => {
    const r = await roundWithMail();
    await sweepMailOutbox();
    expect(await message(r.orgId, r.doomed)).toMatchObject({ status: "failed" });

    expect(await status(retryRoundMail(r.employeeCtx, r.surveyId))).toBe(403);
    const other = await createOrg();
    const otherAdmin = await createUser(other.orgId, { role: "admin" });
    expect(await status(retryRoundMail(ctxOf(other.orgId, otherAdmin.id, "admin"), r.surveyId))).toBe(404);
    expect(await message(r.orgId, r.doomed)).toMatchObject({ status: "failed" });
    expect(await liveJobs(r.doomed)).toHaveLength(0);

    expect(await retryRoundMail(r.adminCtx, r.surveyId)).toEqual({ requeued: 1 });
    expect(await message(r.orgId, r.doomed)).toMatchObject({
      status: "pending",
      attempts: 40,
      lastError: "mailbox unavailable",
    });
    expect(await liveJobs(r.doomed)).toHaveLength(1);
    expect((await getRoundStatus(r.adminCtx, r.surveyId)).mail.failed).toBe(0);
    const audit = await withOrg(r.orgId, (tx) =>
      tx.auditLog.findFirst({
        where: { organizationId: r.orgId, action: "survey.mail_retry" },
        select: { targetId: true, details: true },
      }),
    );
    expect(audit).toEqual({ targetId: r.surveyId, details: { requeued: 1 } });
    // Nothing else to retry; the sweep leaves the live job alone.
    expect(await retryRoundMail(r.adminCtx, r.surveyId)).toEqual({ requeued: 0 });
    await sweepMailOutbox();
    expect(await jobs(r.doomed)).toHaveLength(2);

    // That job's retries fail too: failed again, with the new error.
    await expect(
      deliverMail(r.orgId, r.doomed, { name: "broken", send: () => Promise.reject(new Error("still unavailable")) }),
    ).rejects.toThrow();
    await killJobs(r.doomed);
    await sweepMailOutbox();
    expect(await message(r.orgId, r.doomed)).toMatchObject({
      status: "failed",
      attempts: 41,
      lastError: "still unavailable",
    });
    expect(await liveJobs(r.doomed)).toHaveLength(0);
  });
});
