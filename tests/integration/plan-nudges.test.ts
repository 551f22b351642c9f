import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg, type Tx } from "@/lib/db/tenant";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { runPlanNudges } from "@/lib/plans/nudges";
import { createOrg, userMaker } from "../support/factories";

// The action plans' nudges, run as the job runs them (runPlanNudges over every organisation of the
// test database), twice at the same moment where once-ness is the point: each run's transactions
// race in PostgreSQL itself. Every figure is read for the test's own organisation.
//
// The moment: Wednesday 2 December 2026, 12:00 UTC; organisations on UTC.
const DAY = 86_400_000;
const NOW = new Date("2026-12-02T12:00:00Z");
const day = (offset: number) => new Date(Date.UTC(2026, 11, 2 + offset));

type World = {
  orgId: string;
  admin: string;
  mia: string;
  ben: string;
  eve: string;
  support: string;
  sales: string;
};

async function world(status: SubscriptionStatus = "trialing"): Promise<World> {
  const { orgId } = await createOrg();
  return withOrg(orgId, async (tx) => {
    await tx.organization.update({ where: { id: orgId }, data: { subscriptionStatus: status, pulseTimeZone: "UTC" } });
    const user = userMaker(tx, orgId);
    const admin = await user("Ada", "admin");
    const mia = await user("Mia", "manager");
    const ben = await user("Ben", "manager");
    const team = async (name: string, managerId: string) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    const support = await team("Support", mia);
    const sales = await team("Sales", ben);
    const eve = await user("Eve", "employee", support);
    return { orgId, admin, mia, ben, eve, support, sales };
  });
}

async function plan(
  tx: Tx,
  w: World,
  opts: {
    title?: string;
    status?: "draft" | "published" | "done";
    dueAt?: Date;
    dimension?: string;
    steps?: { title: string; ownerId?: string | null; dueAt: Date | null; done?: boolean }[];
  },
): Promise<{ id: string; steps: string[] }> {
  const id = randomUUID();
  const status = opts.status ?? "published";
  await tx.actionPlan.create({
    data: {
      organizationId: w.orgId,
      id,
      title: opts.title ?? "Weekly 1:1s for everyone",
      dimension: opts.dimension ?? "relationship_with_manager",
      teamId: w.support,
      ownerId: w.mia,
      createdById: w.mia,
      dueAt: opts.dueAt ?? day(60),
      status,
      publishedAt: status === "draft" ? null : new Date(NOW.getTime() - 40 * DAY),
    },
  });
  const steps: string[] = [];
  for (const [order, s] of (opts.steps ?? []).entries()) {
    const stepId = randomUUID();
    steps.push(stepId);
    await tx.actionPlanStep.create({
      data: {
        organizationId: w.orgId,
        id: stepId,
        planId: id,
        order,
        title: s.title,
        ownerId: s.ownerId ?? null,
        dueAt: s.dueAt,
        doneAt: s.done ? new Date(NOW.getTime() - DAY) : null,
      },
    });
  }
  return { id, steps };
}

const twice = async () => {
  const runs = await Promise.all([runPlanNudges(NOW), runPlanNudges(NOW)]);
  expect(runs.map((r) => r.errors)).toEqual([0, 0]);
  return runs;
};

const notifications = (w: World, type: string) =>
  withOrg(w.orgId, (tx) =>
    tx.notification.findMany({
      where: { organizationId: w.orgId, type },
      select: { userId: true, title: true, message: true, actionUrl: true },
      orderBy: [{ userId: "asc" }, { message: "asc" }],
    }),
  );

const mails = (w: World, kind: string) =>
  withOrg(w.orgId, (tx) =>
    tx.mailMessage.findMany({
      where: { organizationId: w.orgId, kind },
      select: { to: true, ref: true, subject: true, text: true, html: true },
      orderBy: { ref: "asc" },
    }),
  );

const emailOf = (w: World, userId: string) =>
  withOrg(
    w.orgId,
    async (tx) =>
      (await tx.user.findUniqueOrThrow({ where: { organizationId_id: { organizationId: w.orgId, id: userId } } }))
        .email,
  );

