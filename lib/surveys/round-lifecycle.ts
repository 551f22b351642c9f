import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { conflict, notFound } from "@/lib/errors/domain-error";
import { requirePermission } from "@/lib/auth/authorize";
import { can, rolesWith } from "@/lib/auth/permissions";
import { audit } from "@/lib/audit/audit";
import { foldSurvey, vacuumPendingPool } from "@/lib/surveys/fold";
import { enqueueMails } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { surveyReminderMails } from "@/lib/mail/templates/survey-reminder";
import { LINK_TOKEN_PATTERN, LINK_TOKEN_REDACTED } from "@/lib/mail/deliver";
import { notify } from "@/lib/notifications/service";
import { effectiveTemplate } from "@/lib/surveys/email-template";
import { closingDate, sendingDate, surveyMailRef } from "@/lib/surveys/send";
import { plural } from "@/lib/format";

// What happens to a sent survey while it is open: one reminder on day 3 to everyone
// invited who is still a member (the product does not know who answered), and closing when its
// close date comes (or earlier, by an admin), which folds its answers into the results (fold.ts)
// and sends a 'results ready' notification. Each step starts with a conditional update of the
// survey row, so overlapping scheduler ticks (two app instances and a worker) do it exactly once.

export const REMINDER_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
const SURVEY_REMINDER_KIND = "survey_reminder";

/**
 * The day-3 reminder, to everyone invited who is still a member (a removed person's invitation
 * stays, counted, but joins no User row). It carries no link: only the lookup hash of the first link is stored, and a
 * second link would let a person answer twice (each link has its own marker). Nothing about the
 * invitations is written. Returns how many people were reminded.
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

  const invited = await tx.$queryRaw<{ email: string; firstName: string }[]>`
    SELECT u."email", u."firstName" FROM "SurveyInvitation" i
    JOIN "User" u ON u."organizationId" = i."organizationId" AND u."id" = i."userId"
    WHERE i."organizationId" = ${orgId}::uuid AND i."surveyId" = ${surveyId}::uuid
    ORDER BY u."id"`;
  if (invited.length === 0) return 0;
  const [org, survey] = await Promise.all([
    tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { emailSubject: true, emailBody: true, pulseTimeZone: true },
    }),
    tx.survey.findUniqueOrThrow({
      where: orgKey(orgId, surveyId),
      select: { sentAt: true, closesAt: true },
    }),
  ]);
  // The survey is named by the first e-mail's subject (the workspace's checked template), not by
  // its title, which may hold anything.
  const mails = await surveyReminderMails({
    brand: await mailBrand(tx, orgId),
    templateSubject: effectiveTemplate(org).subject,
    sentOn: sendingDate(survey.sentAt ?? now, org.pulseTimeZone),
    closing: closingDate(survey.closesAt ?? now, org.pulseTimeZone),
    people: invited,
  });
  await enqueueMails(
    tx,
    orgId,
    invited.map((r, i) => ({ to: r.email, ...mails[i]!, kind: SURVEY_REMINDER_KIND, ref: surveyMailRef(surveyId) })),
  );
  return invited.length;
}

/** A closed survey's links are dead: its e-mails not delivered yet (or given up) keep them no
 * longer either, as delivered ones do (lib/mail/deliver.ts, withoutLinkTokens). E-mails stored since
 * links are rendered at delivery hold no token (lib/surveys/link-token.ts); this is for those stored
 * before (for newer ones it turns the placeholder into a dead link, as delivery would now anyway). */
async function redactUndeliveredLinks(tx: Tx, orgId: string, surveyId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE "MailMessage" SET
      "text" = regexp_replace("text", ${LINK_TOKEN_PATTERN}, ${LINK_TOKEN_REDACTED}, 'g'),
      "html" = regexp_replace("html", ${LINK_TOKEN_PATTERN}, ${LINK_TOKEN_REDACTED}, 'g')
    WHERE "organizationId" = ${orgId}::uuid AND "ref" = ${surveyMailRef(surveyId)} AND "status" <> 'sent' AND "text" LIKE '%token=%'`;
}

export const CLOSE_TIMEOUT_MS = 120_000;
const ALREADY_CLOSED = "This survey is already closed";
const NOT_SENT = "This survey has not been sent yet";

/**
 * Closes a survey whose close date has come (or, with `early`, an open one now), folds its pending
 * answers into the results and tells every admin and manager the results are ready, all in the
 * caller's transaction. It first takes the survey's fold lock exclusively; every submission holds
 * it shared while it stores (app_submit_response), so the fold sees every answer stored before it
 * and later submissions find the survey closed. Only admins are
 * told the organisation-wide response count: managers see their own teams only
 * (docs/decisions.md (Roles and permissions)), as in getCurrentSurvey and the surveys list. Returns whether this call
 * closed it; the caller vacuums the pool once the transaction has committed (vacuumPendingPool).
 */
export async function closeSurvey(
  tx: Tx,
  orgId: string,
  surveyId: string,
  now: Date,
  options: { early?: boolean } = {},
): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended('survey-fold:' || ${surveyId}::uuid::text, 0))`;
  const moved = await tx.survey.updateMany({
    where: {
      organizationId: orgId,
      id: surveyId,
      status: "active",
      ...(options.early ? {} : { closesAt: { lte: now } }),
    },
    data: { status: "closed", closedAt: now, ...(options.early ? { closesAt: now } : {}) },
  });
  if (moved.count !== 1) return false;
  await foldSurvey(tx, orgId, surveyId);
  await redactUndeliveredLinks(tx, orgId, surveyId);
  const survey = await tx.survey.findUniqueOrThrow({
    where: orgKey(orgId, surveyId),
    select: { title: true, invitedCount: true, responseCount: true },
  });
  const readers = await tx.user.findMany({
    where: { organizationId: orgId, role: { in: rolesWith("analytics.view") } },
    select: { id: true, role: true },
  });
  for (const r of readers) {
    await notify(tx, orgId, {
      userId: r.id,
      type: "survey_results",
      title: "Survey results are ready",
      message: can(r.role, "analytics.organization")
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
export async function closeSurveyNow(
  ctx: AuthContext,
  surveyId: string,
): Promise<{ surveyId: string; status: "closed"; responses: number }> {
  requirePermission(ctx, "surveys.send");
  const responses = await withOrg(
    ctx.orgId,
    async (tx) => {
      const s = await tx.survey.findFirst({
        where: { organizationId: ctx.orgId, id: surveyId },
        select: { id: true, status: true },
      });
      if (!s) throw notFound("Survey");
      if (s.status === "scheduled") throw conflict("survey_not_sent", NOT_SENT);
      if (!(await closeSurvey(tx, ctx.orgId, s.id, new Date(), { early: true })))
        throw conflict("survey_already_closed", ALREADY_CLOSED);
      const { responseCount } = await tx.survey.findUniqueOrThrow({
        where: orgKey(ctx.orgId, s.id),
        select: { responseCount: true },
      });
      await audit(tx, ctx, "survey.close", { type: "survey", id: s.id }, { responses: responseCount });
      return responseCount;
    },
    { timeoutMs: CLOSE_TIMEOUT_MS },
  );
  await vacuumPendingPool();
  return { surveyId, status: "closed", responses };
}
