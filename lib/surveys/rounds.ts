import "server-only";
import { db } from "@/lib/db/client";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { isUniqueViolation } from "@/lib/db/errors";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { log } from "@/lib/log/logger";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { pulseQuestions, pulseTitle } from "@/lib/surveys/rotation";
import { currentSlot, localDateOf, type PulseSlot } from "@/lib/surveys/schedule";
import { CLOSE_TIMEOUT_MS, REMINDER_AFTER_MS, closeSurvey, sendReminders } from "@/lib/surveys/round-lifecycle";
import { vacuumPendingPool } from "@/lib/surveys/fold";
import { assertWritable, isReadOnly } from "@/lib/billing/access";
import { isReadOnlyStatus } from "@/lib/billing/status";
import { attachDueCheckBacks, sendOverdueCheckBacks } from "@/lib/plans/checkback-send";

// The weekly pulse: 'Send Now' and the scheduler tick that every minute sends due rounds and
// custom surveys, reminds on day 3 and closes after day 7, for every organisation.
//
// Exactly once, with any number of app instances and workers ticking at the same time:
// - a scheduled round is a Survey with roundKey = the local send date, unique per organisation:
//   of two transactions creating it, the second fails on the unique index and rolls back whole;
// - a round's questions follow its ordinal among the organisation's pulse rounds, counted under a
//   per-organisation transaction lock that every round creation takes (scheduled or 'Send Now'),
//   so two rounds created at once never get the same number;
// - sending, reminding and closing each start with a conditional update of the survey's status
//   (or reminderSentAt): the row lock makes a concurrent second caller wait, then match nothing.

/** Sending writes one invitation and one e-mail per person: room for large organisations. */
const SEND_TIMEOUT_MS = 120_000;
/** A round whose send time passed longer ago than this (the scheduler was down, or the schedule
 * was just moved past it) waits for next week instead of arriving days late. */
const CATCH_UP_MS = 24 * 60 * 60 * 1000;

async function createAndSendPulse(
  tx: Tx,
  orgId: string,
  roundDate: string,
  roundKey: string | null,
  createdById: string | null,
  now: Date,
) {
  // Held until commit: a concurrent round of this organisation counts after this one is in (or
  // rolled back). An advisory lock rather than the Organization row, so settings and billing
  // writes to the organisation do not wait for a large round's invitations.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`pulse-round:${orgId}`}, 0))`;
  const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } });
  const roundNumber = await tx.survey.count({ where: { organizationId: orgId, kind: "pulse" } });
  const spec = {
    kind: "pulse" as const,
    title: pulseTitle(roundDate),
    roundKey,
    questions: pulseQuestions({ roundNumber, roundDate, companyName: org.name }),
    audienceTeamIds: [],
    createdById,
  };
  const { surveyId } = await createSurvey(tx, orgId, spec, now);
  // Action plans' check-backs due this week ride along, so its invitations and e-mails carry them.
  await attachDueCheckBacks(tx, orgId, surveyId, now);
  const { invited } = await sendSurvey(tx, orgId, surveyId, now);
  return { surveyId, invited };
}

/** 'Send Now': an extra round outside the schedule (no round key), sent to everyone at once. It
 * takes the next place in the rotation, so the scheduled round after it asks other dimensions. */
export async function sendPulseNow(ctx: AuthContext, now = new Date()): Promise<{ surveyId: string; invited: number }> {
  requirePermission(ctx, "surveys.send");
  return withOrg(
    ctx.orgId,
    async (tx) => {
      await assertWritable(tx, ctx.orgId);
      const org = await tx.organization.findUniqueOrThrow({
        where: { id: ctx.orgId },
        select: { pulseTimeZone: true },
      });
      const result = await createAndSendPulse(
        tx,
        ctx.orgId,
        localDateOf(now, org.pulseTimeZone),
        null,
        ctx.userId,
        now,
      );
      await audit(tx, ctx, "survey.send_now", { type: "survey", id: result.surveyId }, { invited: result.invited });
      return result;
    },
    { timeoutMs: SEND_TIMEOUT_MS },
  );
}

