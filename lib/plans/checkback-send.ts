import "server-only";
import { db } from "@/lib/db/client";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { log } from "@/lib/log/logger";
import { isReadOnly } from "@/lib/billing/access";
import { dimensionLabel, isDimensionKey } from "@/lib/surveys/dimensions";
import { scaleItemsOf, type BankScaleItem } from "@/lib/surveys/question-bank";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { createSurvey, sendSurvey, surveyQuestionRows, type SurveyQuestionSpec } from "@/lib/surveys/send";
import { closeInstant } from "@/lib/surveys/custom-schemas";

// Sending an action plan's check-backs (docs/decisions.md (Acting on results)). A check-back asks
// two questions: the dimension's score question (the baseline round's own question for the
// dimension, so before, after and the comparison teams are measured with one instrument) and, of
// the plan's team only (everyone, for an organisation plan), whether the action happened. It goes
// with 'that week's pulse': the first pulse round sent at or after its due date, within 8 days of
// it (attachDueCheckBacks, called while the round is created, before it is sent, so its
// invitations and e-mails carry it); there the score question is asked of everyone, so every
// comparison team answers it in the same round. It goes alone, as its own survey to the team open
// 7 days, when the organisation's pulse is off, or when it is still waiting 8 days after it fell
// due (a round was skipped) (sendOverdueCheckBacks, from the scheduler's tick). A dropped plan's
// check-backs are skipped; a finished ('done') plan keeps being measured. A read-only workspace
// sends nothing and leaves them scheduled, for the same rules to send once it can write again.
//
// Exactly once: each check-back moves out of 'scheduled' with a conditional update, and its
// questions are added in the same transaction. The row lock makes a second worker (another tick,
// a retried job, a pulse round created at the same moment) wait, then match nothing.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A round attaches check-backs due in the 8 days up to its send ('that week's pulse'); one still
 * waiting after that goes alone. */
const ATTACH_WINDOW_MS = 8 * DAY_MS;
/** A check-back sent alone stays open a week, like a pulse round. */
const ALONE_OPEN_DAYS = 7;
/** Sending alone writes one invitation and one e-mail per person of the audience. */
const SEND_TIMEOUT_MS = 120_000;

const HAPPENED_OPTIONS = ["Yes", "Partly", "No"] as const;
export const happenedQuestionText = (planTitle: string) => `Did this action happen? \u201c${planTitle}\u201d`;
// Named by the dimension, not the plan: every manager's survey list shows the survey, and a plan
// kept to its team is not theirs to read. The team sees the plan's title in its own question.
const checkBackSurveyTitle = (dimension: string) => `Check-back: ${dimensionLabel(dimension)}`;

/** The bank's item a pulse round measures a dimension with when no baseline round says otherwise:
 * for wellness the stress item (asked every round, scored reversed by the rollups), else the
 * dimension's first item. */
export function checkBackScoreItem(dimension: string): BankScaleItem | null {
  if (!isDimensionKey(dimension)) return null;
  return measuringItem(dimension, scaleItemsOf(dimension)) ?? null;
}

/** Of the items on a dimension, the one a round measures it with: for wellness the stress item,
 * else the first. */
function measuringItem<T extends { bankKey: string | null }>(dimension: string, items: readonly T[]): T | undefined {
  return (dimension === "wellness" ? items.find((q) => q.bankKey === STRESS_ITEM_KEY) : undefined) ?? items[0];
}

type DueCheckBack = {
  id: string;
  dueAt: Date;
  plan: {
    id: string;
    title: string;
    dimension: string;
    teamId: string | null;
    status: string;
    baselineSurveyId: string | null;
  };
};

const dueSelect = {
  id: true,
  dueAt: true,
  plan: {
    select: { id: true, title: true, dimension: true, teamId: true, status: true, baselineSurveyId: true },
  },
} as const;

type ScoreItem = { text: string; bankKey: string };

/**
 * The check-back's score question: the baseline round's own question for the dimension (its
 * words and bank item; for wellness the stress item), so the change is measured with the
 * instrument the baseline used. Without a baseline (or one with no bank item), the bank's item.
 */
async function scoreItemOf(tx: Tx, orgId: string, plan: DueCheckBack["plan"]): Promise<ScoreItem | null> {
  if (plan.baselineSurveyId) {
    const asked = await tx.surveyQuestion.findMany({
      where: {
        organizationId: orgId,
        surveyId: plan.baselineSurveyId,
        dimension: plan.dimension,
        type: "scale",
        audienceTeamId: null,
        bankKey: { not: null },
      },
      select: { text: true, bankKey: true },
      orderBy: { order: "asc" },
    });
    const q = measuringItem(plan.dimension, asked);
    if (q?.bankKey) return { text: q.text, bankKey: q.bankKey };
  }
  const item = checkBackScoreItem(plan.dimension);
  return item ? { text: item.text, bankKey: item.bankKey } : null;
}

