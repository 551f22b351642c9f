import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";

export type OpenSurvey = { surveyId: string; title: string; closesAt: string | null };

/** The open survey the signed-in person has been asked (the newest if several), for the app's
 * 'Take Survey' button. Whether they have answered is not known (answers carry no person); the
 * survey page points them to the link in their e-mail, the only way to answer. */
export async function openSurveyFor(ctx: AuthContext): Promise<OpenSurvey | null> {
  const now = new Date();
  const inv = await withOrg(ctx.orgId, (tx) =>
    tx.surveyInvitation.findFirst({
      where: { organizationId: ctx.orgId, userId: ctx.userId, survey: { status: "active", closesAt: { gt: now } } },
      orderBy: { createdAt: "desc" },
      select: { survey: { select: { id: true, title: true, closesAt: true } } },
    }),
  );
  return inv
    ? { surveyId: inv.survey.id, title: inv.survey.title, closesAt: inv.survey.closesAt?.toISOString() ?? null }
    : null;
}
