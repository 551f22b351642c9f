import { Card } from "@/components/ui/card";
import { Trend } from "@/components/analytics/trend";

/** A score out of 10 with one decimal, '--' when there is none (spec: Dashboard cards). */
export function ScoreCard({ title, value, trend, trendSuffix, showTrend = false }: { title: string; value: number | null; trend?: string | null; trendSuffix?: string; showTrend?: boolean }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-medium text-slate-600">{title}</h2>
      <p className="mt-2 text-3xl font-semibold text-slate-900">{value === null ? "--" : value.toFixed(1)}</p>
      <p className="text-sm text-slate-500">out of 10</p>
      {showTrend ? <Trend text={trend ?? null} suffix={trendSuffix} className="mt-2" /> : null}
    </Card>
  );
}

/** The standard eNPS (-100..100) shown beside the 0-10 card. */
export function StandardEnpsCard({ value, participation }: { value: number | null; participation: number | null }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-medium text-slate-600">Standard eNPS</h2>
      <p className="mt-2 text-3xl font-semibold text-slate-900">{value === null ? "--" : `${value > 0 ? "+" : ""}${Math.round(value)}`}</p>
      <p className="text-sm text-slate-500">% promoters minus % detractors</p>
      <p className="mt-2 text-xs text-slate-600">{participation === null ? "No participation yet" : `${participation}% participation`}</p>
    </Card>
  );
}