/** Whether sendSurvey will attribute the plan's team in a round to everyone: it attributes a team
 * only when its activated members reach the organisation's minimum (send.ts). An unattributed
 * team's answers count for the organisation only, so a team-only question would reach nobody. */
async function teamAttributed(tx: Tx, orgId: string, teamId: string): Promise<boolean> {
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { minGroupSize: true } });
  const members = await tx.user.count({ where: { organizationId: orgId, teamId, passwordSetAt: { not: null } } });
  return members >= org.minGroupSize;
}

/** Moves a check-back out of 'scheduled'; true for the one caller whose update matched. */
async function claim(
  tx: Tx,
  orgId: string,
  checkBackId: string,
  data: { status: "sent"; surveyId?: string; sentAt: Date } | { status: "skipped"; surveyId?: string },
): Promise<boolean> {
  const moved = await tx.actionCheckBack.updateMany({
    where: { organizationId: orgId, id: checkBackId, status: "scheduled" },
    data,
  });
  return moved.count === 1;
}

/** A check-back's questions, as a survey spec asks them: the score question (when `score` is
 * given) for everyone the survey reaches, "Did this action happen?" for `audienceTeamId`. */
function checkBackQuestions(
  cb: DueCheckBack,
  audienceTeamId: string | null,
  score: ScoreItem | null,
): SurveyQuestionSpec[] {
  const out: SurveyQuestionSpec[] = [];
  if (score)
    // No dimension: the pulse's rollups, trends and dashboards stay the pulse's own; the
    // check-back's results read this question's own rollup. (The wellness stress item is never
    // added to a pulse round, which asks it every round and lends its own.)
    out.push({
      type: "scale",
      text: score.text,
      isRequired: true,
      bankKey: score.bankKey,
      dimension: null,
      audienceTeamId: null,
      checkBackId: cb.id,
    });
  out.push({
    type: "choice",
    text: happenedQuestionText(cb.plan.title),
    isRequired: false,
    options: [...HAPPENED_OPTIONS],
    audienceTeamId,
    checkBackId: cb.id,
  });
  return out;
}

/**
 * Attaches every check-back due for a pulse round sent at `sendAt` (due in (sendAt - 8 days,
 * sendAt]) to that round and marks it sent with the round. Runs in the round's creating
 * transaction, before sendSurvey. The score question is asked of everyone, once per bank item per
 * round: a round that already asks it (for everyone) lends its own, and check-backs on the same
 * dimension share one. "Did this action happen?" is asked of the plan's team. A dropped plan's
 * check-back is skipped; so is one whose team is too small to be attributed in the round (its
 * question would reach nobody; the round is recorded so results can say why). A read-only
 * workspace attaches nothing and leaves them scheduled. `sendAt` may lie in the past (the demo
 * attaches one to a round of its history). Returns how many were attached.
 */
export async function attachDueCheckBacks(tx: Tx, orgId: string, surveyId: string, sendAt: Date): Promise<number> {
  const due: DueCheckBack[] = await tx.actionCheckBack.findMany({
    where: {
      organizationId: orgId,
      status: "scheduled",
      dueAt: { gt: new Date(sendAt.getTime() - ATTACH_WINDOW_MS), lte: sendAt },
    },
    select: dueSelect,
    orderBy: [{ dueAt: "asc" }, { id: "asc" }],
  });
  if (due.length === 0) return 0;
  if (await isReadOnly(tx, orgId)) return 0;
  const existing: { id: string; order: number; type: string; bankKey: string | null; audienceTeamId: string | null }[] =
    await tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      select: { id: true, order: true, type: true, bankKey: true, audienceTeamId: true },
      orderBy: { order: "asc" },
    });
  let nextOrder = existing.reduce((m, q) => Math.max(m, q.order), 0) + 1;
  let attached = 0;
  for (const cb of due) {
    if (cb.plan.status === "dropped") {
      await claim(tx, orgId, cb.id, { status: "skipped" });
      continue;
    }
    if (cb.plan.teamId && !(await teamAttributed(tx, orgId, cb.plan.teamId))) {
      await claim(tx, orgId, cb.id, { status: "skipped", surveyId });
      continue;
    }
    if (!(await claim(tx, orgId, cb.id, { status: "sent", surveyId, sentAt: sendAt }))) continue;
    const item = await scoreItemOf(tx, orgId, cb.plan);
    // The round's own question with the same bank item, or one an earlier check-back added here.
    const lent = item
      ? existing.find((q) => q.type === "scale" && q.bankKey === item.bankKey && q.audienceTeamId === null)
      : undefined;
    const specs = checkBackQuestions(cb, cb.plan.teamId, lent ? null : item);
    const added = await tx.surveyQuestion.createManyAndReturn({
      data: surveyQuestionRows(orgId, surveyId, specs, nextOrder),
      select: { id: true, order: true, type: true, bankKey: true, audienceTeamId: true },
    });
    nextOrder += specs.length;
    existing.push(...added);
    const byOrder = added.sort((x, y) => x.order - y.order);
    const happenedQuestionId = byOrder.find((q) => q.type === "choice")!.id;
    const scoreQuestionId = lent?.id ?? byOrder.find((q) => q.type === "scale")?.id ?? null;
    await tx.actionCheckBack.update({
      where: orgKey(orgId, cb.id),
      data: { scoreQuestionId, happenedQuestionId },
      select: { id: true },
    });
    attached++;
  }
  if (attached > 0) log.info("plans.checkbacks_attached", { orgId, surveyId, attached });
  return attached;
}

