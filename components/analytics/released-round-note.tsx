import type { DashboardMetrics } from "@/lib/analytics/dashboard";

/** Which round the figures go up to: results are released when a round closes, so the round that
 * is still open is not in them yet (docs/decisions.md (Anonymity and the minimum group)). */
export function ReleasedRoundNote({ round }: { round: DashboardMetrics["latestRound"] }) {
  return (
    <p className="text-xs text-slate-500" data-testid="released-round">
      {round
        ? `Figures from closed rounds up to ${round.title} (sent ${round.date}). A round's results are released when it closes.`
        : "No round has closed yet. A round's results are released when it closes."}
    </p>
  );
}
