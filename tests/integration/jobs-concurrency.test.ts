import { describe, expect, it, vi } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { boss, MAINTENANCE_SECONDS } from "@/lib/jobs/boss";
import { QUEUES, SURVEY_TICK_SEND, TICK_EXPIRE_SECONDS } from "@/lib/jobs/queues";
import { runSchedulerTick } from "@/lib/surveys/rounds";
import { surveyMailRef } from "@/lib/surveys/send";
import { runMeetingWork } from "@/lib/one-on-one/reminders";
import { enqueueMail } from "@/lib/mail/outbox";
import { deliverMail } from "@/lib/mail/deliver";
import { createOrg, createUser } from "../support/factories";
import { meeting, reportsTo, person, DAY } from "../support/one-on-one";
import { recordingTransport } from "../support/recording-transport";
import { ownerClient } from "../support/owner-client";

// The jobs' own claim code run twice at the same moment, as two workers whose ticks overlap would
// run it. Each call runs its transactions on its own pooled connections (the pool holds ten), so
// the two race in PostgreSQL itself: the guards under test are the database's (unique round key,
// conditional updates), not anything in this process.
const owner = ownerClient();

describe("two workers running the same job at once", () => {
  it("send one weekly round, and close it once", async () => {
    const { orgId } = await createOrg();
    await createUser(orgId, { role: "admin" });
    await Promise.all([1, 2, 3].map(() => createUser(orgId)));
    // A day ahead, so the organisation is older than the slot; due five minutes before `now`.
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const now = new Date(`${day}T12:00:00Z`);
    await withOrg(orgId, (tx) =>
      tx.organization.update({
        where: { id: orgId },
        data: { pulseEnabled: true, pulseWeekday: now.getUTCDay(), pulseTime: "11:55", pulseTimeZone: "UTC" },
      }),
    );

    const sends = await Promise.all([runSchedulerTick(now), runSchedulerTick(now)]);
    expect(sends.map((r) => r.errors)).toEqual([0, 0]);
    expect(sends[0]!.rounds + sends[1]!.rounds).toBe(1);
    const rounds = await withOrg(orgId, (tx) =>
      tx.survey.findMany({ where: { organizationId: orgId }, select: { id: true, status: true } }),
    );
    expect(rounds).toEqual([{ id: expect.any(String), status: "active" }]);
    const surveyId = rounds[0]!.id;
    const mails = () =>
      withOrg(orgId, (tx) => tx.mailMessage.count({ where: { organizationId: orgId, ref: surveyMailRef(surveyId) } }));
    expect(await mails()).toBe(4);

    // Eight days on: past the close, and more than a day after the next week's slot (no new round).
    const later = new Date(now.getTime() + 8 * DAY);
    const closes = await Promise.all([runSchedulerTick(later), runSchedulerTick(later)]);
    expect(closes.map((r) => r.errors)).toEqual([0, 0]);
    expect(closes[0]!.closed + closes[1]!.closed).toBe(1);
    expect(closes[0]!.rounds + closes[1]!.rounds).toBe(0);
    const after = await withOrg(orgId, (tx) =>
      tx.survey.findMany({ where: { organizationId: orgId }, select: { status: true } }),
    );
    expect(after).toEqual([{ status: "closed" }]);
    expect(await mails()).toBe(4);
  });

  it("send a 1:1 reminder once: one notification and one e-mail per person", async () => {
    const { orgId } = await createOrg();
    const manager = await person(orgId, "manager");
    const employee = await person(orgId, "employee");
    await reportsTo(employee, manager);
    const soon = await meeting(manager, employee.userId, { at: new Date(Date.now() + 3 * 3_600_000) });

    const runs = await Promise.all([runMeetingWork(new Date()), runMeetingWork(new Date())]);
    expect(runs.map((r) => r.errors)).toEqual([0, 0]);
    const counts = await withOrg(orgId, async (tx) => ({
      notifications: await tx.notification.count({ where: { organizationId: orgId, type: "meeting_reminder" } }),
      mails: await tx.mailMessage.count({ where: { organizationId: orgId, ref: `meeting:${soon}` } }),
    }));
    expect(counts).toEqual({ notifications: 2, mails: 2 });
  });

  it("deliver one outbox message once", async () => {
    const { orgId } = await createOrg();
    const messageId = await withOrg(orgId, (tx) =>
      enqueueMail(tx, orgId, {
        kind: "test",
        to: "rosa@example.com",
        subject: "Hello",
        text: "Plain body",
        html: "<p>Plain body</p>",
      }),
    );
    const transport = recordingTransport();
    const outcomes = await Promise.all([
      deliverMail(orgId, messageId, transport),
      deliverMail(orgId, messageId, transport),
    ]);
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(1);
    expect(transport.sent).toHaveLength(1);
    const status = await withOrg(orgId, (tx) =>
      tx.mailMessage.findUniqueOrThrow({
        where: { organizationId_id: { organizationId: orgId, id: messageId } },
        select: { status: true },
      }),
    );
    expect(status).toEqual({ status: "sent" });
  });
});