describe("a step falls due", () => {
  it("tells the step's owner (the plan's owner when it has none) once, and not for done steps, later steps or drafts", async () => {
    const w = await world();
    const { p, draft } = await withOrg(w.orgId, async (tx) => ({
      p: await plan(tx, w, {
        steps: [
          { title: "Book a slot with each person", ownerId: w.eve, dueAt: day(-2) },
          { title: "Share the agenda template", dueAt: day(0) },
          { title: "Ask how it went", ownerId: w.eve, dueAt: day(1) },
          { title: "Already done", ownerId: w.eve, dueAt: day(-5), done: true },
          { title: "No date", ownerId: w.eve, dueAt: null },
        ],
      }),
      draft: await plan(tx, w, { status: "draft", steps: [{ title: "Draft step", ownerId: w.eve, dueAt: day(-3) }] }),
    }));

    await twice();
    const told = await notifications(w, "plan_step_due");
    expect(told).toEqual([
      {
        userId: [w.eve, w.mia].sort()[0],
        title: expect.any(String),
        message: expect.any(String),
        actionUrl: `/commitments/${p.id}`,
      },
      {
        userId: [w.eve, w.mia].sort()[1],
        title: expect.any(String),
        message: expect.any(String),
        actionUrl: `/commitments/${p.id}`,
      },
    ]);
    const toEve = told.find((n) => n.userId === w.eve)!;
    expect(toEve.message).toBe(
      "\u201cBook a slot with each person\u201d of \u201cWeekly 1:1s for everyone\u201d was due on 30 November 2026.",
    );
    expect(told.find((n) => n.userId === w.mia)!.title).toBe("A step is due today");
    const sent = await mails(w, "plan_step_due");
    expect(sent.map((m) => m.ref)).toEqual([`plan-step:${p.steps[0]}`, `plan-step:${p.steps[1]}`].sort());
    const eveMail = sent.find((m) => m.ref === `plan-step:${p.steps[0]}`)!;
    expect(eveMail.to).toBe(await emailOf(w, w.eve));
    expect(eveMail.subject).toBe("Step due: Book a slot with each person");
    expect(eveMail.text).toContain(`/commitments/${p.id}`);

    const stamped = await withOrg(w.orgId, (tx) =>
      tx.actionPlanStep.findMany({
        where: { organizationId: w.orgId, planId: { in: [p.id, draft.id] }, dueNotifiedAt: { not: null } },
        select: { id: true },
      }),
    );
    expect(stamped.map((s) => s.id).sort()).toEqual([p.steps[0], p.steps[1]].sort());

    // The next day the third step falls due; the first two are not told again.
    await runPlanNudges(new Date(NOW.getTime() + DAY));
    await runPlanNudges(new Date(NOW.getTime() + DAY + 3_600_000));
    expect((await mails(w, "plan_step_due")).map((m) => m.ref)).toEqual(
      [`plan-step:${p.steps[0]}`, `plan-step:${p.steps[1]}`, `plan-step:${p.steps[2]}`].sort(),
    );
    expect(await notifications(w, "plan_step_due")).toHaveLength(3);
  });

  it("tells the plan's owner once when the plan's own due day comes", async () => {
    const w = await world();
    const p = await withOrg(w.orgId, (tx) => plan(tx, w, { dueAt: day(0) }));
    await withOrg(w.orgId, (tx) => plan(tx, w, { status: "draft", dueAt: day(-1) }));
    await withOrg(w.orgId, (tx) => plan(tx, w, { status: "done", dueAt: day(-1) }));

    await twice();
    const sent = await mails(w, "plan_due");
    expect(sent.map((m) => [m.to, m.ref])).toEqual([[await emailOf(w, w.mia), `plan-due:${p.id}:2026-12-02`]]);
    expect(sent[0]!.subject).toBe("Action plan due: Weekly 1:1s for everyone");
    expect((await notifications(w, "plan_step_due")).map((n) => [n.userId, n.title])).toEqual([
      [w.mia, "Your action plan is due today"],
    ]);
    await runPlanNudges(new Date(NOW.getTime() + 2 * DAY));
    expect(await mails(w, "plan_due")).toHaveLength(1);
  });
});