/** Sends one due check-back alone, or skips it; false when another worker already did. */
async function sendAlone(orgId: string, checkBackId: string, now: Date): Promise<"sent" | "skipped" | null> {
  return withOrg(
    orgId,
    async (tx) => {
      const cb = await tx.actionCheckBack.findFirst({
        where: { organizationId: orgId, id: checkBackId, status: "scheduled" },
        select: dueSelect,
      });
      if (!cb) return null;
      // Read-only: left scheduled, sent by the same rules once the workspace can write again.
      if (await isReadOnly(tx, orgId)) return null;
      // A dropped plan's, and one whose team is too small to be reported on alone: its answers
      // could never be shown (the team is all the survey reaches), so nobody is asked.
      if (cb.plan.status === "dropped" || (cb.plan.teamId && !(await teamAttributed(tx, orgId, cb.plan.teamId))))
        return (await claim(tx, orgId, cb.id, { status: "skipped" })) ? "skipped" : null;
      if (!(await claim(tx, orgId, cb.id, { status: "sent", sentAt: now }))) return null;
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: checkBackSurveyTitle(cb.plan.dimension),
          // The survey goes to the team alone: its questions are for everyone it reaches.
          questions: checkBackQuestions(cb, null, await scoreItemOf(tx, orgId, cb.plan)),
          audienceTeamIds: cb.plan.teamId ? [cb.plan.teamId] : [],
          createdById: null,
        },
        now,
      );
      await tx.survey.update({
        where: orgKey(orgId, surveyId),
        data: { closesAt: closeInstant(now, ALONE_OPEN_DAYS) },
        select: { id: true },
      });
      await sendSurvey(tx, orgId, surveyId, now);
      const questions = await tx.surveyQuestion.findMany({
        where: { organizationId: orgId, surveyId },
        select: { id: true, type: true },
        orderBy: { order: "asc" },
      });
      await tx.actionCheckBack.update({
        where: orgKey(orgId, cb.id),
        data: {
          surveyId,
          scoreQuestionId: questions.find((q) => q.type === "scale")?.id ?? null,
          happenedQuestionId: questions.find((q) => q.type === "choice")?.id ?? null,
        },
        select: { id: true },
      });
      return "sent";
    },
    { timeoutMs: SEND_TIMEOUT_MS },
  );
}

export type OverdueResult = { sent: number; skipped: number; errors: number };

/**
 * The scheduler tick's part: check-backs that cannot wait for a pulse round go alone (the
 * organisation's pulse is off, or 8 days have passed since they fell due), and those of a dropped
 * plan are skipped. A read-only workspace is left alone (its check-backs stay scheduled). Looks only at organisations
 * with such work (app_checkbacks_due), one transaction per check-back; a failing one is logged and
 * tried again next minute.
 */
export async function sendOverdueCheckBacks(now = new Date()): Promise<OverdueResult> {
  const result: OverdueResult = { sent: 0, skipped: 0, errors: 0 };
  const orgs = await db().$queryRaw<{ id: string }[]>`
    SELECT "id" FROM app_checkbacks_due(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${`${ATTACH_WINDOW_MS / 1000} seconds`}::interval)`;
  for (const { id: orgId } of orgs) {
    try {
      const due = await withOrg(orgId, async (tx) => {
        const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { pulseEnabled: true } });
        if (await isReadOnly(tx, orgId)) return [];
        const rows = await tx.actionCheckBack.findMany({
          where: { organizationId: orgId, status: "scheduled", dueAt: { lte: now } },
          select: dueSelect,
          orderBy: [{ dueAt: "asc" }, { id: "asc" }],
        });
        const overdue = new Date(now.getTime() - ATTACH_WINDOW_MS);
        // With the pulse on, a check-back waits for that week's round unless it must be skipped.
        return rows.filter((r) => r.plan.status === "dropped" || !org.pulseEnabled || r.dueAt <= overdue);
      });
      for (const cb of due) {
        try {
          const done = await sendAlone(orgId, cb.id, now);
          if (done === "sent") result.sent++;
          else if (done === "skipped") result.skipped++;
        } catch (err) {
          result.errors++;
          log.error("plans.checkback_send_failed", { orgId, checkBackId: cb.id, err });
        }
      }
    } catch (err) {
      result.errors++;
      log.error("plans.checkbacks_failed", { orgId, err });
    }
  }
  if (result.sent + result.skipped + result.errors > 0) log.info("plans.checkbacks", { ...result });
  return result;
}
