import "server-only";
import { withOrg } from "@/lib/db/tenant";
import { contributions } from "@/lib/surveys/scoring";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

export type RollupSums = { n: number; sum: number; promoters: number; detractors: number };
/** A per-question rollup row: answers, their sum as given, and counts[v] of each value 0..10. */
export type QuestionSums = { n: number; sum: number; counts: number[] };
export type Recomputed = { rollups: Map<string, RollupSums>; questions: Map<string, QuestionSums>; responded: Map<string, number> };

/** Key of a rollup row: `${teamId}|${metric}`; of a question rollup row: `${teamId}|${questionId}`. */
export const rollupKey = (teamId: string, metric: string) => `${teamId}|${metric}`;

/** Length of SurveyQuestionRollup.counts: one entry per value 0..10. */
export const COUNTS_LENGTH = 11;

/**
 * What the rollups (per metric and per question) and participation counts of a survey must be,
 * computed again from the raw answers with the same contributions() the submission uses. Dashboards never read this (it scans
 * every answer); tests and the benchmark use it to prove the running sums are exact.
 */
export async function recomputeRollups(orgId: string, surveyId: string): Promise<Recomputed> {
  const responses = await withOrg(orgId, (tx) =>
    tx.surveyResponse.findMany({
      where: { organizationId: orgId, surveyId },
      select: { teamId: true, answers: { select: { questionId: true, value: true, question: { select: { type: true, dimension: true, bankKey: true } } } } },
    }),
  );
  const rollups = new Map<string, RollupSums>();
  const questions = new Map<string, QuestionSums>();
  const responded = new Map<string, number>();
  for (const r of responses) {
    // Unattributed responses (small or no team) count for the organisation only.
    const groups = r.teamId ? [r.teamId, ORG_TEAM_ID] : [ORG_TEAM_ID];
    for (const g of groups) responded.set(g, (responded.get(g) ?? 0) + 1);
    for (const a of r.answers) {
      // Every stored answer counts for its question, text answers included (with no value).
      for (const g of groups) {
        const k = rollupKey(g, a.questionId);
        const q = questions.get(k) ?? { n: 0, sum: 0, counts: Array<number>(COUNTS_LENGTH).fill(0) };
        const counts = [...q.counts];
        if (a.value !== null) counts[a.value] = (counts[a.value] ?? 0) + 1;
        questions.set(k, { n: q.n + 1, sum: q.sum + (a.value ?? 0), counts });
      }
      for (const c of contributions(a.question, a.value)) {
        for (const g of groups) {
          const k = rollupKey(g, c.metric);
          const s = rollups.get(k) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 };
          rollups.set(k, { n: s.n + 1, sum: s.sum + c.score, promoters: s.promoters + (c.promoter ? 1 : 0), detractors: s.detractors + (c.detractor ? 1 : 0) });
        }
      }
    }
  }
  return { rollups, questions, responded };
}
