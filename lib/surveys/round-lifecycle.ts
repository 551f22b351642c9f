import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { requirePermission } from "@/lib/auth/authorize";
import { can, rolesWith } from "@/lib/auth/permissions";
import { audit } from "@/lib/audit/audit";
import { foldSurvey, vacuumPendingPool } from "@/lib/surveys/fold";
import { hashToken } from "@/lib/auth/tokens";
import { enqueueMails } from "@/lib/mail/outbox";
import { notify } from "@/lib/notifications/service";
import { effectiveTemplate } from "@/lib/surveys/email-template";
import { invitationMail, newSurveyToken, surveyLink } from "@/lib/surveys/send";
import { plural } from "@/lib/utils/plural";

// What happens to a sent survey while it is open (decisions.md): one reminder on day 3 to those
// who have not answered, and closing when its close date comes (or earlier, by an admin), which
// folds its answers into the results (fold.ts) and sends a 'results ready' notification. Each step
// starts with a conditional update of the survey row, so overlapping scheduler ticks (two app
// instances and a worker) do it exactly once.

export const REMINDER_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const SURVEY_REMINDER_KIND = "survey_reminder";

const closingDate = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }).format(d);

/**
 * The day-3 reminder: a link of its own for every invitation not yet used nor reminded (only token
 * hashes are stored, so the first link cannot be sent again). The first link keeps working: the
 * invitation holds both hashes, and whichever is used first spends it. Returns how many people were
 * reminded.
 */
