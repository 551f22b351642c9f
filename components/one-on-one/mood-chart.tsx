"use client";

import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

export type MoodChartPoint = { label: string; mood: number; stressLevel: number };

/** The picture only (recharts, in its own chunk: mood-trend.tsx loads it with next/dynamic). */
export default function MoodChart({ data }: { data: MoodChartPoint[] }) {
  return (
    <div aria-hidden="true">
      <LineChart responsive accessibilityLayer={false} style={{ width: "100%", height: 180 }} data={data} margin={{ top: 12, right: 12, bottom: 0, left: -28 }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        <XAxis dataKey="label" tick={{ fontSize: 11, fill: "#475569" }} interval="preserveStartEnd" />
        <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 11, fill: "#475569" }} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line type="monotone" dataKey="mood" name="Mood" stroke="#059669" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
        <Line type="monotone" dataKey="stressLevel" name="Stress" stroke="#dc2626" strokeWidth={2} strokeDasharray="4 3" dot={{ r: 3 }} isAnimationActive={false} />
      </LineChart>
    </div>
  );
}
