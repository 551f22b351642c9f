import { EyeOff, Users } from "lucide-react";
import type { TeamRankingItem } from "@/lib/analytics/teams";
import { Trend } from "@/components/analytics/trend";
import { HIDDEN_TONE, scoreTone } from "@/components/analytics/score-colors";
import { suppressionText } from "@/components/analytics/suppression-text";
import { hiddenRoundsText, rateText } from "@/components/analytics/participation-text";
import { cn } from "@/lib/utils/cn";
import { plural } from "@/lib/format";

/** Teams ranked by culture score (best first); hidden teams last with the reason. */
export function TeamRankingList({ items, minGroupSize }: { items: TeamRankingItem[]; minGroupSize: number }) {
  if (items.length === 0) return <p className="text-sm text-slate-600">No teams yet.</p>;
  let rank = 0;
  return (
    <ol className="divide-y divide-slate-100" aria-label="Teams ranked by culture score">
      {items.map((t) => {
        const shown = t.cultureScore !== null;
        if (shown) rank++;
        // Only beside a rate: a team with every round hidden says so in its suppression line.
        const hiddenRounds = t.responseRate !== null ? hiddenRoundsText(t.responseRounds, minGroupSize) : null;
        return (
          <li key={t.id} className="flex items-center gap-3 py-3">
            <span className="w-6 shrink-0 text-right text-sm font-semibold text-slate-500">{shown ? rank : "–"}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-slate-900">{t.name}</p>
              <p className="flex flex-wrap items-center gap-x-3 text-xs text-slate-600">
                <span className="inline-flex items-center gap-1">
                  <Users aria-hidden="true" className="size-3" />
                  {plural(t.memberCount, "member")}
                </span>
                {t.engagementScore !== null ? <span>Engagement {t.engagementScore.toFixed(1)}</span> : null}
                {t.responseRate !== null ? (
                  <span data-testid="response-rate">
                    {rateText(t.responseRate, t.responseRounds.atLeast, "response rate")}
                  </span>
                ) : null}
                {hiddenRounds ? (
                  <span className="inline-flex items-center gap-1">
                    <EyeOff aria-hidden="true" className="size-3" />
                    {hiddenRounds}
                  </span>
                ) : null}
              </p>
              {t.suppressed ? (
                <p className="mt-0.5 flex items-center gap-1 text-xs text-slate-500">
                  <EyeOff aria-hidden="true" className="size-3" />
                  {suppressionText(t.suppressionReason, minGroupSize)}
                </p>
              ) : shown ? (
                <Trend text={t.cultureScoreTrend} suffix="from last month" className="mt-0.5" />
              ) : (
                <p className="mt-0.5 text-xs text-slate-500">No answers yet</p>
              )}
            </div>
            <span
              className={cn(
                "shrink-0 rounded-md px-2 py-1 text-sm font-semibold tabular-nums",
                shown ? scoreTone(t.cultureScore!) : HIDDEN_TONE,
              )}
            >
              {shown ? t.cultureScore!.toFixed(1) : "--"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
