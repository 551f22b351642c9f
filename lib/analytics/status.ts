import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requireAnalyticsViewer } from "@/lib/analytics/scope";
import { ORG_GROUP } from "@/lib/analytics/rounds";

/** The 'Current Survey Status' card: the latest sent survey, else the next scheduled one. */
export type CurrentSurveyStatus = {
  id: string;
  title: string;
  kind: "pulse" | "custom";
  questionCount: number;
  status: "scheduled" | "active" | "closed";
  sentAt: string | null;
  closesAt: string | null;
  scheduledFor: string;
  /** Organisation-wide counts: admins only (managers see no organisation-wide numbers). */
  invited: number | null;
  responded: number | null;
};

const select = { id: true, title: true, kind: true, status: true, sentAt: true, closesAt: true, scheduledFor: true, _count: { select: { questions: true } } } as const;

export async function currentSurveyStatus(ctx: AuthContext): Promise<CurrentSurveyStatus | null> {
  requireAnalyticsViewer(ctx);
  return withOrg(ctx.orgId, async (tx) => {
    const s =
      (await tx.survey.findFirst({ where: { organizationId: ctx.orgId, status: { in: ["active", "closed"] } }, select, orderBy: { sentAt: "desc" } })) ??
      (await tx.survey.findFirst({ where: { organizationId: ctx.orgId, status: "scheduled" }, select, orderBy: { scheduledFor: "asc" } }));
    if (!s) return null;
    const part =
      ctx.role === "admin"
        ? await tx.surveyParticipation.findUnique({
            where: { organizationId_surveyId_teamId: { organizationId: ctx.orgId, surveyId: s.id, teamId: ORG_GROUP } },
            select: { invited: true, responded: true },
          })
        : null;
    return {
      id: s.id,
      title: s.title,
      kind: s.kind,
      questionCount: s._count.questions,
      status: s.status,
      sentAt: s.sentAt?.toISOString() ?? null,
      closesAt: s.closesAt?.toISOString() ?? null,
      scheduledFor: s.scheduledFor.toISOString(),
      invited: part?.invited ?? null,
      responded: part?.responded ?? null,
    };
  });
}

/** Whether the signed-in person has an open survey they have not answered yet (their own
 * invitations only; nothing about anyone's answers). */
export async function hasPendingSurvey(ctx: AuthContext, now = new Date()): Promise<boolean> {
  const n = await withOrg(ctx.orgId, (tx) =>
    tx.surveyInvitation.count({
      where: { organizationId: ctx.orgId, userId: ctx.userId, usedAt: null, survey: { status: "active", OR: [{ closesAt: null }, { closesAt: { gt: now } }] } },
    }),
  );
  return n > 0;
}
