import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { db } from "@/lib/db/client";
import { DomainError, conflict, notFoundWith } from "@/lib/errors/domain-error";
import { findInvitation, linkAnswered, TOKEN_MAX, TOKEN_MIN } from "@/lib/surveys/survey-read";
import type { Submission } from "@/lib/surveys/take-schemas";
import { askedOf, validateAnswers, type Answer } from "@/lib/surveys/answer-rules";
import { surveyQuestions, type CachedQuestion } from "@/lib/surveys/survey-questions-cache";
import { hashToken } from "@/lib/auth/token-hash";
import { answerMarker } from "@/lib/surveys/marker";

export const INVALID_LINK = "This survey link is invalid";
export const SURVEY_CLOSED = "This survey is closed";
const ALREADY_ANSWERED = "You have already answered this survey";

/** The questions asked of this link. Most surveys ask everyone everything and need no read; one
 * with team-only questions (an action plan's check-back added to a pulse round) reads the team the
 * link's invitation was attributed to, only reading it, as the survey page does (askedOf). An
 * unknown link sees the questions for everyone, and is refused as such when it is stored. */
async function askedOfLink(
  orgId: string,
  surveyId: string,
  token: string,
  questions: readonly CachedQuestion[],
): Promise<CachedQuestion[]> {
  if (questions.every((q) => q.audienceTeamId === null)) return [...questions];
  const inv = await withOrg(orgId, (tx) => findInvitation(tx, orgId, surveyId, { token }));
  return questions.filter((q) => askedOf(q, inv?.teamId ?? null));
}

/** What is wrong with the link, if anything: read only on the rare refused path. */
async function refusal(tx: Tx, orgId: string, surveyId: string, token: string): Promise<DomainError | null> {
  const invitation = await findInvitation(tx, orgId, surveyId, { token });
  if (!invitation) return notFoundWith("survey_link_invalid", INVALID_LINK);
  const survey = await tx.survey.findUnique({
    where: orgKey(orgId, surveyId),
    select: { status: true, closesAt: true },
  });
  if (!survey || survey.status === "scheduled") return notFoundWith("survey_link_invalid", INVALID_LINK);
  if (survey.status === "closed" || (survey.closesAt && survey.closesAt <= new Date()))
    return conflict("survey_closed", SURVEY_CLOSED);
  return (await linkAnswered(tx, orgId, surveyId, token, invitation.used))
    ? conflict("survey_already_answered", ALREADY_ANSWERED)
    : null;
}

/**
 * Stores one anonymous response in one autocommit statement (app_submit_response, SQL in
 * prisma/sql/app_submit_response.sql). Only the personal link answers: the survey must be open,
 * the link one of its invitations', and the link's marker (answerMarker: a hash of the raw token,
 * which the database cannot recompute) not yet in the pool, so two submits with one link store
 * exactly one response. The answers go to the survey's pending pool with the team the invitation
 * was attributed to and the marker, and nothing else: no person, no token, no time, a random id,
 * and no write to the invitation or to any row shared by the survey's submissions, so nothing in
 * the database lines an answer up with an invitation. Only participation (counted from the pool,
 * participation.ts) moves now; the answers reach the results when the survey closes (fold.ts).
 * A signed-in person without the link cannot answer: a marker made from their id would be
 * recomputable by anyone who reads the database.
 */
export async function submitResponse(
  orgId: string,
  submission: Submission,
  taker: { token?: string | null },
): Promise<void> {
  const { surveyId } = submission;
  const token = taker.token ?? null;
  const questions = await surveyQuestions(orgId, surveyId);
  if (!questions || !token) throw notFoundWith("survey_link_invalid", INVALID_LINK);
  const why = () => withOrg(orgId, (tx) => refusal(tx, orgId, surveyId, token));
  let answers: Answer[];
  try {
    answers = validateAnswers(await askedOfLink(orgId, surveyId, token, questions), submission.responses);
  } catch (err) {
    // A bad link is refused as such before its answers are judged.
    throw (await why()) ?? err;
  }
  if (token.length < TOKEN_MIN || token.length > TOKEN_MAX) throw notFoundWith("survey_link_invalid", INVALID_LINK);
  // One autocommit statement does it all, scoped to the organisation by the function itself like
  // withOrg(). It writes only a new pool row: the raw token never reaches the database, only its
  // lookup hash (already stored with the invitation) and the marker.
  const rows = await db().$queryRaw<{ stored: boolean }[]>`
      SELECT app_submit_response(
        ${orgId}::uuid, ${surveyId}::uuid, ${hashToken(token)}::text, ${answerMarker(surveyId, token)}::text,
        ${answers.map((a) => a.questionId)}::uuid[], ${answers.map((a) => a.value)}::int[], ${answers.map((a) => a.text)}::text[]
      ) AS stored`;
  // Not stored: the link is bad, or another submit with it won the race a moment ago.
  if (!rows[0]?.stored) throw (await why()) ?? conflict("survey_already_answered", ALREADY_ANSWERED);
}