type ScheduleRow = { id: string; enabled: boolean; weekday: number; at_time: string; time_zone: string };
export type TickResult = {
  rounds: number;
  sent: number;
  reminded: number;
  closed: number;
  /** Action plans' check-backs sent alone or skipped (not those that went with a round). */
  checkBacks: number;
  errors: number;
};

/** The round a schedule owes at `now`, if any (pure part of the tick). */
function dueSlot(row: Pick<ScheduleRow, "enabled" | "weekday" | "at_time" | "time_zone">, now: Date): PulseSlot | null {
  if (!row.enabled) return null;
  const slot = currentSlot({ weekday: row.weekday, time: row.at_time, timeZone: row.time_zone }, now);
  return slot.passed && now.getTime() - slot.sendAt.getTime() < CATCH_UP_MS ? slot : null;
}

/** The audit entry that marks a scheduled round skipped because the workspace was read-only
 * when it fell due (actor: nobody, the scheduler). */
const ROUND_SKIPPED = { action: "survey.round_skipped_read_only", targetType: "pulse_round" } as const;

const roundSkipped = async (tx: Tx, orgId: string, roundKey: string): Promise<boolean> =>
  (await tx.auditLog.count({
    where: {
      organizationId: orgId,
      action: ROUND_SKIPPED.action,
      targetType: ROUND_SKIPPED.targetType,
      targetId: roundKey,
    },
  })) > 0;

/** Once per slot, under the lock every round creation of the organisation takes, so ticks at the
 * same moment write one entry. */
