import type { Bar } from "@/lib/analytics/survey-results-view";
import { cn } from "@/lib/utils/cn";

const percent = (count: number, n: number) => (n > 0 ? Math.round((count / n) * 100) : 0);

/** Answers per value as a list a screen reader reads as text; the bars only repeat it. Narrow
 * enough for a phone: one row per value, label, bar, count. */
export function DistributionBars({
  bars,
  n,
  label,
  tone,
}: {
  bars: Bar[];
  n: number;
  label: string;
  tone?: (value: number) => string;
}) {
  return (
    <ul aria-label={label} className="space-y-1">
      {bars.map((b) => {
        const pct = percent(b.count, n);
        return (
          <li key={b.value} className="grid grid-cols-[1.5rem_1fr_4.5rem] items-center gap-2 text-sm">
            <span className="text-right font-medium text-slate-700 tabular-nums">{b.value}</span>
            <span aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-100">
              <span
                className={cn("block h-full rounded-full", tone ? tone(b.value) : "bg-brand-500")}
                style={{ width: `${pct}%` }}
              />
            </span>
            <span className="text-slate-600 tabular-nums">
              <span className="sr-only">{`Answered ${b.value}: `}</span>
              {b.count} <span className="text-xs text-slate-500">({pct}%)</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