export async function sendReminders(tx: Tx, orgId: string, surveyId: string, now: Date): Promise<number> {
  const moved = await tx.survey.updateMany({
    where: {
      organizationId: orgId,
      id: surveyId,
      status: "active",
      reminderSentAt: null,
      sentAt: { lte: new Date(now.getTime() - REMINDER_AFTER_MS) },
      closesAt: { gt: now },
    },
    data: { reminderSentAt: now },
  });
  if (moved.count !== 1) return 0;

  const open = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "SurveyInvitation"
    WHERE "organizationId" = ${orgId}::uuid AND "surveyId" = ${surveyId}::uuid AND NOT "used" AND "remindedAt" IS NULL`;
  if (open.length === 0) return 0;
  const tokens = open.map(() => newSurveyToken());
  // RETURNING: only invitations still unused when the new hash lands get a mail, so a response
  // submitted meanwhile is not followed by a link that was never stored.
  const reminded = await tx.$queryRaw<{ id: string; email: string; firstName: string }[]>`
    WITH changed AS (
      UPDATE "SurveyInvitation" i SET "reminderTokenHash" = v.token_hash, "remindedAt" = ${now.toISOString()}::timestamptz AT TIME ZONE 'UTC'
      FROM unnest(${open.map((r) => r.id)}::uuid[], ${tokens.map(hashToken)}::text[]) AS v(id, token_hash)
      WHERE i."organizationId" = ${orgId}::uuid AND i."id" = v.id AND NOT i."used" AND i."remindedAt" IS NULL
      RETURNING i."id", i."userId"
    )
    SELECT c."id", u."email", u."firstName"
    FROM changed c JOIN "User" u ON u."organizationId" = ${orgId}::uuid AND u."id" = c."userId"`;
  const tokenOf = new Map(open.map((r, i) => [r.id, tokens[i]!]));

  const [org, survey] = await Promise.all([
    tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { subdomain: true, emailSubject: true, emailBody: true, pulseTimeZone: true } }),
    tx.survey.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id: surveyId } }, select: { closesAt: true } }),
  ]);
  const template = effectiveTemplate(org);
  const preface = `Reminder: this survey is open until ${closingDate(survey.closesAt ?? now, org.pulseTimeZone)}. Use the link below, or the one in our first e-mail: either works once.\n\n`;
  await enqueueMails(
    tx,
    orgId,
    reminded.map((r) => {
      const mail = invitationMail(template, r, surveyLink(org.subdomain, surveyId, tokenOf.get(r.id)!), surveyId, SURVEY_REMINDER_KIND);
      return { ...mail, subject: `Reminder: ${mail.subject}`, text: preface + mail.text };
    }),
  );
  return reminded.length;
}

export const CLOSE_TIMEOUT_MS = 120_000;
export const ALREADY_CLOSED = "This survey is already closed";
export const NOT_SENT = "This survey has not been sent yet";

/**
 * Closes a survey whose close date has come (or, with `early`, an open one now), folds its pending
 * answers into the results and tells every admin and manager the results are ready, all in the
 * caller's transaction. It first takes the survey's fold lock exclusively; every submission holds
 * it shared while it stores (app_submit_response), so the fold sees every answer stored before it
 * and later submissions find the survey closed. Only admins are
 * told the organisation-wide response count: managers see their own teams only (decisions.md), as
 * in getCurrentSurvey and the surveys list. Returns whether this call closed it; the caller
 * vacuums the pool once the transaction has committed (vacuumPendingPool).
 */
export async function closeSurvey(tx: Tx, orgId: string, surveyId: string, now: Date, options: { early?: boolean } = {}): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('survey-fold:' || ${surveyId}::uuid::text, 0))`;
  const moved = await tx.survey.updateMany({
    where: { organizationId: orgId, id: surveyId, status: "active", ...(options.early ? {} : { closesAt: { lte: now } }) },
    data: { status: "closed", closedAt: now, ...(options.early ? { closesAt: now } : {}) },
  });
  if (moved.count !== 1) return false;
  await foldSurvey(tx, orgId, surveyId);
  const survey = await tx.survey.findUniqueOrThrow({
    where: { organizationId_id: { organizationId: orgId, id: surveyId } },
    select: { title: true, invitedCount: true, responseCount: true },
  });
  const readers = await tx.user.findMany({ where: { organizationId: orgId, role: { in: rolesWith("analytics.view") } }, select: { id: true, role: true } });
  for (const r of readers) {
    await notify(tx, orgId, {
      userId: r.id,
      type: "survey_results",
      title: "Survey results are ready",
      message:
        can(r.role, "analytics.organization")
          ? `"${survey.title}" has closed: ${plural(survey.responseCount, "response")} from ${plural(survey.invitedCount, "person", "people")} invited.`
          : `"${survey.title}" has closed. Results for the teams you lead are ready.`,
      actionUrl: `/surveys/results/${surveyId}`,
      actionText: "View results",
    });
  }
  return true;
}

/** 'Close now and release results' (POST /api/surveys/{id}/close): an admin closes an open survey
 * before its close date. Nobody can answer it afterwards; its results are released at once. */
export async function closeSurveyNow(ctx: AuthContext, surveyId: string): Promise<{ surveyId: string; status: "closed"; responses: number }> {
  requirePermission(ctx, "surveys.send");
  const responses = await withOrg(
    ctx.orgId,
    async (tx) => {
      const s = await tx.survey.findFirst({ where: { organizationId: ctx.orgId, id: surveyId }, select: { id: true, status: true } });
      if (!s) throw notFound("Survey");
      if (s.status === "scheduled") throw conflict("survey_not_sent", NOT_SENT);
      if (!(await closeSurvey(tx, ctx.orgId, s.id, new Date(), { early: true }))) throw conflict("survey_already_closed", ALREADY_CLOSED);
      const { responseCount } = await tx.survey.findUniqueOrThrow({ where: { organizationId_id: { organizationId: ctx.orgId, id: s.id } }, select: { responseCount: true } });
      await audit(tx, ctx, "survey.close", { type: "survey", id: s.id }, { responses: responseCount });
      return responseCount;
    },
    { timeoutMs: CLOSE_TIMEOUT_MS },
  );
  await vacuumPendingPool();
  return { surveyId, status: "closed", responses };
}
