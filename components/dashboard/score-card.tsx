import { Card } from "@/components/ui/card";
import { Trend } from "@/components/analytics/trend";
import { rateText } from "@/components/analytics/participation-text";
import { cn } from "@/lib/utils/cn";

/** The four cards' grid: two by two on a phone (the four fit in under half a 390 x 844 screen),
 * four in a row on a wide screen. Shared with the loading skeleton so nothing jumps. */
export const SCORE_GRID = "grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4";

const CARD = "p-3 sm:p-5";
const TITLE = "text-xs font-medium leading-snug text-slate-600 sm:text-sm";
const VALUE = "mt-1 text-2xl font-semibold tabular-nums text-slate-900 sm:mt-2 sm:text-3xl";
const UNIT = "text-xs text-slate-500 sm:text-sm";

/** A score out of 10 with one decimal, '--' when there is none (docs/decisions.md (Scores and metrics)). */
export function ScoreCard({
  title,
  value,
  trend,
  trendSuffix,
  showTrend = false,
}: {
  title: string;
  value: number | null;
  trend?: string | null;
  trendSuffix?: string;
  showTrend?: boolean;
}) {
  return (
    <Card className={CARD}>
      <h2 className={TITLE}>{title}</h2>
      <p className={VALUE}>{value === null ? "--" : value.toFixed(1)}</p>
      <p className={UNIT}>out of 10</p>
      {showTrend ? <Trend text={trend ?? null} suffix={trendSuffix} className="mt-1 sm:mt-2" /> : null}
    </Card>
  );
}

/** The standard eNPS (-100..100) shown beside the 0-10 card, with the period's participation
 * ('At least' when rounds were hidden: their answers are not counted). */
export function StandardEnpsCard({
  value,
  participation,
  participationAtLeast = false,
}: {
  value: number | null;
  participation: number | null;
  participationAtLeast?: boolean;
}) {
  return (
    <Card className={CARD}>
      <h2 className={TITLE}>Standard eNPS</h2>
      <p className={VALUE}>{value === null ? "--" : `${value > 0 ? "+" : ""}${Math.round(value)}`}</p>
      <p className={cn(UNIT, "leading-snug")}>% promoters minus % detractors</p>
      <p className="mt-1 text-xs text-slate-600 sm:mt-2">
        {participation === null
          ? "No participation yet"
          : rateText(participation, participationAtLeast, "participation")}
      </p>
    </Card>
  );
}
