import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { z } from "zod";
import { db } from "@/lib/db/client";
import type { Tx } from "@/lib/db/tenant";
import { log } from "@/lib/log/logger";
import { rollupTotals, type FoldedResponse } from "@/lib/surveys/rollup-sums";
import { orgKey } from "@/lib/db/tenant";

// Answers are folded in at close, not at submit (docs/decisions.md (Anonymity and the minimum group)). While a
// survey is open its answers wait in SurveyPendingResponse; closing it moves the whole pool into
// SurveyResponse/SurveyAnswer and the rollups in the closing transaction:
// - in a random order, with new random ids, so the answers' physical order and ids say nothing
//   about the order in which people answered;
// - in one transaction that touches no invitation (nor does a submission), so no stored answer or
//   rollup row shares a transaction id (xmin) with an invitation;
// - the pool's single-use markers go with it: a closed survey refuses answers anyway;
// - exactly once: the caller holds the survey's fold lock and has just moved the survey from
//   'active' to 'closed' with a conditional update in the same transaction (a second worker finds
//   nothing to move, a crash rolls everything back); every submission holds the same lock shared
//   while it stores (app_submit_response), so the fold waits for those in flight and later ones
//   find the survey closed: none lands in the pool after the fold has read it.

const pendingAnswers = z.array(
  z.object({ q: z.uuid(), v: z.number().int().min(0).max(10).nullable(), t: z.string().nullable() }),
);

/** Fisher-Yates with the system's cryptographic random source. */
function shuffleInPlace<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

/** Folds a closing survey's pool into its answers and rollups; returns how many responses. Runs
 * in the caller's organisation transaction, right after the survey was moved to 'closed'. */