describe("a minute job left active by a dead worker", () => {
  it(
    "holds the next tick back only until its short expiry (pg-boss's own singleton and maintenance)",
    { timeout: 90_000 },
    async () => {
      const b = await boss();
      const name = QUEUES.surveyTick.name;
      // A worker fetched the tick and died: the job stays active, nothing will complete it.
      const deadId = await b.send(name, {}, SURVEY_TICK_SEND);
      expect(deadId).toEqual(expect.any(String));
      const fetched = await b.fetch(name);
      expect(fetched.map((j) => j.id)).toEqual([deadId]);
      const dead = await owner().query<{ expire: number; policy: string }>(
        `SELECT EXTRACT(epoch FROM expire_in)::int AS expire, policy FROM pgboss.job WHERE id = $1`,
        [deadId],
      );
      expect(dead.rows[0]).toEqual({ expire: TICK_EXPIRE_SECONDS, policy: "singleton" });

      // A minute later (moved back in time rather than waited for): the next offer makes the next
      // minute's job, but no worker can start it while the dead one is active.
      await owner().query(
        `UPDATE pgboss.job SET started_on = started_on - interval '60 seconds',
           singleton_on = singleton_on - interval '60 seconds', created_on = created_on - interval '60 seconds'
         WHERE id = $1`,
        [deadId],
      );
      const nextId = await b.send(name, {}, SURVEY_TICK_SEND);
      expect(nextId).toEqual(expect.any(String));
      // (pg-boss's fetch meets its unique index of active singletons and answers nothing.)
      expect(await b.fetch(name)).toEqual([]);

      // Past the expiry: pg-boss's maintenance (as often as lib/jobs/boss.ts asks) fails the dead
      // job, and the next tick starts. The old expiry (five to ten minutes) would still block here.
      await owner().query(
        `UPDATE pgboss.job SET started_on = now() - interval '${TICK_EXPIRE_SECONDS + 1} seconds' WHERE id = $1`,
        [deadId],
      );
      await owner().query(`UPDATE pgboss.version SET maintained_on = NULL`);
      const started = Date.now();
      const next = await vi.waitFor(
        async () => {
          const jobs = await b.fetch(name);
          if (jobs.length === 0) throw new Error("the next tick has not started");
          return jobs;
        },
        { timeout: (MAINTENANCE_SECONDS * 2 + 5) * 1000, interval: 500 },
      );
      expect(next.map((j) => j.id)).toEqual([nextId]);
      expect(Date.now() - started).toBeLessThanOrEqual((MAINTENANCE_SECONDS * 2 + 5) * 1000);
      expect((await b.getJobById(name, deadId!))?.state).toBe("failed");
      await b.complete(name, nextId!);
    },
  );
});
