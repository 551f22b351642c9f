import { cn } from "@/lib/utils/cn";

// The product's line charts (the dashboard's weekly trends, a 1:1's mood and stress), drawn
// without a chart library and without script: lines are an SVG stretched over the plot (strokes
// keep their width), points and labels are HTML placed by percentages, so a chart fills any width
// from a 390 px phone to a wide screen. recharts, used before, was about 100 KiB gz and a 180 ms
// task on a mid-range phone. Pictures only: each chart says the same in a summary and a table.
//
// Both parts sit in a two-column grid (axis labels, plot) that the chart lays out, so rows of its
// own (the dashboard's participation bars) can go between the plot and the x labels.

export const PLOT_GRID = "grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-1.5 text-[11px] text-slate-600";

export type PlotSeries<K extends string> = {
  key: K;
  name: string;
  color: string;
  /** SVG stroke-dasharray, so series differ by more than colour. */
  dash?: string;
  /** The dots' Tailwind background class (a literal, so Tailwind generates it). */
  dot: string;
};

/** label: under the plot ("Nov 17"); about: the point in a dot's title ("week of Nov 17"). */
export type PlotPoint<K extends string> = {
  id: string;
  label: string;
  about?: string;
  values: Record<K, number | null>;
};

/** Centre of band i of n, in percent of the plot's width. */
const xOf = (i: number, n: number) => ((i + 0.5) / n) * 100;

/** Runs of consecutive points with a value: a line never bridges a point without one. */
function segments<K extends string>(points: readonly PlotPoint<K>[], key: K, yOf: (v: number) => number): string[] {
  const out: string[] = [];
  let run: string[] = [];
  points.forEach((p, i) => {
    const v = p.values[key];
    if (v === null) {
      if (run.length > 1) out.push(run.join(" "));
      run = [];
      return;
    }
    run.push(`${run.length === 0 ? "M" : "L"}${xOf(i, points.length).toFixed(2)} ${yOf(v).toFixed(2)}`);
  });
  if (run.length > 1) out.push(run.join(" "));
  return out;
}

/** The y labels and the plot: two cells of a PLOT_GRID. */
export function LinePlot<K extends string>({
  series,
  points,
  ticks,
  format = (v) => String(v),
  heightClass,
}: {
  series: readonly PlotSeries<K>[];
  points: readonly PlotPoint<K>[];
  /** Ascending; the first and last are the axis' ends. */
  ticks: readonly number[];
  format?: (v: number) => string;
  heightClass: string;
}) {
  const min = ticks[0]!;
  const max = ticks.at(-1)!;
  const yOf = (v: number) => (1 - (v - min) / (max - min)) * 100;
  const n = points.length;
  return (
    <>
      <div className={cn("relative", heightClass)}>
        {ticks.map((t) => (
          <span key={t} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${yOf(t)}%` }}>
            {t}
          </span>
        ))}
      </div>
      <div className={cn("relative", heightClass)}>
        {ticks.map((t) => (
          <div
            key={t}
            className={cn(
              "absolute inset-x-0 border-t",
              t === min ? "border-slate-300" : "border-dashed border-slate-200",
            )}
            style={{ top: `${yOf(t)}%` }}
          />
        ))}
        <svg
          className="absolute inset-0 h-full w-full overflow-visible"
          viewBox="0 0 100 100"
          preserveAspectRatio="none"
        >
          {series.map((s) =>
            segments(points, s.key, yOf).map((d, i) => (
              <path
                key={`${s.key}-${i}`}
                d={d}
                fill="none"
                stroke={s.color}
                strokeWidth="2"
                strokeDasharray={s.dash}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
              />
            )),
          )}
        </svg>
        {series.map((s) =>
          points.map((p, i) => {
            const v = p.values[s.key];
            if (v === null) return null;
            return (
              <span
                key={`${s.key}-${p.id}`}
                title={`${s.name} ${format(v)}, ${p.about ?? p.label}`}
                className={cn(
                  "absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white",
                  s.dot,
                )}
                style={{ left: `${xOf(i, n)}%`, top: `${yOf(v)}%` }}
              />
            );
          }),
        )}
      </div>
    </>
  );
}

/** The x labels under a plot: two cells of a PLOT_GRID. Every other label when there are more
 * than six on a phone, so that they never overlap; `narrow` (a plot in a side column at every
 * width): every other one from five on, at every width. */
export function PlotLabels<K extends string>({
  points,
  narrow = false,
}: {
  points: readonly PlotPoint<K>[];
  narrow?: boolean;
}) {
  const n = points.length;
  const thinned = (i: number) =>
    (n - 1 - i) % 2 === 1 && (narrow ? n > 4 && "invisible" : n > 6 && "invisible sm:visible");
  return (
    <>
      <div />
      <div className="mt-1 flex">
        {points.map((p, i) => (
          <span key={p.id} className={cn("min-w-0 flex-1 text-center whitespace-nowrap", thinned(i))}>
            {p.label}
          </span>
        ))}
      </div>
    </>
  );
}

/** A series' key in a legend: a short line in its colour and dash. */
export function SeriesSwatch({ color, dash }: { color: string; dash?: string }) {
  return (
    <svg aria-hidden="true" width="18" height="6" className="shrink-0">
      <line x1="0" y1="3" x2="18" y2="3" stroke={color} strokeWidth="2" strokeDasharray={dash} />
    </svg>
  );
}
