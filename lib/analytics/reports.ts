import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { teamPeriods, toRankingItem, type TeamRankingItem } from "@/lib/analytics/teams";
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import { round1, trendText } from "@/lib/analytics/scores";

// The manager's 'Team Reports' (spec section 2). The prototype's insight counts were per-person
// numbers with demo fallbacks; here they are counts of the team's dimensions, which no single
// answer can be traced from: High Performers above 8.0, Needs Attention below 6.5.
export const HIGH_SCORE = 8.0;
export const LOW_SCORE = 6.5;

export type DimensionScore = { key: string; label: string; score: number };
export type ManagerTeamReport = TeamRankingItem & {
  engagementTrend: string | null;
  highPerformers: DimensionScore[];
  needsAttention: DimensionScore[];
  /** Members below the minimum group: the team cannot be reported on at all yet. */
  tooSmall: boolean;
  minGroupSize: number;
};

export function dimensionInsights(dimensions: Record<string, number | null>): { high: DimensionScore[]; low: DimensionScore[] } {
  const scored = DIMENSIONS.flatMap((d) => {
    const v = dimensions[d.key];
    return v === null || v === undefined ? [] : [{ key: d.key, label: d.label, score: round1(v) }];
  });
  return { high: scored.filter((d) => d.score > HIGH_SCORE), low: scored.filter((d) => d.score < LOW_SCORE) };
}

/** The reports of the teams the caller leads (the Reports page shows them to roles without the
 * whole organisation's results; an admin leads no team and gets the organisation report instead). */
export async function managerTeamReports(ctx: AuthContext, minGroupSize: number, now = new Date()): Promise<ManagerTeamReport[]> {
  requirePermission(ctx, "analytics.view");
  const periods = await teamPeriods(ctx, (teams) => teams.filter((t) => t.managerId === ctx.userId), now);
  return periods.map((p) => {
    const { high, low } = dimensionInsights(p.current.scores.dimensions);
    return {
      ...toRankingItem(p),
      engagementTrend: trendText(p.current.scores.engagement, p.previous.scores.engagement),
      highPerformers: high,
      needsAttention: low,
      tooSmall: p.team.memberCount < minGroupSize,
      minGroupSize,
    };
  });
}
