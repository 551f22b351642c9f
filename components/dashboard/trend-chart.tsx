"use client";

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { WeeklyPoint } from "@/lib/analytics/dashboard";

const SERIES = [
  { key: "culture", name: "Culture score", color: "#4f46e5" },
  { key: "engagement", name: "Engagement", color: "#059669" },
  { key: "enps", name: "eNPS", color: "#d97706" },
] as const;

const label = (week: string) => new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

function summary(points: WeeklyPoint[]): string {
  const parts = SERIES.map((s) => {
    const values = points.map((p) => p[s.key]).filter((v): v is number => v !== null);
    if (values.length === 0) return `${s.name}: no results yet`;
    return `${s.name}: from ${values[0]!.toFixed(1)} to ${values.at(-1)!.toFixed(1)} out of 10`;
  });
  return `Weekly scores over the last 12 weeks. ${parts.join("; ")}.`;
}

/** Culture score, engagement and eNPS over the last 12 weeks; a text summary and a table stand
 * in for the picture for screen readers. */
export function TrendChart({ points }: { points: WeeklyPoint[] }) {
  const data = points.map((p) => ({ ...p, label: label(p.week) }));
  return (
    <figure className="m-0">
      <div aria-hidden="true">
        {/* The picture is hidden from assistive technology (the summary and table below stand in),
            so recharts' keyboard layer, which would put a focusable element inside it, is off. */}
        <LineChart responsive accessibilityLayer={false} style={{ width: "100%", height: 260 }} data={data} margin={{ top: 8, right: 12, bottom: 0, left: -20 }}>
          <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: "#475569" }} interval="preserveStartEnd" />
          <YAxis domain={[0, 10]} ticks={[0, 2, 4, 6, 8, 10]} tick={{ fontSize: 12, fill: "#475569" }} />
          <Tooltip formatter={(v) => (typeof v === "number" ? v.toFixed(1) : String(v))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {SERIES.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} strokeWidth={2} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </div>
      <figcaption className="mt-2 text-xs text-slate-600">{summary(points)}</figcaption>
      <table className="sr-only">
        <caption>Weekly scores out of 10</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {SERIES.map((s) => (
              <th key={s.key} scope="col">
                {s.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((p) => (
            <tr key={p.week}>
              <th scope="row">{p.label}</th>
              {SERIES.map((s) => (
                <td key={s.key}>{p[s.key] === null ? "no results" : p[s.key]!.toFixed(1)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
