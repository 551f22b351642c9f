import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { teamPeriods, toRankingItem, type TeamRankingItem } from "@/lib/analytics/teams";
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import { round1, trendText } from "@/lib/analytics/scores";

// The manager's 'Team Reports'. A 'High Performers' count of people scoring above 8.0 cannot be
// made (docs/decisions.md (Scores and metrics): no demo fallbacks): the product never holds a person's scores (answers
// carry no person, rollups only sums per team), so no count of people can be made. What the data
// supports is a count of the team's dimensions, and it is named so: 'Strong Dimensions' above 8.0
// and 'Needs Attention' below 6.5, each out of the dimensions measured in the period.
const HIGH_SCORE = 8.0;
const LOW_SCORE = 6.5;

export type DimensionScore = { key: string; label: string; score: number };
export type ManagerTeamReport = TeamRankingItem & {
  engagementTrend: string | null;
  /** The team's dimensions scoring above 8.0 over the period (not people: see above). */
  strongDimensions: DimensionScore[];
  /** Its dimensions below 6.5. */
  needsAttention: DimensionScore[];
  /** How many dimensions had a score to show in the period: what the two counts are out of. */
  measuredDimensions: number;
  /** Members below the minimum group: the team cannot be reported on at all yet. */
  tooSmall: boolean;
  minGroupSize: number;
};

export function dimensionInsights(dimensions: Record<string, number | null>): {
  high: DimensionScore[];
  low: DimensionScore[];
  measured: number;
} {
  const scored = DIMENSIONS.flatMap((d) => {
    const v = dimensions[d.key];
    return v === null || v === undefined ? [] : [{ key: d.key, label: d.label, score: round1(v) }];
  });
  return {
    high: scored.filter((d) => d.score > HIGH_SCORE),
    low: scored.filter((d) => d.score < LOW_SCORE),
    measured: scored.length,
  };
}

/** The reports of the teams the caller leads (the Reports page shows them to roles without the
 * whole organisation's results; an admin leads no team and gets the organisation report instead). */
export async function managerTeamReports(
  ctx: AuthContext,
  minGroupSize: number,
  now = new Date(),
): Promise<ManagerTeamReport[]> {
  requirePermission(ctx, "analytics.view");
  const periods = await teamPeriods(ctx, (teams) => teams.filter((t) => t.managerId === ctx.userId), now);
  return periods.map((p) => {
    const { high, low, measured } = dimensionInsights(p.current.scores.dimensions);
    return {
      ...toRankingItem(p),
      engagementTrend: trendText(p.current.scores.engagement, p.previous.scores.engagement),
      strongDimensions: high,
      needsAttention: low,
      measuredDimensions: measured,
      tooSmall: p.team.memberCount < minGroupSize,
      minGroupSize,
    };
  });
}
