import "server-only";
import { orgKey, withOrg, isUuid, type Tx } from "@/lib/db/tenant";
import { hashToken } from "@/lib/auth/tokens";
import { answerMarker } from "@/lib/surveys/marker";
import { effectiveTemplate, renderTemplate } from "@/lib/surveys/email-template";
import type { SurveyForTaker, TakerQuestion } from "@/lib/surveys/take-schemas";
import { closingDate, sendingDate } from "@/lib/surveys/send";
import { askedOf } from "@/lib/surveys/answer-rules";

/** Who is asking: the personal link's token, or the signed-in person (the app's Take Survey, which
 * shows the survey but answers only with the link). */
export type Taker = { token?: string | null; userId?: string | null };

export const TOKEN_MIN = 20;
export const TOKEN_MAX = 200;

/** The invitation behind a token or a signed-in person, for this survey only. Only the first
 * e-mail's link is a link: reminders carry none of their own. */
export async function findInvitation(tx: Tx, orgId: string, surveyId: string, taker: Taker) {
  const select = { id: true, surveyId: true, teamId: true, used: true, userId: true } as const;
  if (taker.token) {
    if (taker.token.length < TOKEN_MIN || taker.token.length > TOKEN_MAX) return null;
    const inv = await tx.surveyInvitation.findUnique({
      where: { organizationId_tokenHash: { organizationId: orgId, tokenHash: hashToken(taker.token) } },
      select,
    });
    return inv?.surveyId === surveyId ? inv : null;
  }
  if (taker.userId)
    return tx.surveyInvitation.findUnique({
      where: { organizationId_surveyId_userId: { organizationId: orgId, surveyId, userId: taker.userId } },
      select,
    });
  return null;
}

/** Whether this link has answered: its marker is in the pool (or, for a link spent before markers
 * existed, its invitation says so). Computed from the raw token the request carries. */
export async function linkAnswered(
  tx: Tx,
  orgId: string,
  surveyId: string,
  token: string,
  legacyUsed: boolean,
): Promise<boolean> {
  if (legacyUsed) return true;
  const hit = await tx.surveyPendingResponse.findUnique({
    where: {
      organizationId_surveyId_marker: { organizationId: orgId, surveyId, marker: answerMarker(surveyId, token) },
    },
    select: { id: true },
  });
  return hit !== null;
}

/** The groups this invitation's answers are reported in: its attributed team (null when the team
 * was below the minimum when the survey was sent, or the person has none) and the whole audience. */
async function reportedWith(
  tx: Tx,
  orgId: string,
  surveyId: string,
  teamId: string | null,
): Promise<SurveyForTaker["reportedWith"]> {
  const [counts] = await tx.$queryRaw<{ all: number; team: number }[]>`
    SELECT count(*)::int AS "all", count(*) FILTER (WHERE "teamId" = ${teamId}::uuid)::int AS team
    FROM "SurveyInvitation" WHERE "organizationId" = ${orgId}::uuid AND "surveyId" = ${surveyId}::uuid`;
  const team = teamId
    ? await tx.team.findUnique({
        where: orgKey(orgId, teamId),
        select: { name: true },
      })
    : null;
  return { team: team ? { name: team.name, people: counts?.team ?? 0 } : null, organisationPeople: counts?.all ?? 0 };
}

/**
 * The survey as its taker sees it, or null when the survey does not exist, has not been sent, or
 * the taker holds no invitation to it: survey ids cannot be probed without a link.
 */
export async function readSurveyForTaker(
  orgId: string,
  surveyId: string,
  taker: Taker,
): Promise<{ survey: SurveyForTaker; questions: TakerQuestion[] } | null> {
  if (!isUuid(surveyId)) return null;
  return withOrg(orgId, async (tx) => {
    const inv = await findInvitation(tx, orgId, surveyId, taker);
    if (!inv) return null;
    const s = await tx.survey.findUnique({
      where: orgKey(orgId, surveyId),
      select: {
        id: true,
        title: true,
        status: true,
        sentAt: true,
        closesAt: true,
        minGroupSize: true,
        questions: {
          select: {
            id: true,
            text: true,
            type: true,
            isRequired: true,
            order: true,
            options: true,
            audienceTeamId: true,
          },
          orderBy: { order: "asc" },
        },
      },
    });
    if (!s || s.status === "scheduled") return null;
    const closed = s.status === "closed" || (s.closesAt !== null && s.closesAt <= new Date());
    const withLink = !!taker.token;
    return {
      survey: {
        id: s.id,
        title: s.title,
        status: closed ? "closed" : s.status,
        sentAt: s.sentAt?.toISOString() ?? null,
        closesAt: s.closesAt?.toISOString() ?? null,
        minGroupSize: s.minGroupSize,
        // Without the link nobody can tell, the product included: answers carry no person.
        alreadyAnswered: withLink && !closed ? await linkAnswered(tx, orgId, surveyId, taker.token!, inv.used) : false,
        linkNeeded: !withLink,
        firstMail:
          withLink || !s.sentAt || !s.closesAt ? null : await firstMail(tx, orgId, inv.userId, s.sentAt, s.closesAt),
        reportedWith: await reportedWith(tx, orgId, surveyId, inv.teamId),
      },
      // Only the questions asked of this invitation; a team-only question (an action plan's
      // check-back) is left out for everyone else, and nothing about it is sent to them.
      questions: s.questions
        .filter((q) => askedOf(q, inv.teamId))
        .map((q) => ({
          id: q.id,
          question: q.text,
          type: q.type,
          isRequired: q.isRequired,
          order: q.order,
          options: q.type === "choice" ? q.options : [],
        })),
    };
  });
}

/** The e-mail that brought a person's link: the subject as the workspace's template renders it
 * for them, and the day it was sent. */
async function firstMail(
  tx: Tx,
  orgId: string,
  userId: string,
  sentAt: Date,
  closesAt: Date,
): Promise<NonNullable<SurveyForTaker["firstMail"]>> {
  const [org, user] = await Promise.all([
    tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: { emailSubject: true, emailBody: true, pulseTimeZone: true },
    }),
    tx.user.findUnique({
      where: orgKey(orgId, userId),
      select: { firstName: true },
    }),
  ]);
  return {
    subject: renderTemplate(effectiveTemplate(org).subject, { firstName: user?.firstName ?? "", surveyLink: "" }),
    sentOn: sendingDate(sentAt, org.pulseTimeZone),
    closesOn: closingDate(closesAt, org.pulseTimeZone),
  };
}
