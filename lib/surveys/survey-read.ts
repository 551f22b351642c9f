import "server-only";
import { withOrg, isUuid, type Tx } from "@/lib/db/tenant";
import { hashToken } from "@/lib/auth/tokens";
import type { SurveyForTaker, TakerQuestion } from "@/lib/surveys/take-schema";

/** Who is asking: the personal link's token, or the signed-in person (the app's Take Survey). */
export type Taker = { token?: string | null; userId?: string | null };

/** The invitation behind a token or a signed-in person, for this survey only. */
export async function findInvitation(tx: Tx, orgId: string, surveyId: string, taker: Taker) {
  const select = { id: true, surveyId: true, teamId: true, used: true } as const;
  if (taker.token) {
    if (taker.token.length < 20 || taker.token.length > 200) return null;
    // The first e-mail's link or the reminder's: both stay valid until one is used.
    const tokenHash = hashToken(taker.token);
    const inv = await tx.surveyInvitation.findFirst({ where: { organizationId: orgId, OR: [{ tokenHash }, { reminderTokenHash: tokenHash }] }, select });
    return inv?.surveyId === surveyId ? inv : null;
  }
  if (taker.userId) return tx.surveyInvitation.findUnique({ where: { organizationId_surveyId_userId: { organizationId: orgId, surveyId, userId: taker.userId } }, select });
  return null;
}

/**
 * The survey as its taker sees it, or null when the survey does not exist, has not been sent, or
 * the taker holds no invitation to it: survey ids cannot be probed without a link.
 */
export async function readSurveyForTaker(orgId: string, surveyId: string, taker: Taker): Promise<{ survey: SurveyForTaker; questions: TakerQuestion[] } | null> {
  if (!isUuid(surveyId)) return null;
  return withOrg(orgId, async (tx) => {
    const inv = await findInvitation(tx, orgId, surveyId, taker);
    if (!inv) return null;
    const s = await tx.survey.findUnique({
      where: { organizationId_id: { organizationId: orgId, id: surveyId } },
      select: {
        id: true, title: true, status: true, sentAt: true, closesAt: true, minGroupSize: true,
        questions: { select: { id: true, text: true, type: true, isRequired: true, order: true }, orderBy: { order: "asc" } },
      },
    });
    if (!s || s.status === "scheduled") return null;
    const closed = s.status === "closed" || (s.closesAt !== null && s.closesAt <= new Date());
    return {
      survey: {
        id: s.id,
        title: s.title,
        status: closed ? "closed" : s.status,
        sentAt: s.sentAt?.toISOString() ?? null,
        closesAt: s.closesAt?.toISOString() ?? null,
        minGroupSize: s.minGroupSize,
        alreadyAnswered: inv.used,
      },
      questions: s.questions.map((q) => ({ id: q.id, question: q.text, type: q.type, isRequired: q.isRequired, order: q.order })),
    };
  });
}
