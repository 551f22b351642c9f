// What a set of responses adds to the rollups: per metric (SurveyRollup, through scoring.ts's
// contributions) and per question (SurveyQuestionRollup), for each response's team and for the
// whole organisation. Pure: the fold (fold.ts) writes these sums when a survey closes, and the
// recompute check (tests/support/recompute-rollups.ts) derives them again from the stored answers.
import { contributions, type ScoredQuestion } from "@/lib/surveys/scoring";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

type RollupSums = { n: number; sum: number; promoters: number; detractors: number };
/** A per-question rollup row: answers, their sum as given, and counts[v] of each value 0..10. */
type QuestionSums = { n: number; sum: number; counts: number[] };
export type RollupTotals = {
  rollups: Map<string, RollupSums>;
  questions: Map<string, QuestionSums>;
  responded: Map<string, number>;
};

type FoldedAnswer = { questionId: string; value: number | null; text: string | null };
export type FoldedResponse = { teamId: string | null; answers: readonly FoldedAnswer[] };

/** Key of a rollup row: `${teamId}|${metric}`; of a question rollup row: `${teamId}|${questionId}`. */
export const rollupKey = (teamId: string, metric: string) => `${teamId}|${metric}`;

/** Length of SurveyQuestionRollup.counts: one entry per value 0..10. */
const COUNTS_LENGTH = 11;

/** Unattributed responses (small or no team) count for the organisation only. */
const groupsOf = (teamId: string | null): string[] => (teamId ? [teamId, ORG_TEAM_ID] : [ORG_TEAM_ID]);

export function rollupTotals(
  responses: Iterable<FoldedResponse>,
  questions: ReadonlyMap<string, ScoredQuestion>,
): RollupTotals {
  const rollups = new Map<string, RollupSums>();
  const totals = new Map<string, QuestionSums>();
  const responded = new Map<string, number>();
  for (const r of responses) {
    const groups = groupsOf(r.teamId);
    for (const g of groups) responded.set(g, (responded.get(g) ?? 0) + 1);
    for (const a of r.answers) {
      const q = questions.get(a.questionId);
      if (!q) continue;
      // Every stored answer counts for its question, text answers included (with no value).
      for (const g of groups) {
        const k = rollupKey(g, a.questionId);
        const t = totals.get(k) ?? { n: 0, sum: 0, counts: Array<number>(COUNTS_LENGTH).fill(0) };
        if (a.value !== null) t.counts[a.value] = (t.counts[a.value] ?? 0) + 1;
        totals.set(k, { n: t.n + 1, sum: t.sum + (a.value ?? 0), counts: t.counts });
      }
      for (const c of contributions(q, a.value)) {
        for (const g of groups) {
          const k = rollupKey(g, c.metric);
          const s = rollups.get(k) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 };
          rollups.set(k, {
            n: s.n + 1,
            sum: s.sum + c.score,
            promoters: s.promoters + (c.promoter ? 1 : 0),
            detractors: s.detractors + (c.detractor ? 1 : 0),
          });
        }
      }
    }
  }
  return { rollups, questions: totals, responded };
}
