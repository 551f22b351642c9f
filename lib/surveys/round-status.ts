import "server-only";
import { orgKey, withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { requireOwnOrg, requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { surveyMailRef } from "@/lib/surveys/send";
import { audit } from "@/lib/audit/audit";
import { retryFailedMail } from "@/lib/mail/retry-failed";
import { assertWritable } from "@/lib/billing/access";
import { currentResponseCount } from "@/lib/surveys/participation";
import { surveySummarySelect } from "@/lib/surveys/list";

// Read models of a round for admins and managers: where it stands and whether its mail went out.
// Counts only: nothing here links a person to an answer.

type MailCounts = { pending: number; sent: number; failed: number };
export type RoundStatusDto = {
  surveyId: string;
  title: string;
  status: "scheduled" | "active" | "closed";
  scheduledFor: string;
  sentAt: string | null;
  closesAt: string | null;
  reminderSentAt: string | null;
  invited: number;
  responded: number;
  mail: {
    invitations: MailCounts;
    reminders: MailCounts;
    /** Delivery attempts that failed and were (or will be) retried. */
    retries: number;
    /** Messages still pending after at least one failed attempt. */
    retrying: number;
    /** Messages given up after days of failed attempts (lib/mail/sweep.ts): never retried unless an
     * admin asks (retryRoundMail). */
    failed: number;
    /** The latest distinct provider errors, so an admin can see why mail is stuck. */
    lastErrors: string[];
  };
};

export type CurrentSurveyDto = {
  id: string;
  title: string;
  kind: "pulse" | "custom";
  status: "scheduled" | "active" | "closed";
  scheduledFor: string;
  sentAt: string | null;
  closesAt: string | null;
  /** Organisation-wide counts: admins only (managers see their own teams only:
   * docs/decisions.md (Roles and permissions)). */
  responses: number | null;
  totalUsers: number | null;
  questionCount: number;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const emptyCounts = (): MailCounts => ({ pending: 0, sent: 0, failed: 0 });

type MailRow = { kind: string; status: "pending" | "sent" | "failed"; n: number; retries: number; retrying: number };

export async function getRoundStatus(ctx: AuthContext, surveyId: string): Promise<RoundStatusDto> {
  requirePermission(ctx, "surveys.send");
  return withOrg(ctx.orgId, async (tx) => {
    const s = await tx.survey.findFirst({
      where: { organizationId: ctx.orgId, id: surveyId },
      select: {
        id: true,
        title: true,
        status: true,
        scheduledFor: true,
        sentAt: true,
        closesAt: true,
        reminderSentAt: true,
        invitedCount: true,
        responseCount: true,
      },
    });
    if (!s) throw notFound("Survey");
    const ref = surveyMailRef(s.id);
    const rows = await tx.$queryRaw<MailRow[]>`
      SELECT "kind", "status"::text AS "status", count(*)::int AS n,
             coalesce(sum(CASE WHEN "status" = 'sent' THEN greatest("attempts" - 1, 0) ELSE "attempts" END), 0)::int AS retries,
             count(*) FILTER (WHERE "status" = 'pending' AND "attempts" > 0)::int AS retrying
      FROM "MailMessage" WHERE "organizationId" = ${ctx.orgId}::uuid AND "ref" = ${ref}
      GROUP BY "kind", "status"`;
    const errors = await tx.$queryRaw<{ lastError: string }[]>`
      SELECT "lastError" FROM "MailMessage"
      WHERE "organizationId" = ${ctx.orgId}::uuid AND "ref" = ${ref} AND "lastError" IS NOT NULL AND "status" <> 'sent'
      GROUP BY "lastError" ORDER BY max("createdAt") DESC LIMIT 3`;
    const mail = {
      invitations: emptyCounts(),
      reminders: emptyCounts(),
      retries: 0,
      retrying: 0,
      failed: 0,
      lastErrors: errors.map((e) => e.lastError),
    };
    for (const r of rows) {
      const bucket = r.kind === "survey_reminder" ? mail.reminders : mail.invitations;
      bucket[r.status] += r.n;
      if (r.status === "failed") mail.failed += r.n;
      mail.retries += r.retries;
      mail.retrying += r.retrying;
    }
    return {
      surveyId: s.id,
      title: s.title,
      status: s.status,
      scheduledFor: s.scheduledFor.toISOString(),
      sentAt: iso(s.sentAt),
      closesAt: iso(s.closesAt),
      reminderSentAt: iso(s.reminderSentAt),
      invited: s.invitedCount,
      responded: await currentResponseCount(tx, ctx.orgId, s),
      mail,
    };
  });
}

/** 'Retry failed e-mails' for a round: its failed invitations and reminders are queued again.
 * Answers how many; another organisation's round is 404. */
export async function retryRoundMail(ctx: AuthContext, surveyId: string): Promise<{ requeued: number }> {
  requirePermission(ctx, "surveys.send");
  return withOrg(ctx.orgId, async (tx) => {
    const s = await tx.survey.findFirst({ where: { organizationId: ctx.orgId, id: surveyId }, select: { id: true } });
    if (!s) throw notFound("Survey");
    await assertWritable(tx, ctx.orgId); // sending again is sending: not once the subscription ended
    const requeued = await retryFailedMail(tx, ctx.orgId, surveyMailRef(s.id));
    await audit(tx, ctx, "survey.mail_retry", { type: "survey", id: s.id }, { requeued });
    return { requeued };
  });
}

/** GET /api/surveys/current/{id}: the latest active round, else the latest sent one,
 * else the next scheduled one; null before any survey exists. `orgId` must be the caller's own. */
export async function getCurrentSurvey(ctx: AuthContext, orgId: string): Promise<CurrentSurveyDto | null> {
  requirePermission(ctx, "surveys.view");
  requireOwnOrg(ctx, orgId);
  const seesCounts = can(ctx, "analytics.organization");
  return withOrg(ctx.orgId, async (tx) => {
    // The questions for everyone and the viewer's team's own (an action plan's check-back): another
    // team's are not counted, so the number says nothing about plans the viewer is not part of.
    const me = await tx.user.findUnique({ where: orgKey(ctx.orgId, ctx.userId), select: { teamId: true } });
    const asked = { OR: [{ audienceTeamId: null }, ...(me?.teamId ? [{ audienceTeamId: me.teamId }] : [])] };
    const select = { ...surveySummarySelect, _count: { select: { questions: { where: asked } } } } as const;
    const where = { organizationId: ctx.orgId };
    const s =
      (await tx.survey.findFirst({ where: { ...where, status: "active" }, orderBy: { sentAt: "desc" }, select })) ??
      (await tx.survey.findFirst({ where: { ...where, status: "closed" }, orderBy: { sentAt: "desc" }, select })) ??
      (await tx.survey.findFirst({
        where: { ...where, status: "scheduled" },
        orderBy: { scheduledFor: "asc" },
        select,
      }));
    if (!s) return null;
    return {
      id: s.id,
      title: s.title,
      kind: s.kind,
      status: s.status,
      scheduledFor: s.scheduledFor.toISOString(),
      sentAt: iso(s.sentAt),
      closesAt: iso(s.closesAt),
      responses: seesCounts ? await currentResponseCount(tx, ctx.orgId, s) : null,
      totalUsers: seesCounts ? s.invitedCount : null,
      questionCount: s._count.questions,
    };
  });
}
