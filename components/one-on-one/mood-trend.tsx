"use client";

import type { MoodTrendPoint } from "@/lib/one-on-one/dto";
import { useMoodTrend } from "@/components/one-on-one/use-meeting";
import { useIsClient } from "@/components/surveys/local-time";
import { formatDate, plural } from "@/lib/format";
import { MoodChart } from "@/components/one-on-one/mood-chart";

const short = (iso: string) => formatDate(iso, "monthDay");

function summary(points: MoodTrendPoint[], name: string): string {
  const first = points[0]!;
  const last = points.at(-1)!;
  const n = points.length;
  return `${name}'s last ${plural(n, "prep form")}: mood from ${first.mood} to ${last.mood} out of 5, stress from ${first.stressLevel} to ${last.stressLevel} out of 5.`;
}

/** Mood and stress over the pair's last 12 submitted prep forms: a small chart, a summary and a
 * table (for screen readers, and for anyone who prefers the figures). */
export function MoodTrend({ meetingId, employeeFirstName }: { meetingId: string; employeeFirstName: string }) {
  const trend = useMoodTrend(meetingId);
  const client = useIsClient();
  const points = trend.data ?? [];
  return (
    <section aria-labelledby="mood-trend-title" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="mood-trend-title" className="text-sm font-semibold text-slate-900">
        Mood and stress trend
      </h2>
      {trend.isPending ? (
        <p className="text-sm text-slate-500" role="status">
          Loading the trend...
        </p>
      ) : trend.isError ? (
        <p className="text-sm text-red-600">The trend could not be loaded.</p>
      ) : points.length === 0 ? (
        <p className="text-sm text-slate-500">No submitted prep forms yet: the trend starts with the first one.</p>
      ) : (
        <figure className="m-0 space-y-2">
          {/* Dates in the reader's time zone, so only once hydrated. */}
          {client ? (
            <MoodChart
              data={points.map((p) => ({
                id: p.meetingId,
                label: short(p.scheduledAt),
                mood: p.mood,
                stressLevel: p.stressLevel,
              }))}
            />
          ) : null}
          <figcaption className="text-xs text-slate-600">{summary(points, employeeFirstName)}</figcaption>
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer">Show the figures</summary>
            <table className="mt-2 w-full text-left">
              <caption className="sr-only">Mood and stress per meeting (1 to 5)</caption>
              <thead>
                <tr>
                  <th scope="col">Meeting</th>
                  <th scope="col">Mood</th>
                  <th scope="col">Stress</th>
                </tr>
              </thead>
              <tbody>
                {points.map((p) => (
                  <tr key={p.meetingId}>
                    <td>{short(p.scheduledAt)}</td>
                    <td>{p.mood}</td>
                    <td>{p.stressLevel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
      )}
    </section>
  );
}
