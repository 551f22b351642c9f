import {
  LinePlot,
  PLOT_GRID,
  PlotLabels,
  SeriesSwatch,
  type PlotPoint,
  type PlotSeries,
} from "@/components/charts/line-plot";

export type MoodChartPoint = { id: string; label: string; mood: number; stressLevel: number };

type Key = "mood" | "stressLevel";
const SERIES: readonly PlotSeries<Key>[] = [
  { key: "mood", name: "Mood", color: "#059669", dot: "bg-emerald-600" },
  { key: "stressLevel", name: "Stress", color: "#dc2626", dash: "4 3", dot: "bg-red-600" },
];

/** Mood and stress (1 to 5) per meeting: the picture only, the product's line plot (no chart
 * library); mood-trend.tsx says the same in words and a table. */
export function MoodChart({ data }: { data: MoodChartPoint[] }) {
  const points: PlotPoint<Key>[] = data.map((p) => ({
    id: p.id,
    label: p.label,
    values: { mood: p.mood, stressLevel: p.stressLevel },
  }));
  return (
    <div aria-hidden="true" data-testid="mood-picture">
      <ul className="mb-2 flex gap-4 text-xs text-slate-700">
        {SERIES.map((s) => (
          <li key={s.key} className="flex items-center gap-1.5">
            <SeriesSwatch color={s.color} dash={s.dash} />
            {s.name}
          </li>
        ))}
      </ul>
      <div className={PLOT_GRID}>
        <LinePlot series={SERIES} points={points} ticks={[1, 2, 3, 4, 5]} heightClass="h-32" />
        <PlotLabels points={points} narrow />
      </div>
    </div>
  );
}
