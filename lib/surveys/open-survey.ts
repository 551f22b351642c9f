import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";

export type OpenSurvey = { surveyId: string; title: string; closesAt: string | null };

/** The survey the signed-in person has been asked and not yet answered (the newest if several),
 * for the app's 'Take Survey' button: they answer it with their session, no e-mail link needed. */
export async function openSurveyFor(ctx: AuthContext): Promise<OpenSurvey | null> {
  const now = new Date();
  const inv = await withOrg(ctx.orgId, (tx) =>
    tx.surveyInvitation.findFirst({
      where: { organizationId: ctx.orgId, userId: ctx.userId, used: false, survey: { status: "active", closesAt: { gt: now } } },
      orderBy: { createdAt: "desc" },
      select: { survey: { select: { id: true, title: true, closesAt: true } } },
    }),
  );
  return inv ? { surveyId: inv.survey.id, title: inv.survey.title, closesAt: inv.survey.closesAt?.toISOString() ?? null } : null;
}
