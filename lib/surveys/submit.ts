import { formatNumber } from "@/lib/format";
import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import { db } from "@/lib/db/client";
import { DomainError, invalidInput, conflict, notFoundWith } from "@/lib/errors/domain-error";
import { askedOf, findInvitation, linkAnswered, TOKEN_MAX, TOKEN_MIN } from "@/lib/surveys/survey-read";
import { TEXT_ANSWER_MAX, type Submission } from "@/lib/surveys/take-schemas";
import { surveyQuestions, type CachedQuestion } from "@/lib/surveys/survey-questions-cache";
import { hashToken } from "@/lib/auth/token-hash";
import { answerMarker } from "@/lib/surveys/marker";

export const INVALID_LINK = "This survey link is invalid";
export const SURVEY_CLOSED = "This survey is closed";
const ALREADY_ANSWERED = "You have already answered this survey";

type Question = CachedQuestion;
type Answer = { questionId: string; value: number | null; text: string | null };

/** Every answer checked against the questions asked of this link (the survey's questions for
 * everyone, and its team's own when it has any); field messages keyed by question. A choice answer
 * is the index of one of the question's options. Exported for its unit tests. */
export function validate(questions: readonly Question[], responses: Submission["responses"]): Answer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fields: Record<string, string[]> = {};
  const fail = (id: string, msg: string) => (fields[`responses.${id}`] ??= []).push(msg);
  const out: Answer[] = [];
  const seen = new Set<string>();
  for (const r of responses) {
    const q = byId.get(r.questionId);
    if (!q) {
      fail(r.questionId, "This question is not part of the survey");
      continue;
    }
    if (seen.has(q.id)) {
      fail(q.id, "Answered twice");
      continue;
    }
    seen.add(q.id);
    if (q.type === "text") {
      const text = typeof r.answer === "string" ? r.answer.trim() : "";
      if (typeof r.answer !== "string") fail(q.id, "Expected a text answer");
      else if (text.length > TEXT_ANSWER_MAX)
        fail(q.id, `Answers are at most ${formatNumber(TEXT_ANSWER_MAX)} characters`);
      else if (text) out.push({ questionId: q.id, value: null, text });
      continue;
    }
    if (q.type === "choice") {
      const last = q.options.length - 1;
      if (typeof r.answer !== "number" || !Number.isInteger(r.answer) || r.answer < 0 || r.answer > last)
        fail(q.id, "Choose one of the options");
      else out.push({ questionId: q.id, value: r.answer, text: null });
      continue;
    }
    const [min, max] = q.type === "scale" ? [1, 5] : [0, 10];
    if (typeof r.answer !== "number" || !Number.isInteger(r.answer) || r.answer < min || r.answer > max)
      fail(q.id, `Choose a whole number from ${min} to ${max}`);
    else out.push({ questionId: q.id, value: r.answer, text: null });
  }
  const answered = new Set(out.map((a) => a.questionId));
  for (const q of questions)
    if (q.isRequired && !answered.has(q.id) && !fields[`responses.${q.id}`])
      fail(q.id, "This question needs an answer");
  if (Object.keys(fields).length)
    throw invalidInput("Please answer every required question with a valid answer", fields);
  return out;
}

/** The questions asked of this link. Most surveys ask everyone everything and need no read; one
 * with team-only questions (an action plan's check-back added to a pulse round) reads the team the
 * link's invitation was attributed to, only reading it, as the survey page does (askedOf). An
 * unknown link sees the questions for everyone, and is refused as such when it is stored. */
async function askedOfLink(
  orgId: string,
  surveyId: string,
  token: string,
  questions: readonly Question[],
): Promise<Question[]> {
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
    answers = validate(await askedOfLink(orgId, surveyId, token, questions), submission.responses);
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