async function recordSkippedRound(tx: Tx, orgId: string, roundKey: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`pulse-round:${orgId}`}, 0))`;
  if (await roundSkipped(tx, orgId, roundKey)) return;
  await tx.auditLog.create({
    data: {
      organizationId: orgId,
      actorId: null,
      action: ROUND_SKIPPED.action,
      targetType: ROUND_SKIPPED.targetType,
      targetId: roundKey,
    },
  });
}

/** Sends the organisation's scheduled round for a slot unless it exists; false when someone else
 * (another instance, an earlier tick) already did, or the organisation is newer than the slot. */
async function sendScheduledRound(orgId: string, slot: PulseSlot, now: Date): Promise<boolean> {
  try {
    return await withOrg(
      orgId,
      async (tx) => {
        const org = await tx.organization.findUniqueOrThrow({
          where: { id: orgId },
          select: { pulseEnabled: true, createdAt: true, subscriptionStatus: true },
        });
        if (!org.pulseEnabled || org.createdAt > slot.sendAt) return false;
        const existing = await tx.survey.findFirst({
          where: { organizationId: orgId, roundKey: slot.roundKey },
          select: { id: true },
        });
        if (existing) return false;
        // A read-only workspace (subscription ended) skips its rounds for good: the slot is
        // recorded as skipped, so subscribing again later that day does not send it late; the
        // next slot after that goes out as usual.
        if (isReadOnlyStatus(org.subscriptionStatus)) {
          await recordSkippedRound(tx, orgId, slot.roundKey);
          return false;
        }
        if (await roundSkipped(tx, orgId, slot.roundKey)) return false;
        await createAndSendPulse(tx, orgId, slot.roundKey, slot.roundKey, null, now);
        return true;
      },
      { timeoutMs: SEND_TIMEOUT_MS },
    );
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/** Sends due scheduled surveys, reminds and closes, one transaction per survey and step. A
 * read-only workspace (subscription ended) sends and reminds nothing: a scheduled survey whose
 * time comes meanwhile is closed unsent (it would otherwise go out whenever the workspace
 * subscribes again, weeks late, and come back to every tick until then), while open ones still
 * close on their date. */
async function advanceSurveys(orgId: string, now: Date, result: TickResult): Promise<void> {
  const remindBefore = new Date(now.getTime() - REMINDER_AFTER_MS);
  const { readOnly, surveys } = await withOrg(orgId, async (tx) => ({
    readOnly: await isReadOnly(tx, orgId),
    surveys: await tx.survey.findMany({
      where: {
        organizationId: orgId,
        OR: [
          { status: "scheduled", scheduledFor: { lte: now } },
          {
            status: "active",
            OR: [{ closesAt: { lte: now } }, { reminderSentAt: null, sentAt: { lte: remindBefore } }],
          },
        ],
      },
      select: { id: true, status: true, closesAt: true },
      orderBy: { scheduledFor: "asc" },
    }),
  }));
  for (const s of surveys) {
    if (s.status === "scheduled") {
      if (readOnly) {
        await withOrg(orgId, (tx) => skipScheduledSurvey(tx, orgId, s.id, now));
        continue;
      }
      const { invited } = await withOrg(orgId, (tx) => sendSurvey(tx, orgId, s.id, now), {
        timeoutMs: SEND_TIMEOUT_MS,
      });
      if (invited > 0) result.sent++;
    } else if (s.closesAt && s.closesAt <= now) {
      if (await withOrg(orgId, (tx) => closeSurvey(tx, orgId, s.id, now), { timeoutMs: CLOSE_TIMEOUT_MS })) {
        result.closed++;
        await vacuumPendingPool();
      }
    } else if (!readOnly) {
      result.reminded += await withOrg(orgId, (tx) => sendReminders(tx, orgId, s.id, now), {
        timeoutMs: SEND_TIMEOUT_MS,
      });
    }
  }
}

/** Closes a due scheduled survey of a read-only workspace without sending it (no invitations,
 * no responses, so nothing to fold), with an audit entry saying why. Conditional, so two ticks at
 * once skip it once. */
async function skipScheduledSurvey(tx: Tx, orgId: string, surveyId: string, now: Date): Promise<void> {
  const moved = await tx.survey.updateMany({
    where: { organizationId: orgId, id: surveyId, status: "scheduled", scheduledFor: { lte: now } },
    data: { status: "closed", closesAt: now, closedAt: now },
  });
  if (moved.count !== 1) return;
  await tx.auditLog.create({
    data: {
      organizationId: orgId,
      actorId: null,
      action: "survey.skipped_read_only",
      targetType: "survey",
      targetId: surveyId,
    },
  });
}

/**
 * One minute's work for every organisation. Each organisation's steps run in their own
 * transactions, and a failing organisation is logged and retried next minute without holding
 * up the others.
 */
export async function runSchedulerTick(now = new Date()): Promise<TickResult> {
  const result: TickResult = { rounds: 0, sent: 0, reminded: 0, closed: 0, checkBacks: 0, errors: 0 };
  const schedules = await db().$queryRaw<
    ScheduleRow[]
  >`SELECT "id", "enabled", "weekday", "at_time", "time_zone" FROM app_pulse_schedules()`;
  const withWork = await db().$queryRaw<{ id: string }[]>`
    SELECT "id" FROM app_survey_work_due(${now.toISOString()}::timestamptz AT TIME ZONE 'UTC', ${`${REMINDER_AFTER_MS / 1000} seconds`}::interval)`;
  const busy = new Set(withWork.map((r) => r.id));

  for (const row of schedules) {
    try {
      const slot = dueSlot(row, now);
      if (slot && (await sendScheduledRound(row.id, slot, now))) result.rounds++;
      if (busy.has(row.id)) await advanceSurveys(row.id, now, result);
    } catch (err) {
      result.errors++;
      log.error("surveys.tick_failed", { orgId: row.id, err });
    }
  }
  // After the rounds: a check-back due this week has just gone with its organisation's round.
  try {
    const checkBacks = await sendOverdueCheckBacks(now);
    result.checkBacks = checkBacks.sent + checkBacks.skipped;
    result.errors += checkBacks.errors;
  } catch (err) {
    result.errors++;
    log.error("plans.checkbacks_tick_failed", { err });
  }
  if (result.rounds + result.sent + result.reminded + result.closed + result.checkBacks + result.errors > 0)
    log.info("surveys.tick", { ...result });
  return result;
}