describe("titles in e-mails", () => {
  it("leave out a plan or step title that could act as a link or markup, in the subject, text and HTML", async () => {
    const w = await world();
    await withOrg(w.orgId, (tx) =>
      plan(tx, w, {
        title: "Read evil.example/login <b>now</b>",
        steps: [{ title: "Visit https://evil.example", ownerId: w.eve, dueAt: day(0) }],
      }),
    );
    await runPlanNudges(NOW);
    const [m] = await mails(w, "plan_step_due");
    expect(m!.subject).toBe("A step of your action plan is due");
    expect(m!.text).toContain("A step of an action plan is due today.");
    for (const part of [m!.subject, m!.text, m!.html]) expect(part).not.toMatch(/evil|<b>/);
  });
});

/** A survey of the organisation with the given status, a check-back of `planId` sent with it. */
async function sentCheckBack(w: World, planId: string, ordinal: number, surveyStatus: "active" | "closed") {
  return withOrg(w.orgId, async (tx) => {
    const surveyId = randomUUID();
    await tx.survey.create({
      data: {
        organizationId: w.orgId,
        id: surveyId,
        kind: "pulse",
        title: "Weekly pulse",
        status: surveyStatus,
        scheduledFor: new Date(NOW.getTime() - 8 * DAY),
        sentAt: new Date(NOW.getTime() - 8 * DAY),
        closesAt: new Date(NOW.getTime() - DAY),
        closedAt: surveyStatus === "closed" ? new Date(NOW.getTime() - DAY) : null,
      },
    });
    const id = randomUUID();
    await tx.actionCheckBack.create({
      data: {
        organizationId: w.orgId,
        id,
        planId,
        ordinal,
        dueAt: new Date(NOW.getTime() - 9 * DAY),
        status: "sent",
        surveyId,
        sentAt: new Date(NOW.getTime() - 8 * DAY),
      },
    });
    return id;
  });
}

describe("a check-back's survey closes", () => {
  it("tells the plan's owner once that its result is in; not while the survey is open", async () => {
    const w = await world();
    const p = await withOrg(w.orgId, (tx) => plan(tx, w, {}));
    const closed = await sentCheckBack(w, p.id, 1, "closed");
    const open = await sentCheckBack(w, p.id, 2, "active");

    await twice();
    expect(await notifications(w, "plan_checkback_result")).toEqual([
      {
        userId: w.mia,
        title: "Check-back results are in",
        message:
          "The 30-day check-back of \u201cWeekly 1:1s for everyone\u201d has closed: see whether the score moved and whether the action happened.",
        actionUrl: `/commitments/${p.id}`,
      },
    ]);
    const sent = await mails(w, "plan_checkback_result");
    expect(sent.map((m) => [m.to, m.ref])).toEqual([[await emailOf(w, w.mia), `plan-checkback:${closed}`]]);
    const rows = await withOrg(w.orgId, (tx) =>
      tx.actionCheckBack.findMany({
        where: { organizationId: w.orgId, planId: p.id },
        select: { id: true, resultNotifiedAt: true },
      }),
    );
    expect(rows.find((r) => r.id === closed)!.resultNotifiedAt).toEqual(NOW);
    expect(rows.find((r) => r.id === open)!.resultNotifiedAt).toBeNull();
  });
});

describe("a read-only workspace", () => {
  it("is told nothing: no notification, no e-mail, nothing claimed", async () => {
    const w = await world("canceled");
    const p = await withOrg(w.orgId, (tx) =>
      plan(tx, w, { dueAt: day(-1), steps: [{ title: "Book slots", ownerId: w.eve, dueAt: day(-1) }] }),
    );
    await sentCheckBack(w, p.id, 1, "closed");
    await withOrg(w.orgId, (tx) =>
      tx.organization.update({ where: { id: w.orgId }, data: { pulseWeekday: NOW.getUTCDay(), pulseTime: "08:00" } }),
    );
    await twice();
    const counts = await withOrg(w.orgId, async (tx) => ({
      notifications: await tx.notification.count({ where: { organizationId: w.orgId } }),
      mails: await tx.mailMessage.count({ where: { organizationId: w.orgId } }),
      stepsClaimed: await tx.actionPlanStep.count({ where: { organizationId: w.orgId, dueNotifiedAt: { not: null } } }),
      resultsClaimed: await tx.actionCheckBack.count({
        where: { organizationId: w.orgId, resultNotifiedAt: { not: null } },
      }),
    }));
    expect(counts).toEqual({ notifications: 0, mails: 0, stepsClaimed: 0, resultsClaimed: 0 });
  });
});

