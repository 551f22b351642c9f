import type { WeeklyPoint } from "@/lib/analytics/dashboard";
import { formatDay } from "@/lib/format";
import {
  LinePlot,
  PLOT_GRID,
  PlotLabels,
  SeriesSwatch,
  type PlotPoint,
  type PlotSeries,
} from "@/components/charts/line-plot";

// The dashboard's trend chart, drawn on the server with the product's line plot
// (components/charts/line-plot.tsx: no chart library, no JavaScript in the browser). The picture
// is hidden from assistive technology: the summary and the table below say the same.

type SeriesKey = "culture" | "engagement" | "enps";
const SERIES: readonly PlotSeries<SeriesKey>[] = [
  { key: "culture", name: "Culture score", color: "#4f46e5", dot: "bg-indigo-600" },
  { key: "engagement", name: "Engagement", color: "#047857", dash: "6 4", dot: "bg-emerald-700" },
  { key: "enps", name: "eNPS", color: "#b45309", dash: "2 3", dot: "bg-amber-700" },
];

const TICKS = [0, 2, 4, 6, 8, 10];

const label = (week: string) => formatDay(week, "monthDay");

function participationText(p: WeeklyPoint["participation"], short = false): string {
  if (p.rate !== null) return `${p.atLeast ? (short ? "≥" : "at least ") : ""}${p.rate}%`;
  if (p.hiddenRounds > 0) return "hidden";
  return short ? "" : "no round";
}

function summary(points: readonly WeeklyPoint[]): string {
  const parts = SERIES.map((s) => {
    const values = points.map((p) => p[s.key]).filter((v): v is number => v !== null);
    if (values.length === 0) return `${s.name}: no results yet`;
    return `${s.name}: from ${values[0]!.toFixed(1)} to ${values.at(-1)!.toFixed(1)} out of 10`;
  });
  const rates = points.map((p) => p.participation.rate).filter((v): v is number => v !== null);
  const participation = rates.length
    ? `participation: from ${rates[0]}% to ${rates.at(-1)}% of invitations answered`
    : "participation: none to show yet";
  const span =
    points.length === 1
      ? `the week of ${label(points[0]!.week)}`
      : `${points.length} weeks from ${label(points[0]!.week)} to ${label(points.at(-1)!.week)}`;
  return `Weekly scores over ${span}. ${[...parts, participation].join("; ")}.`;
}

const latest = (points: readonly WeeklyPoint[], key: SeriesKey) =>
  points.findLast((p) => p[key] !== null)?.[key] ?? null;

/** Culture score, engagement and eNPS by week (each over its week and the three before), from the
 * first round on, with each week's participation as bars beneath. */
export function TrendChart({ points }: { points: WeeklyPoint[] }) {
  // Points sit over their week's participation bar: both use the plot's bands.
  const plotted: PlotPoint<SeriesKey>[] = points.map((p) => ({
    id: p.week,
    label: label(p.week),
    about: `week of ${label(p.week)}`,
    values: { culture: p.culture, engagement: p.engagement, enps: p.enps },
  }));
  const lastRate = points.findLast((p) => p.participation.rate !== null)?.participation;
  return (
    <figure className="m-0">
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Latest values">
        {SERIES.map((s) => {
          const v = latest(points, s.key);
          return (
            <li key={s.key} className="flex items-center gap-1.5">
              <SeriesSwatch color={s.color} dash={s.dash} />
              {s.name}
              <span className="font-semibold tabular-nums text-slate-900">{v === null ? "--" : v.toFixed(1)}</span>
            </li>
          );
        })}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-sm bg-sky-200 ring-1 ring-sky-600" />
          Participation
          <span className="font-semibold tabular-nums text-slate-900">
            {lastRate ? participationText(lastRate) : "--"}
          </span>
        </li>
      </ul>

      <div aria-hidden="true" className={PLOT_GRID} data-testid="trend-picture">
        {/* Scores, 0-10. */}
        <LinePlot
          series={SERIES}
          points={plotted}
          ticks={TICKS}
          format={(v) => v.toFixed(1)}
          heightClass="h-44 sm:h-56"
        />

        {/* Participation: the share of invitations answered in the week's round. */}
        <div className="flex items-end justify-end pb-0.5 leading-none">%</div>
        <div className="flex h-12 items-end border-b border-slate-300 pt-3 sm:h-14">
          {points.map((p) => {
            const r = p.participation;
            return (
              <div
                key={p.week}
                className="flex h-full min-w-0 flex-1 flex-col items-center justify-end px-0.5 sm:px-1"
                title={`Participation ${participationText(r)}, week of ${label(p.week)}`}
              >
                <span className="mb-0.5 hidden whitespace-nowrap tabular-nums leading-none sm:block">
                  {participationText(r, true)}
                </span>
                {r.rate !== null ? (
                  <div
                    className="w-full max-w-8 rounded-t-sm bg-sky-200 ring-1 ring-sky-600 ring-inset"
                    style={{ height: `${Math.max(r.rate, 2)}%` }}
                  />
                ) : r.hiddenRounds > 0 ? (
                  <div className="h-1 w-full max-w-8 border-t border-dashed border-slate-400" />
                ) : null}
              </div>
            );
          })}
        </div>

        {/* Weeks. */}
        <PlotLabels points={plotted} />
      </div>

      <figcaption className="mt-3 text-xs text-slate-600">{summary(points)}</figcaption>
      {/* The sr-only box is a div around the table, not the table: a table is never narrower
          than its columns, so a 1 px sr-only table still laid out ~480 px and widened the page
          on a phone. */}
      <div className="sr-only">
        <table>
          <caption>Weekly scores out of 10, and participation</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              {SERIES.map((s) => (
                <th key={s.key} scope="col">
                  {s.name}
                </th>
              ))}
              <th scope="col">Participation</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.week}>
                <th scope="row">{label(p.week)}</th>
                {SERIES.map((s) => (
                  <td key={s.key}>{p[s.key] === null ? "no results" : p[s.key]!.toFixed(1)}</td>
                ))}
                <td>
                  {p.participation.hiddenRounds > 0 && p.participation.rate === null
                    ? "hidden for anonymity"
                    : participationText(p.participation)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
