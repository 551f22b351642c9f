import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { HttpError, badRequest, conflict } from "@/lib/api/errors";
import { contributions } from "@/lib/surveys/scoring";
import { ORG_TEAM_ID } from "@/lib/surveys/send";
import { findInvitation, type Taker } from "@/lib/surveys/survey-read";
import { TEXT_ANSWER_MAX, type Submission } from "@/lib/surveys/take-schema";


export const INVALID_LINK = "This survey link is invalid";
export const SURVEY_CLOSED = "This survey is closed";
export const ALREADY_ANSWERED = "You have already answered this survey";

type Question = { id: string; type: "scale" | "enps" | "text"; isRequired: boolean; dimension: string | null; bankKey: string | null };
type Answer = { questionId: string; value: number | null; text: string | null };

/** Every answer checked against the survey's own questions; field messages keyed by question. */
function validate(questions: Question[], responses: Submission["responses"]): Answer[] {
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
      else if (text.length > TEXT_ANSWER_MAX) fail(q.id, `Answers are at most ${TEXT_ANSWER_MAX.toLocaleString("en-US")} characters`);
      else if (text) out.push({ questionId: q.id, value: null, text });
      continue;
    }
    const [min, max] = q.type === "scale" ? [1, 5] : [0, 10];
    if (typeof r.answer !== "number" || !Number.isInteger(r.answer) || r.answer < min || r.answer > max) fail(q.id, `Choose a whole number from ${min} to ${max}`);
    else out.push({ questionId: q.id, value: r.answer, text: null });
  }
  const answered = new Set(out.map((a) => a.questionId));
  for (const q of questions) if (q.isRequired && !answered.has(q.id) && !fields[`responses.${q.id}`]) fail(q.id, "This question needs an answer");
  if (Object.keys(fields).length) throw badRequest("Please answer every required question with a valid answer", fields);
  return out;
}

/** Adds one response to the running sums, as one statement per table. Rows are touched in a
 * fixed order (team, then metric) so concurrent submissions never deadlock on them. */
async function addToRollups(tx: Tx, orgId: string, surveyId: string, teamId: string | null, questions: Map<string, Question>, answers: Answer[]): Promise<void> {
  const sums = new Map<string, { n: number; sum: number; promoters: number; detractors: number }>();
  for (const a of answers) {
    for (const c of contributions(questions.get(a.questionId)!, a.value)) {
      const s = sums.get(c.metric) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 };
      s.n += 1;
      s.sum += c.score;
      s.promoters += c.promoter ? 1 : 0;
      s.detractors += c.detractor ? 1 : 0;
      sums.set(c.metric, s);
    }
  }
  const groups = teamId ? [teamId, ORG_TEAM_ID].sort() : [ORG_TEAM_ID];
  const rows = groups.flatMap((g) => [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([metric, s]) => ({ g, metric, ...s })));
  if (rows.length) {
    await tx.$executeRaw`
      INSERT INTO "SurveyRollup" ("organizationId", "surveyId", "teamId", metric, n, sum, promoters, detractors)
      SELECT ${orgId}::uuid, ${surveyId}::uuid, v.g, v.metric, v.n, v.sum, v.p, v.d
      FROM unnest(${rows.map((r) => r.g)}::uuid[], ${rows.map((r) => r.metric)}::text[], ${rows.map((r) => r.n)}::int[],
                  ${rows.map((r) => r.sum)}::float8[], ${rows.map((r) => r.promoters)}::int[], ${rows.map((r) => r.detractors)}::int[]) AS v(g, metric, n, sum, p, d)
      ON CONFLICT ("organizationId", "surveyId", "teamId", metric) DO UPDATE SET
        n = "SurveyRollup".n + EXCLUDED.n, sum = "SurveyRollup".sum + EXCLUDED.sum,
        promoters = "SurveyRollup".promoters + EXCLUDED.promoters, detractors = "SurveyRollup".detractors + EXCLUDED.detractors`;
  }
  await tx.$executeRaw`
    INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", invited, responded)
    SELECT ${orgId}::uuid, ${surveyId}::uuid, g, 0, 1 FROM unnest(${groups}::uuid[]) AS g
    ON CONFLICT ("organizationId", "surveyId", "teamId") DO UPDATE SET responded = "SurveyParticipation".responded + 1`;
}

/**
 * Stores one anonymous response, all in one transaction: the invitation is spent with a
 * conditional update (two submits with one link store exactly one response), the response gets a
 * random id and the team the invitation was attributed to, and nothing else: no person, no token,
 * no time. The rollups and counters move in the same transaction, so dashboards never disagree
 * with the answers.
 */
export async function submitResponse(orgId: string, submission: Submission, taker: Taker): Promise<void> {
  await withOrg(orgId, async (tx) => {
    const invitation = await findInvitation(tx, orgId, submission.surveyId, taker);
    if (!invitation) throw new HttpError(404, INVALID_LINK);
    const survey = await tx.survey.findUnique({
      where: { organizationId_id: { organizationId: orgId, id: submission.surveyId } },
      select: { status: true, closesAt: true, questions: { select: { id: true, type: true, isRequired: true, dimension: true, bankKey: true } } },
    });
    if (!survey || survey.status === "scheduled") throw new HttpError(404, INVALID_LINK);
    if (survey.status === "closed" || (survey.closesAt && survey.closesAt <= new Date())) throw conflict(SURVEY_CLOSED);
    if (invitation.usedAt) throw conflict(ALREADY_ANSWERED);
    const answers = validate(survey.questions, submission.responses);

    const spent = await tx.surveyInvitation.updateMany({ where: { organizationId: orgId, id: invitation.id, usedAt: null }, data: { usedAt: new Date() } });
    if (spent.count !== 1) throw conflict(ALREADY_ANSWERED);
    const response = await tx.surveyResponse.create({ data: { organizationId: orgId, surveyId: submission.surveyId, teamId: invitation.teamId }, select: { id: true } });
    await tx.surveyAnswer.createMany({ data: answers.map((a) => ({ organizationId: orgId, responseId: response.id, questionId: a.questionId, value: a.value, text: a.text })) });
    await addToRollups(tx, orgId, submission.surveyId, invitation.teamId, new Map(survey.questions.map((q) => [q.id, q])), answers);
    // Last: the survey row is the hottest lock of a round, so it is held only until commit.
    await tx.survey.update({ where: { organizationId_id: { organizationId: orgId, id: submission.surveyId } }, data: { responseCount: { increment: 1 } } });
  });
}
