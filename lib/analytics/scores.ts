// Scores from rollup sums (docs/decisions.md (Scores and metrics)): every metric is a mean of 0-10 answers; the culture
// score is the mean of the culture dimensions present, engagement the overall-engagement one.
import {
  CULTURE_DIMENSIONS,
  DIMENSION_KEYS,
  ENGAGEMENT_DIMENSION,
  ENPS_METRIC,
  STRESS_METRIC,
  type DimensionKey,
} from "@/lib/surveys/dimensions";
import { standardEnps } from "@/lib/surveys/scoring";

export type MetricAcc = { n: number; sum: number; promoters: number; detractors: number };
export type MetricAccs = Map<string, MetricAcc>;

export type Scores = {
  dimensions: Record<DimensionKey, number | null>;
  culture: number | null;
  engagement: number | null;
  /** eNPS average, 0-10 (the dashboard's eNPS card). */
  enps: number | null;
  /** % promoters minus % detractors, -100..100. */
  standardEnps: number | null;
  /** 0-10, higher is worse. */
  stress: number | null;
};

const emptyAcc = (): MetricAcc => ({ n: 0, sum: 0, promoters: 0, detractors: 0 });

export function addAcc(into: MetricAccs, metric: string, a: MetricAcc): void {
  const cur = into.get(metric) ?? emptyAcc();
  into.set(metric, {
    n: cur.n + a.n,
    sum: cur.sum + a.sum,
    promoters: cur.promoters + a.promoters,
    detractors: cur.detractors + a.detractors,
  });
}

const mean = (a: MetricAcc | undefined) => (a && a.n > 0 ? a.sum / a.n : null);

function meanOf(values: readonly (number | null)[]): number | null {
  const present = values.filter((v): v is number => v !== null);
  return present.length ? present.reduce((s, v) => s + v, 0) / present.length : null;
}

export function scoresFrom(accs: MetricAccs): Scores {
  const dimensions = Object.fromEntries(DIMENSION_KEYS.map((k) => [k, mean(accs.get(k))])) as Record<
    DimensionKey,
    number | null
  >;
  const e = accs.get(ENPS_METRIC);
  return {
    dimensions,
    culture: meanOf(CULTURE_DIMENSIONS.map((k) => dimensions[k])),
    engagement: dimensions[ENGAGEMENT_DIMENSION],
    enps: mean(e),
    standardEnps: e ? standardEnps(e.n, e.promoters, e.detractors) : null,
    stress: mean(accs.get(STRESS_METRIC)),
  };
}

/** One decimal, as every score is shown. */
export const round1 = (v: number) => Math.round(v * 10) / 10;
export const round1OrNull = (v: number | null) => (v === null ? null : round1(v));

/** The trend text: percentage change of the score with one decimal, '+x.x%', 'x.x%' or
 * 'No change'; null when either period has no score to compare. */
export function trendText(current: number | null, previous: number | null): string | null {
  if (current === null || previous === null || previous === 0) return null;
  const pct = round1(((current - previous) / previous) * 100);
  if (pct === 0) return "No change";
  return pct > 0 ? `+${pct.toFixed(1)}%` : `${pct.toFixed(1)}%`;
}
