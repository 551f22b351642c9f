import type { WeeklyPoint } from "@/lib/analytics/dashboard";
import { cn } from "@/lib/utils/cn";

// The dashboard's trend chart, drawn on the server: no chart library and no JavaScript in the
// browser (recharts alone was about 100 KiB gz of the dashboard's first download). Lines are an
// SVG stretched over the plot (strokes keep their width), points and labels are HTML placed by
// percentages, so the chart fills any width from a 390 px phone to a wide screen. The picture is
// hidden from assistive technology: the summary and the table below say the same.

const SERIES = [
  { key: "culture", name: "Culture score", color: "#4f46e5", dash: undefined, dot: "bg-indigo-600" },
  { key: "engagement", name: "Engagement", color: "#047857", dash: "6 4", dot: "bg-emerald-700" },
  { key: "enps", name: "eNPS", color: "#b45309", dash: "2 3", dot: "bg-amber-700" },
] as const;
type SeriesKey = (typeof SERIES)[number]["key"];

const TICKS = [0, 2, 4, 6, 8, 10];

const label = (week: string) => new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** Centre of band i of n, in percent of the plot's width: points sit over their week's bar. */
const xOf = (i: number, n: number) => ((i + 0.5) / n) * 100;
const yOf = (v: number) => (1 - v / 10) * 100;

function participationText(p: WeeklyPoint["participation"], short = false): string {
  if (p.rate !== null) return `${p.atLeast ? (short ? "≥" : "at least ") : ""}${p.rate}%`;
  if (p.hiddenRounds > 0) return "hidden";
  return short ? "" : "no round";
}

/** Runs of consecutive weeks with a value: a line never bridges a week without one. */
function segments(points: readonly WeeklyPoint[], key: SeriesKey): string[] {
  const out: string[] = [];
  let run: string[] = [];
  points.forEach((p, i) => {
    const v = p[key];
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

function summary(points: readonly WeeklyPoint[]): string {
  const parts = SERIES.map((s) => {
    const values = points.map((p) => p[s.key]).filter((v): v is number => v !== null);
    if (values.length === 0) return `${s.name}: no results yet`;
    return `${s.name}: from ${values[0]!.toFixed(1)} to ${values.at(-1)!.toFixed(1)} out of 10`;
  });
  const rates = points.map((p) => p.participation.rate).filter((v): v is number => v !== null);
  const participation = rates.length ? `participation: from ${rates[0]}% to ${rates.at(-1)}% of invitations answered` : "participation: none to show yet";
  const span = points.length === 1 ? `the week of ${label(points[0]!.week)}` : `${points.length} weeks from ${label(points[0]!.week)} to ${label(points.at(-1)!.week)}`;
  return `Weekly scores over ${span}. ${[...parts, participation].join("; ")}.`;
}

const latest = (points: readonly WeeklyPoint[], key: SeriesKey) => points.findLast((p) => p[key] !== null)?.[key] ?? null;

/** Culture score, engagement and eNPS by week (each over its week and the three before), from the
 * first round on, with each week's participation as bars beneath. */
export function TrendChart({ points }: { points: WeeklyPoint[] }) {
  const n = points.length;
  const lastRate = points.findLast((p) => p.participation.rate !== null)?.participation;
  return (
    <figure className="m-0">
      <ul className="mb-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-label="Latest values">
        {SERIES.map((s) => {
          const v = latest(points, s.key);
          return (
            <li key={s.key} className="flex items-center gap-1.5">
              <svg aria-hidden="true" width="18" height="6" className="shrink-0">
                <line x1="0" y1="3" x2="18" y2="3" stroke={s.color} strokeWidth="2" strokeDasharray={s.dash} />
              </svg>
              {s.name}
              <span className="font-semibold tabular-nums text-slate-900">{v === null ? "--" : v.toFixed(1)}</span>
            </li>
          );
        })}
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-2.5 w-2.5 shrink-0 rounded-sm bg-sky-200 ring-1 ring-sky-600" />
          Participation
          <span className="font-semibold tabular-nums text-slate-900">{lastRate ? participationText(lastRate) : "--"}</span>
        </li>
      </ul>

      <div aria-hidden="true" className="grid grid-cols-[1.75rem_minmax(0,1fr)] gap-x-1.5 text-[11px] text-slate-600" data-testid="trend-picture">
        {/* Scores, 0-10. */}
        <div className="relative h-44 sm:h-56">
          {TICKS.map((t) => (
            <span key={t} className="absolute right-0 -translate-y-1/2 tabular-nums" style={{ top: `${yOf(t)}%` }}>
              {t}
            </span>
          ))}
        </div>
        <div className="relative h-44 sm:h-56">
          {TICKS.map((t) => (
            <div key={t} className={cn("absolute inset-x-0 border-t", t === 0 ? "border-slate-300" : "border-dashed border-slate-200")} style={{ top: `${yOf(t)}%` }} />
          ))}
          <svg className="absolute inset-0 h-full w-full overflow-visible" viewBox="0 0 100 100" preserveAspectRatio="none">
            {SERIES.map((s) =>
              segments(points, s.key).map((d, i) => (
                <path key={`${s.key}-${i}`} d={d} fill="none" stroke={s.color} strokeWidth="2" strokeDasharray={s.dash} strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
              )),
            )}
          </svg>
          {SERIES.map((s) =>
            points.map((p, i) => {
              const v = p[s.key];
              if (v === null) return null;
              return (
                <span
                  key={`${s.key}-${p.week}`}
                  title={`${s.name} ${v.toFixed(1)}, week of ${label(p.week)}`}
                  className={cn("absolute size-2 -translate-x-1/2 -translate-y-1/2 rounded-full ring-2 ring-white", s.dot)}
                  style={{ left: `${xOf(i, n)}%`, top: `${yOf(v)}%` }}
                />
              );
            }),
          )}
        </div>

        {/* Participation: the share of invitations answered in the week's round. */}
        <div className="flex items-end justify-end pb-0.5 leading-none">%</div>
        <div className="flex h-12 items-end border-b border-slate-300 pt-3 sm:h-14">
          {points.map((p) => {
            const r = p.participation;
            return (
              <div key={p.week} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end px-0.5 sm:px-1" title={`Participation ${participationText(r)}, week of ${label(p.week)}`}>
                <span className="mb-0.5 hidden whitespace-nowrap tabular-nums leading-none sm:block">{participationText(r, true)}</span>
                {r.rate !== null ? (
                  <div className="w-full max-w-8 rounded-t-sm bg-sky-200 ring-1 ring-sky-600 ring-inset" style={{ height: `${Math.max(r.rate, 2)}%` }} />
                ) : r.hiddenRounds > 0 ? (
                  <div className="h-1 w-full max-w-8 border-t border-dashed border-slate-400" />
                ) : null}
              </div>
            );
          })}
        </div>

        {/* Weeks. On a phone every other label, so that they never overlap. */}
        <div />
        <div className="mt-1 flex">
          {points.map((p, i) => (
            <span key={p.week} className={cn("min-w-0 flex-1 text-center whitespace-nowrap", n > 6 && (n - 1 - i) % 2 === 1 && "invisible sm:visible")}>
              {label(p.week)}
            </span>
          ))}
        </div>
      </div>

      <figcaption className="mt-3 text-xs text-slate-600">{summary(points)}</figcaption>
      <table className="sr-only">
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
              <td>{p.participation.hiddenRounds > 0 && p.participation.rate === null ? "hidden for anonymity" : participationText(p.participation)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
