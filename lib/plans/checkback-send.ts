import "server-only";
import { db } from "@/lib/db/client";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { log } from "@/lib/log/logger";
import { isReadOnly } from "@/lib/billing/access";
import { isDimensionKey } from "@/lib/surveys/dimensions";
import { scaleItemsOf, type BankScaleItem } from "@/lib/surveys/question-bank";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { createSurvey, sendSurvey, surveyQuestionRows, type SurveyQuestionSpec } from "@/lib/surveys/send";
import { closeInstant } from "@/lib/surveys/custom-schemas";

// Sending an action plan's check-backs (docs/decisions.md (Acting on results)). A check-back asks
// the plan's team (everyone, for an organisation plan) two questions: the dimension's score
// question and whether the action happened. It goes with 'that week's pulse': the first pulse
// round sent at or after its due date, within 8 days of it (attachDueCheckBacks, called while the
// round is created, before it is sent, so its invitations and e-mails carry it). It goes alone,
// as its own survey open 7 days, when the organisation's pulse is off, or when it is still
// waiting 8 days after it fell due (a round was skipped) (sendOverdueCheckBacks, from the
// scheduler's tick). A read-only workspace, or a plan no longer published, skips it.
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
const checkBackSurveyTitle = (planTitle: string) => `Check-back: ${planTitle}`;

/** The bank's scale item that measures a dimension for a check-back. Not the wellness stress
 * item, whose answers read the other way round: the score question always reads "agreeing is
 * good", like the dimension's score. */
export function checkBackScoreItem(dimension: string): BankScaleItem | null {
  if (!isDimensionKey(dimension)) return null;
  return scaleItemsOf(dimension).find((q) => q.bankKey !== STRESS_ITEM_KEY) ?? null;
}

type DueCheckBack = {
  id: string;
  dueAt: Date;
  plan: { id: string; title: string; dimension: string; teamId: string | null; status: string };
};

const dueSelect = {
  id: true,
  dueAt: true,
  plan: { select: { id: true, title: true, dimension: true, teamId: true, status: true } },
} as const;

/** Moves a check-back out of 'scheduled'; true for the one caller whose update matched. */
async function claim(
  tx: Tx,
  orgId: string,
  checkBackId: string,
  data: { status: "sent"; surveyId?: string; sentAt: Date } | { status: "skipped" },
): Promise<boolean> {
  const moved = await tx.actionCheckBack.updateMany({
    where: { organizationId: orgId, id: checkBackId, status: "scheduled" },
    data,
  });
  return moved.count === 1;
}

/** The two questions of a check-back, as a survey spec asks them. */
function checkBackQuestions(cb: DueCheckBack, audienceTeamId: string | null, withScore: boolean): SurveyQuestionSpec[] {
  const item = checkBackScoreItem(cb.plan.dimension);
  const out: SurveyQuestionSpec[] = [];
  if (withScore && item)
    // No dimension: the pulse's rollups, trends and dashboards stay the pulse's own; the
    // check-back's results read this question's own rollup.
    out.push({
      type: "scale",
      text: item.text,
      isRequired: true,
      bankKey: item.bankKey,
      dimension: null,
      audienceTeamId,
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
 * sendAt]) to that round: adds its questions for the plan's team, and marks it sent with the
 * round. Runs in the round's creating transaction, before sendSurvey. A round that already asks
 * the plan's dimension (for everyone) lends its own question as the score question. A check-back
 * of a plan no longer published, or of a read-only workspace, is skipped. `sendAt` may lie in the
 * past (the demo attaches one to a round of its history). Returns how many were attached.
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
  const readOnly = await isReadOnly(tx, orgId);
  const existing = await tx.surveyQuestion.findMany({
    where: { organizationId: orgId, surveyId },
    select: { id: true, order: true, dimension: true, bankKey: true, audienceTeamId: true },
    orderBy: { order: "asc" },
  });
  let nextOrder = existing.reduce((m, q) => Math.max(m, q.order), 0) + 1;
  let attached = 0;
  for (const cb of due) {
    if (readOnly || cb.plan.status !== "published") {
      await claim(tx, orgId, cb.id, { status: "skipped" });
      continue;
    }
    if (!(await claim(tx, orgId, cb.id, { status: "sent", surveyId, sentAt: sendAt }))) continue;
    const audienceTeamId = cb.plan.teamId;
    // The round's own item for the dimension, asked of everyone (never the stress item, which
    // reads the other way round).
    const lent = existing.find(
      (q) => q.dimension === cb.plan.dimension && q.bankKey !== STRESS_ITEM_KEY && q.audienceTeamId === null,
    );
    const specs = checkBackQuestions(cb, audienceTeamId, !lent);
    const added = await tx.surveyQuestion.createManyAndReturn({
      data: surveyQuestionRows(orgId, surveyId, specs, nextOrder),
      select: { id: true, order: true },
    });
    nextOrder += specs.length;
    const ids = added.sort((x, y) => x.order - y.order).map((q) => q.id);
    const happenedQuestionId = ids[ids.length - 1]!;
    const scoreQuestionId = lent ? lent.id : ids.length > 1 ? ids[0]! : null;
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
      if ((await isReadOnly(tx, orgId)) || cb.plan.status !== "published")
        return (await claim(tx, orgId, cb.id, { status: "skipped" })) ? "skipped" : null;
      if (!(await claim(tx, orgId, cb.id, { status: "sent", sentAt: now }))) return null;
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: checkBackSurveyTitle(cb.plan.title),
          // The survey goes to the team alone: its questions are for everyone it reaches.
          questions: checkBackQuestions(cb, null, true),
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
 * organisation's pulse is off, or 8 days have passed since they fell due), and those of a
 * read-only workspace or of a plan no longer published are skipped. Looks only at organisations
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
        const readOnly = await isReadOnly(tx, orgId);
        const rows = await tx.actionCheckBack.findMany({
          where: { organizationId: orgId, status: "scheduled", dueAt: { lte: now } },
          select: dueSelect,
          orderBy: [{ dueAt: "asc" }, { id: "asc" }],
        });
        const overdue = new Date(now.getTime() - ATTACH_WINDOW_MS);
        // With the pulse on, a check-back waits for that week's round unless it must be skipped.
        return rows.filter((r) => readOnly || r.plan.status !== "published" || !org.pulseEnabled || r.dueAt <= overdue);
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
