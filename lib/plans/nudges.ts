import "server-only";
import { db } from "@/lib/db/client";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { isReadOnly } from "@/lib/billing/access";
import { log } from "@/lib/log/logger";
import { formatDay } from "@/lib/format";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { planDueMail, type DueWhen } from "@/lib/mail/templates/plan-due";
import { planCheckBackResultMail } from "@/lib/mail/templates/plan-checkback-result";
import { planDigestMail, type DigestFocusArea, type DigestPlan } from "@/lib/mail/templates/plan-digest";
import { notify } from "@/lib/notifications/service";
import { workspaceOf } from "@/lib/one-on-one/invitations";
import { focusAreas } from "@/lib/analytics/focus-areas";
import { weekStart, isoDay } from "@/lib/analytics/periods";
import { currentSlot, localDateOf } from "@/lib/surveys/schedule";
import { CHECK_BACK_DAYS } from "@/lib/plans/dto";
import { safeName } from "@/lib/mail/safe-name";

// The action plans' nudges (docs/decisions.md (Acting on results)), run by their own job a few
// times an hour (lib/jobs/queues.ts, planNudges):
// - a step falls due (its day, in the organisation's time zone, is today or past) and is not done:
//   its owner, or the plan's owner when the step has none, gets a notification and an e-mail;
// - a published plan's own due day comes: its owner is told likewise;
// - a check-back's survey has closed: the plan's owner is told its result is on the plan's page;
// - on the organisation's pulse weekday, after its pulse time, each manager (and each admin who
//   leads a team) gets one e-mail listing their teams' focus areas without a plan and their
//   published plans past due; nothing when both lists are empty.
// Each at most once, whatever the number of workers or overlapping runs: a step and a check-back
// are claimed by a conditional update of dueNotifiedAt / resultNotifiedAt in the transaction that
// writes the notification and the e-mail (the row lock makes a second claimer wait, then match
// nothing); a plan's due day and a weekly digest have no column of their own, so their e-mail's
// ref is the record, read and written under a transaction-scoped advisory lock on that ref.
// Read-only workspaces (subscription ended) are told nothing: the database function leaves them
// out, and each transaction asks again (a subscription may end mid-run).

type NudgeResult = { steps: number; plans: number; results: number; digests: number; errors: number };

const planUrl = (planId: string) => `/commitments/${planId}`;
/** A calendar day column (midnight UTC) as its YYYY-MM-DD text. */
const dayText = (d: Date) => d.toISOString().slice(0, 10);
const dueWhen = (day: string, today: string): DueWhen =>
  day === today ? { today: true } : { today: false, day: formatDay(day, "dayLongMonthYear") };

const planDueRef = (planId: string, dueDay: string) => `plan-due:${planId}:${dueDay}`;
const digestRef = (userId: string, weekOf: string) => `plans-digest:${userId}:${weekOf}`;

/** Holds a transaction-scoped lock on a name, so that whoever checks a record and writes it is
 * the only one doing so until commit. */