export async function foldSurvey(tx: Tx, orgId: string, surveyId: string): Promise<number> {
  const pool = await tx.surveyPendingResponse.findMany({
    where: { organizationId: orgId, surveyId },
    select: { teamId: true, answers: true },
  });
  if (pool.length === 0) return 0;
  const questions = await tx.surveyQuestion.findMany({
    where: { organizationId: orgId, surveyId },
    select: { id: true, type: true, dimension: true, bankKey: true, audienceTeamId: true },
  });
  const known = new Map(questions.map((q) => [q.id, q]));
  // A team-only question counts only answers of its team (submissions are refused otherwise):
  // its organisation rollup then equals the team's, which the results suppress alike.
  const askedOfTeam = (questionId: string, teamId: string | null) => {
    const q = known.get(questionId);
    return q !== undefined && (q.audienceTeamId === null || q.audienceTeamId === teamId);
  };

  const responses: (FoldedResponse & { id: string })[] = shuffleInPlace(
    pool.map((p) => ({
      id: randomUUID(),
      teamId: p.teamId,
      answers: pendingAnswers
        .parse(p.answers)
        .filter((a) => askedOfTeam(a.q, p.teamId))
        .map((a) => ({ questionId: a.q, value: a.v, text: a.t })),
    })),
  );
  const answers = responses.flatMap((r) => r.answers.map((a) => ({ responseId: r.id, ...a })));

  // unnest ... WITH ORDINALITY, inserted in that order: the shuffled one.
  await tx.$executeRaw`
    INSERT INTO "SurveyResponse" ("organizationId", "id", "surveyId", "teamId")
    SELECT ${orgId}::uuid, v.id, ${surveyId}::uuid, v.team_id
    FROM unnest(${responses.map((r) => r.id)}::uuid[], ${responses.map((r) => r.teamId)}::uuid[]) WITH ORDINALITY AS v(id, team_id, ord)
    ORDER BY v.ord`;
  if (answers.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "SurveyAnswer" ("organizationId", "responseId", "questionId", "value", "text")
      SELECT ${orgId}::uuid, v.response_id, v.question_id, v.value, v.text
      FROM unnest(${answers.map((a) => a.responseId)}::uuid[], ${answers.map((a) => a.questionId)}::uuid[],
                  ${answers.map((a) => a.value)}::int[], ${answers.map((a) => a.text)}::text[]) WITH ORDINALITY AS v(response_id, question_id, value, text, ord)
      ORDER BY v.ord`;
  }

  const totals = rollupTotals(responses, known);
  const metricRows = [...totals.rollups].map(([key, s]) => ({ ...splitKey(key), ...s }));
  if (metricRows.length > 0) {
    await tx.$executeRaw`
      INSERT INTO "SurveyRollup" ("organizationId", "surveyId", "teamId", "metric", "n", "sum", "promoters", "detractors")
      SELECT ${orgId}::uuid, ${surveyId}::uuid, v.team_id, v.metric, v.n, v.sum, v.promoters, v.detractors
      FROM unnest(${metricRows.map((r) => r.teamId)}::uuid[], ${metricRows.map((r) => r.rest)}::text[], ${metricRows.map((r) => r.n)}::int[],
                  ${metricRows.map((r) => r.sum)}::float8[], ${metricRows.map((r) => r.promoters)}::int[], ${metricRows.map((r) => r.detractors)}::int[])
           AS v(team_id, metric, n, sum, promoters, detractors)
      ON CONFLICT ("organizationId", "surveyId", "teamId", "metric") DO UPDATE SET
        "n" = "SurveyRollup"."n" + EXCLUDED."n", "sum" = "SurveyRollup"."sum" + EXCLUDED."sum",
        "promoters" = "SurveyRollup"."promoters" + EXCLUDED."promoters", "detractors" = "SurveyRollup"."detractors" + EXCLUDED."detractors"`;
  }
  const questionRows = [...totals.questions].map(([key, s]) => ({ ...splitKey(key), ...s }));
  if (questionRows.length > 0) {
    // counts travel as one flat array, 11 entries per row (PostgreSQL has no ragged arrays).
    await tx.$executeRaw`
      INSERT INTO "SurveyQuestionRollup" ("organizationId", "surveyId", "teamId", "questionId", "n", "sum", "counts")
      SELECT ${orgId}::uuid, ${surveyId}::uuid, v.team_id, v.question_id, v.n, v.sum,
             (${questionRows.flatMap((r) => r.counts)}::int[])[(v.ord - 1) * 11 + 1 : v.ord * 11]
      FROM unnest(${questionRows.map((r) => r.teamId)}::uuid[], ${questionRows.map((r) => r.rest)}::uuid[], ${questionRows.map((r) => r.n)}::int[],
                  ${questionRows.map((r) => r.sum)}::int[]) WITH ORDINALITY AS v(team_id, question_id, n, sum, ord)
      ON CONFLICT ("organizationId", "surveyId", "teamId", "questionId") DO UPDATE SET
        "n" = "SurveyQuestionRollup"."n" + EXCLUDED."n", "sum" = "SurveyQuestionRollup"."sum" + EXCLUDED."sum",
        "counts" = ARRAY(SELECT u.was + u.added FROM unnest("SurveyQuestionRollup"."counts", EXCLUDED."counts") WITH ORDINALITY AS u(was, added, i) ORDER BY u.i)`;
  }
  // Participation as the results will show it: the groups' respondents, now stored (while the
  // survey was open it was counted from the invitations, participation.ts).
  const responded = [...totals.responded];
  await tx.$executeRaw`
    INSERT INTO "SurveyParticipation" ("organizationId", "surveyId", "teamId", "invited", "responded")
    SELECT ${orgId}::uuid, ${surveyId}::uuid, v.team_id, 0, v.responded
    FROM unnest(${responded.map(([g]) => g)}::uuid[], ${responded.map(([, n]) => n)}::int[]) AS v(team_id, responded)
    ON CONFLICT ("organizationId", "surveyId", "teamId") DO UPDATE SET "responded" = EXCLUDED."responded"`;
  await tx.survey.update({
    where: orgKey(orgId, surveyId),
    data: { responseCount: responses.length },
    select: { id: true },
  });
  await tx.surveyPendingResponse.deleteMany({ where: { organizationId: orgId, surveyId } });
  return responses.length;
}

function splitKey(key: string): { teamId: string; rest: string } {
  const at = key.indexOf("|");
  return { teamId: key.slice(0, at), rest: key.slice(at + 1) };
}

/**
 * Vacuums the pool after a fold has committed, so the deleted rows' tuples (their markers and
 * insertion order) are removed rather than left for autovacuum. VACUUM
 * cannot run in a transaction; the application role may run it on PostgreSQL 17+ (MAINTAIN, see
 * the pending_pool migration). Elsewhere it only warns, and autovacuum does it later.
 */
export async function vacuumPendingPool(): Promise<void> {
  try {
    await db().$executeRawUnsafe('VACUUM "SurveyPendingResponse"');
  } catch (err) {
    log.warn("surveys.pool_vacuum_failed", { err });
  }
}