/** A closed pulse round 9 days before NOW in which Support (3 answers) scores low on recognition
 * and relationship with manager: both are Support's focus areas. */
async function lowRound(tx: Tx, w: World) {
  const id = randomUUID();
  const sentAt = new Date(NOW.getTime() - 9 * DAY);
  await tx.survey.create({
    data: {
      organizationId: w.orgId,
      id,
      kind: "pulse",
      title: "Weekly pulse",
      status: "closed",
      scheduledFor: sentAt,
      sentAt,
      closesAt: new Date(sentAt.getTime() + 7 * DAY),
      closedAt: new Date(sentAt.getTime() + 7 * DAY),
      minGroupSize: 3,
    },
  });
  for (const teamId of [ORG_GROUP, w.support])
    await tx.surveyParticipation.create({
      data: { organizationId: w.orgId, surveyId: id, teamId, invited: 3, responded: 3 },
    });
  const metrics: Record<string, [number, number]> = {
    recognition: [3, 9],
    relationship_with_manager: [3, 7.5],
    alignment: [3, 27],
  };
  for (const teamId of [ORG_GROUP, w.support])
    for (const [metric, [n, sum]] of Object.entries(metrics))
      await tx.surveyRollup.create({ data: { organizationId: w.orgId, surveyId: id, teamId, metric, n, sum } });
}

describe("the weekly digest", () => {
  it("lists a manager's focus areas without a plan and plans past due, once a week, on the pulse weekday", async () => {
    const w = await world();
    const { addressed, overdue } = await withOrg(w.orgId, async (tx) => {
      await tx.organization.update({
        where: { id: w.orgId },
        data: { pulseWeekday: NOW.getUTCDay(), pulseTime: "08:00" },
      });
      await lowRound(tx, w);
      return {
        addressed: await plan(tx, w, { status: "draft", dimension: "relationship_with_manager" }),
        overdue: await plan(tx, w, { title: "Monthly team retro", dimension: "alignment", dueAt: day(-3) }),
      };
    });

    // The day before: not the pulse weekday, no digest.
    await runPlanNudges(new Date(NOW.getTime() - DAY));
    expect(await mails(w, "plans_digest")).toHaveLength(0);

    await twice();
    const sent = await mails(w, "plans_digest");
    expect(sent.map((m) => [m.to, m.ref])).toEqual([[await emailOf(w, w.mia), `plans-digest:${w.mia}:2026-11-30`]]);
    const text = sent[0]!.text;
    expect(text).toContain("Support: Recognition (3.0). Plan an action: ");
    expect(text).toContain(`/commitments/new?teamId=${w.support}&dimension=recognition`);
    // A plan (here a draft) addresses relationship with manager: not listed.
    expect(text).not.toContain("Relationship with manager");
    expect(text).not.toContain(`/commitments/${addressed.id}`);
    expect(text).toContain(`\u201cMonthly team retro\u201d, due 29 November 2026: `);
    expect(text).toContain(`/commitments/${overdue.id}`);
    expect(sent[0]!.html).toContain(`/commitments/${overdue.id}`);
    // Ben's team has nothing to act on, and the admin leads no team: neither gets one.

    // Later that day, and the week's other days: nothing more.
    await runPlanNudges(new Date(NOW.getTime() + 6 * 3_600_000));
    await runPlanNudges(new Date(NOW.getTime() + 2 * DAY));
    expect(await mails(w, "plans_digest")).toHaveLength(1);

    // The next pulse weekday: the next week's digest.
    await Promise.all([
      runPlanNudges(new Date(NOW.getTime() + 7 * DAY)),
      runPlanNudges(new Date(NOW.getTime() + 7 * DAY)),
    ]);
    expect((await mails(w, "plans_digest")).map((m) => m.ref)).toEqual([
      `plans-digest:${w.mia}:2026-11-30`,
      `plans-digest:${w.mia}:2026-12-07`,
    ]);
  });
});