const lockOn = (tx: Tx, name: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${name}, 0))`;

const hasMail = async (tx: Tx, orgId: string, ref: string) =>
  (await tx.mailMessage.count({ where: { organizationId: orgId, ref } })) > 0;

type Person = { id: string; firstName: string; email: string };
const personSelect = { id: true, firstName: true, email: true } as const;

/** The organisation's local today (YYYY-MM-DD), in its pulse time zone. */
async function localToday(tx: Tx, orgId: string, now: Date): Promise<string> {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { pulseTimeZone: true } });
  return localDateOf(now, org.pulseTimeZone);
}

/** Tells a step's owner (or the plan's) that the step is due, once. */
async function nudgeStep(orgId: string, stepId: string, today: string, now: Date): Promise<boolean> {
  return withOrg(orgId, async (tx) => {
    if (await isReadOnly(tx, orgId)) return false;
    const claimed = await tx.actionPlanStep.updateMany({
      where: {
        organizationId: orgId,
        id: stepId,
        dueNotifiedAt: null,
        doneAt: null,
        dueAt: { lte: new Date(`${today}T00:00:00Z`) },
        plan: { status: "published" },
      },
      data: { dueNotifiedAt: now },
    });
    if (claimed.count === 0) return false;
    const step = await tx.actionPlanStep.findUniqueOrThrow({
      where: orgKey(orgId, stepId),
      select: {
        title: true,
        dueAt: true,
        owner: { select: personSelect },
        plan: { select: { id: true, title: true, owner: { select: personSelect } } },
      },
    });
    const to: Person = step.owner ?? step.plan.owner;
    const when = dueWhen(dayText(step.dueAt!), today);
    await notify(tx, orgId, {
      userId: to.id,
      type: "plan_step_due",
      title: when.today ? "A step is due today" : "A step is overdue",
      message: `\u201c${step.title}\u201d of \u201c${step.plan.title}\u201d ${when.today ? "is due today" : `was due on ${when.day}`}.`,
      actionUrl: planUrl(step.plan.id),
      actionText: "View plan",
    });
    const { origin } = await workspaceOf(tx, orgId);
    await enqueueMail(tx, orgId, {
      to: to.email,
      ...(await planDueMail({
        brand: await mailBrand(tx, orgId),
        firstName: to.firstName,
        what: "step",
        planTitle: step.plan.title,
        stepTitle: step.title,
        when,
        url: `${origin}${planUrl(step.plan.id)}`,
      })),
      kind: "plan_step_due",
      ref: `plan-step:${stepId}`,
    });
    return true;
  });
}

/** Tells a published plan's owner that its due day has come, once per due day (a plan given a
 * new due day is told again when that one comes). */
async function nudgePlanDue(orgId: string, planId: string, today: string): Promise<boolean> {
  return withOrg(orgId, async (tx) => {
    if (await isReadOnly(tx, orgId)) return false;
    const plan = await tx.actionPlan.findUnique({
      where: orgKey(orgId, planId),
      select: { id: true, title: true, status: true, dueAt: true, owner: { select: personSelect } },
    });
    if (!plan || plan.status !== "published" || dayText(plan.dueAt) > today) return false;
    const ref = planDueRef(plan.id, dayText(plan.dueAt));
    await lockOn(tx, `${orgId}:${ref}`);
    if (await hasMail(tx, orgId, ref)) return false;
    const when = dueWhen(dayText(plan.dueAt), today);
    await notify(tx, orgId, {
      userId: plan.owner.id,
      type: "plan_step_due",
      title: when.today ? "Your action plan is due today" : "Your action plan is past due",
      message: `\u201c${plan.title}\u201d ${when.today ? "is due today" : `was due on ${when.day}`}. Mark it done or give it a new due date.`,
      actionUrl: planUrl(plan.id),
      actionText: "View plan",
    });
    const { origin } = await workspaceOf(tx, orgId);
    await enqueueMail(tx, orgId, {
      to: plan.owner.email,
      ...(await planDueMail({
        brand: await mailBrand(tx, orgId),
        firstName: plan.owner.firstName,
        what: "plan",
        planTitle: plan.title,
        when,
        url: `${origin}${planUrl(plan.id)}`,
      })),
      kind: "plan_due",
      ref,
    });
    return true;
  });
}

/** Tells a plan's owner that a check-back's survey has closed, once. */
async function nudgeCheckBackResult(orgId: string, checkBackId: string, now: Date): Promise<boolean> {
  return withOrg(orgId, async (tx) => {
    if (await isReadOnly(tx, orgId)) return false;
    const cb = await tx.actionCheckBack.findUnique({
      where: orgKey(orgId, checkBackId),
      select: {
        ordinal: true,
        surveyId: true,
        plan: { select: { id: true, title: true, owner: { select: personSelect } } },
      },
    });
    // Asked again here, not only in the candidate list: the result is in once its survey closed.
    const survey = cb?.surveyId
      ? await tx.survey.findUnique({ where: orgKey(orgId, cb.surveyId), select: { status: true } })
      : null;
    if (!cb || survey?.status !== "closed") return false;
    const claimed = await tx.actionCheckBack.updateMany({
      where: { organizationId: orgId, id: checkBackId, status: "sent", resultNotifiedAt: null },
      data: { resultNotifiedAt: now },
    });
    if (claimed.count === 0) return false;
    const days = CHECK_BACK_DAYS[cb.ordinal - 1] ?? CHECK_BACK_DAYS[0];
    await notify(tx, orgId, {
      userId: cb.plan.owner.id,
      type: "plan_checkback_result",
      title: "Check-back results are in",
      message: `The ${days}-day check-back of \u201c${cb.plan.title}\u201d has closed: see whether the score moved and whether the action happened.`,
      actionUrl: planUrl(cb.plan.id),
      actionText: "See results",
    });
    const { origin } = await workspaceOf(tx, orgId);
    await enqueueMail(tx, orgId, {
      to: cb.plan.owner.email,
      ...(await planCheckBackResultMail({
        brand: await mailBrand(tx, orgId),
        firstName: cb.plan.owner.firstName,
        planTitle: cb.plan.title,
        days,
        url: `${origin}${planUrl(cb.plan.id)}`,
      })),
      kind: "plan_checkback_result",
      ref: `plan-checkback:${checkBackId}`,
    });
    return true;
  });
}

/** One organisation's due steps, plans and closed check-backs, each told in its own transaction
 * so one failure does not hold the others back. */
async function nudgeOrganization(orgId: string, now: Date, result: NudgeResult): Promise<void> {
  const work = await withOrg(orgId, async (tx) => {
    const today = await localToday(tx, orgId, now);
    const todayDate = new Date(`${today}T00:00:00Z`);
    const steps = await tx.actionPlanStep.findMany({
      where: {
        organizationId: orgId,
        dueNotifiedAt: null,
        doneAt: null,
        dueAt: { lte: todayDate },
        plan: { status: "published" },
      },
      select: { id: true },
      orderBy: { id: "asc" },
    });
    const plans = await tx.actionPlan.findMany({
      where: { organizationId: orgId, status: "published", dueAt: { lte: todayDate } },
      select: { id: true, dueAt: true },
      orderBy: { id: "asc" },
    });
    const told = new Set(
      (
        await tx.mailMessage.findMany({
          where: { organizationId: orgId, ref: { in: plans.map((p) => planDueRef(p.id, dayText(p.dueAt))) } },
          select: { ref: true },
        })
      ).map((m) => m.ref),
    );
    const sent = await tx.actionCheckBack.findMany({
      where: { organizationId: orgId, status: "sent", resultNotifiedAt: null, surveyId: { not: null } },
      select: { id: true, surveyId: true },
    });
    const closed = new Set(
      (
        await tx.survey.findMany({
          where: { organizationId: orgId, id: { in: sent.map((c) => c.surveyId!) }, status: "closed" },
          select: { id: true },
        })
      ).map((s) => s.id),
    );
    return {
      today,
      steps: steps.map((s) => s.id),
      plans: plans.filter((p) => !told.has(planDueRef(p.id, dayText(p.dueAt)))).map((p) => p.id),
      checkBacks: sent.filter((c) => closed.has(c.surveyId!)).map((c) => c.id),
    };
  });
  const each = async (kind: string, id: string, run: () => Promise<boolean>, count: (r: NudgeResult) => void) => {
    try {
      if (await run()) count(result);
    } catch (err) {
      result.errors++;
      log.error("plans.nudge_failed", { orgId, kind, id, err });
    }
  };
  for (const id of work.steps)
    await each(
      "step",
      id,
      () => nudgeStep(orgId, id, work.today, now),
      (r) => r.steps++,
    );
  for (const id of work.plans)
    await each(
      "plan",
      id,
      () => nudgePlanDue(orgId, id, work.today),
      (r) => r.plans++,
    );
  for (const id of work.checkBacks)
    await each(
      "checkback",
      id,
      () => nudgeCheckBackResult(orgId, id, now),
      (r) => r.results++,
    );
}

type ScheduleRow = { id: string; weekday: number; at_time: string; time_zone: string };

/** The organisation's digest week (the Monday of its local today), when `now` is on its pulse
 * weekday at or after its pulse time; else null. */
function digestWeek(row: ScheduleRow, now: Date): string | null {
  const slot = currentSlot({ weekday: row.weekday, time: row.at_time, timeZone: row.time_zone }, now);
  if (!slot.passed || slot.roundKey !== localDateOf(now, row.time_zone)) return null;
  return isoDay(weekStart(new Date(`${slot.roundKey}T00:00:00Z`)));
}

/** Digests this process found nothing to send for, by organisation, person and week: the focus
 * areas are worth computing once a week per person, not every run of the day. A digest sent is
 * found by its e-mail's ref, which (under the lock) is also what makes it go once. */
const digestDone = new Set<string>();
const DIGEST_MEMO_MAX = 50_000;

/** What one person's digest lists, read as that person (their AuthContext), so the focus areas
 * are suppressed, and the viewer rule applied, exactly as their dashboard shows them. */
async function digestContent(
  ctx: AuthContext,
  ledTeams: { id: string; name: string }[],
  today: string,
  origin: string,
  now: Date,
): Promise<{ focusAreas: DigestFocusArea[]; overdue: DigestPlan[] }> {
  const out: DigestFocusArea[] = [];
  for (const team of ledTeams) {
    const areas = await focusAreas(ctx, { kind: "team", teamId: team.id }, now);
    for (const a of areas.filter((x) => x.focus && x.planId === null))
      out.push({
        teamName: safeName(team.name) ?? "Your team",
        label: a.label,
        score: a.score === null ? null : a.score.toFixed(1),
        url: `${origin}/commitments/new?teamId=${team.id}&dimension=${a.dimension}`,
      });
  }
  const overdue = await withOrg(ctx.orgId, (tx) =>
    tx.actionPlan.findMany({
      where: {
        organizationId: ctx.orgId,
        status: "published",
        dueAt: { lt: new Date(`${today}T00:00:00Z`) },
        OR: [{ ownerId: ctx.userId }, { teamId: { in: ledTeams.map((t) => t.id) } }],
      },
      select: { id: true, title: true, dueAt: true },
      orderBy: [{ dueAt: "asc" }, { id: "asc" }],
    }),
  );
  return {
    focusAreas: out,
    overdue: overdue.map((p) => ({
      title: p.title,
      dueDay: formatDay(dayText(p.dueAt), "dayLongMonthYear"),
      url: `${origin}${planUrl(p.id)}`,
    })),
  };
}

/** The weekly digests of one organisation whose pulse weekday it is. */
async function sendDigests(orgId: string, week: string, now: Date, result: NudgeResult): Promise<void> {
  const setup = await withOrg(orgId, async (tx) => {
    if (await isReadOnly(tx, orgId)) return null;
    const teams = await tx.team.findMany({
      where: { organizationId: orgId, managerId: { not: null } },
      select: { id: true, name: true, managerId: true },
      orderBy: { name: "asc" },
    });
    const leaders = await tx.user.findMany({
      where: {
        organizationId: orgId,
        role: { in: ["manager", "admin"] },
        OR: [{ role: "manager" }, { id: { in: teams.map((t) => t.managerId!) } }],
      },
      select: { id: true, role: true, firstName: true, email: true },
      orderBy: { id: "asc" },
    });
    // This week's digests already sent: one read, so the runs after the first of the day cost
    // one transaction per organisation, not one per leader.
    const sent = await tx.mailMessage.findMany({
      where: { organizationId: orgId, ref: { in: leaders.map((l) => digestRef(l.id, week)) } },
      select: { ref: true },
    });
    const { origin } = await workspaceOf(tx, orgId);
    return { today: await localToday(tx, orgId, now), teams, leaders, origin, sent: new Set(sent.map((m) => m.ref)) };
  });
  if (!setup) return;
  for (const leader of setup.leaders) {
    const memo = `${orgId}:${leader.id}:${week}`;
    const ref = digestRef(leader.id, week);
    if (digestDone.has(memo) || setup.sent.has(ref)) continue;
    try {
      // A job acts for the person: no session of theirs is involved.
      const ctx: AuthContext = { orgId, userId: leader.id, role: leader.role, sessionId: "plans-digest" };
      const led = setup.teams.filter((t) => t.managerId === leader.id);
      const content = await digestContent(ctx, led, setup.today, setup.origin, now);
      if (content.focusAreas.length + content.overdue.length > 0) {
        const sent = await withOrg(orgId, async (tx) => {
          if (await isReadOnly(tx, orgId)) return false;
          await lockOn(tx, `${orgId}:${ref}`);
          if (await hasMail(tx, orgId, ref)) return false;
          await enqueueMail(tx, orgId, {
            to: leader.email,
            ...(await planDigestMail({
              brand: await mailBrand(tx, orgId),
              firstName: leader.firstName,
              ...content,
              listUrl: `${setup.origin}/commitments`,
            })),
            kind: "plans_digest",
            ref,
          });
          return true;
        });
        if (sent) result.digests++;
      } else remember(memo);
    } catch (err) {
      result.errors++;
      log.error("plans.digest_failed", { orgId, userId: leader.id, err });
    }
  }
}

function remember(memo: string): void {
  if (digestDone.size >= DIGEST_MEMO_MAX) digestDone.clear();
  digestDone.add(memo);
}

/**
 * One run of the nudges for every organisation: due steps and plans and closed check-backs where
 * the database says there are some, then the weekly digests of organisations whose pulse weekday
 * it is. A failing organisation or item is logged and tried again next run.
 */
export async function runPlanNudges(now = new Date()): Promise<NudgeResult> {
  const result: NudgeResult = { steps: 0, plans: 0, results: 0, digests: 0, errors: 0 };
  const due = await db().$queryRaw<{ id: string }[]>`SELECT "id" FROM app_plan_nudges_due(${now}::timestamptz)`;
  for (const { id } of due) {
    try {
      await nudgeOrganization(id, now, result);
    } catch (err) {
      result.errors++;
      log.error("plans.nudges_failed", { orgId: id, err });
    }
  }
  const schedules = await db().$queryRaw<ScheduleRow[]>`
    SELECT "id", "weekday", "at_time", "time_zone" FROM app_pulse_schedules()`;
  for (const row of schedules) {
    try {
      const week = digestWeek(row, now);
      if (week) await sendDigests(row.id, week, now, result);
    } catch (err) {
      result.errors++;
      log.error("plans.digests_failed", { orgId: row.id, err });
    }
  }
  if (result.steps + result.plans + result.results + result.digests + result.errors > 0)
    log.info("plans.nudges", { ...result });
  return result;
}
