// How one answer turns into rollup metrics (docs/decisions.md (Scores and metrics)):
// - a scale answer a (1-5) scores (a - 1) x 2.5 on 0-10 for its dimension;
// - eNPS answers (0-10) count as given, and as promoter (9-10) or detractor (0-6);
// - the wellness stress item is worded so that agreeing means more stress: it feeds the 'stress'
//   metric as scored (0-10, higher is worse) and the wellness dimension reversed (10 - score).
import { ENPS_METRIC, STRESS_METRIC, isDimensionKey, type Metric } from "@/lib/surveys/dimensions";

/** The question bank key of the wellness stress item. */
export const STRESS_ITEM_KEY = "wellness_stress";

export type ScoredQuestion = {
  type: "scale" | "enps" | "text" | "choice";
  dimension: string | null;
  bankKey: string | null;
};
export type MetricContribution = { metric: Metric; score: number; promoter: boolean; detractor: boolean };

export const scaleScore = (answer: number) => (answer - 1) * 2.5;

export function contributions(q: ScoredQuestion, value: number | null): MetricContribution[] {
  // A choice answer is an option's index, not a score: it feeds only its question's rollup.
  if (value === null || q.type === "text" || q.type === "choice") return [];
  if (q.type === "enps") return [{ metric: ENPS_METRIC, score: value, promoter: value >= 9, detractor: value <= 6 }];
  const score = scaleScore(value);
  const out: MetricContribution[] = [];
  if (q.bankKey === STRESS_ITEM_KEY) {
    out.push({ metric: STRESS_METRIC, score, promoter: false, detractor: false });
    if (q.dimension && isDimensionKey(q.dimension))
      out.push({ metric: q.dimension, score: 10 - score, promoter: false, detractor: false });
    return out;
  }
  if (q.dimension && isDimensionKey(q.dimension))
    out.push({ metric: q.dimension, score, promoter: false, detractor: false });
  return out;
}

/** Metrics below 6.5 (stress above 6.5) are emergencies (docs/decisions.md (Scores and metrics)). */
export const EMERGENCY_THRESHOLD = 6.5;

/** The standard eNPS: % promoters minus % detractors (-100..100). */
export function standardEnps(n: number, promoters: number, detractors: number): number | null {
  return n > 0 ? Math.round(((promoters - detractors) / n) * 1000) / 10 : null;
}
