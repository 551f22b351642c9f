import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { loadRounds, loadTeams, type TeamRow } from "@/lib/analytics/load";
import { canSeeTeam, scopeOf } from "@/lib/analytics/scope";
import { requirePermission } from "@/lib/auth/authorize";
import { combine, evaluateRound, type Aggregate } from "@/lib/analytics/rounds";
import { inWindow, periodWindows } from "@/lib/analytics/periods";
import { round1OrNull, trendText } from "@/lib/analytics/scores";
import type { SuppressionReason } from "@/lib/analytics/suppression";

export type TeamPeriod = { team: TeamRow; current: Aggregate; previous: Aggregate };

/** Spec section 3's team ranking item and dashboard-side team data. Scores are null (and
 * `suppressed` true) when the team's answers are too few to show, or its cells would let a
 * smaller group be worked out from the totals. */
export type TeamRankingItem = {
  id: string;
  name: string;
  memberCount: number;
  cultureScore: number | null;
  cultureScoreTrend: string | null;
  engagementScore: number | null;
  /** Percent of the invited who answered, over the last four weeks. */
  responseRate: number | null;
  suppressed: boolean;
  suppressionReason: SuppressionReason | null;
};

/** Current and previous four-week aggregates of the given teams, from pulse rounds. */
export async function teamPeriods(ctx: AuthContext, pick: (teams: TeamRow[]) => TeamRow[], now = new Date()): Promise<TeamPeriod[]> {
  const { current, previous } = periodWindows(now);
  const { teams, rounds } = await withOrg(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    return { teams, rounds: await loadRounds(tx, ctx, { kind: "pulse", sentFrom: previous.from }) };
  });
  const ids = teams.map((t) => t.id);
  const views = rounds.map((r) => ({ sentAt: r.sentAt, view: evaluateRound(r, ids) }));
  const cells = (teamId: string, w: typeof current) => views.filter((v) => inWindow(v.sentAt, w)).map((v) => v.view.teams.get(teamId)!);
  return pick(teams).map((team) => ({ team, current: combine(cells(team.id, current)), previous: combine(cells(team.id, previous)) }));
}

export function toRankingItem({ team, current, previous }: TeamPeriod): TeamRankingItem {
  return {
    id: team.id,
    name: team.name,
    memberCount: team.memberCount,
    cultureScore: round1OrNull(current.scores.culture),
    cultureScoreTrend: trendText(current.scores.culture, previous.scores.culture),
    engagementScore: round1OrNull(current.scores.engagement),
    responseRate: current.participation,
    suppressed: current.reason !== null,
    suppressionReason: current.reason,
  };
}

/** Best culture score first; hidden and empty teams last, by name. */
export function rankTeams(items: TeamRankingItem[]): TeamRankingItem[] {
  return [...items].sort((a, b) => (b.cultureScore ?? -1) - (a.cultureScore ?? -1) || a.name.localeCompare(b.name));
}

/** GET /api/team-rankings/{orgId}: every team for admins, their own teams for managers. */
export async function teamRankings(ctx: AuthContext, now = new Date()): Promise<TeamRankingItem[]> {
  requirePermission(ctx, "analytics.view");
  const periods = await teamPeriods(ctx, (teams) => scopeOf(ctx, teams).teams, now);
  return rankTeams(periods.map(toRankingItem));
}

export type TeamDashboardData = Omit<TeamRankingItem, "id" | "name" | "suppressionReason"> & {
  /** 'not-your-team': a manager looking at a team they do not lead sees no scores. */
  suppressionReason: SuppressionReason | "not-your-team" | null;
};

/** The dashboard-side fields of GET /api/teams/{teamId}. */
export async function teamDashboardData(ctx: AuthContext, teamId: string, now = new Date()): Promise<TeamDashboardData> {
  requirePermission(ctx, "analytics.view");
  const [p] = await teamPeriods(ctx, (teams) => teams.filter((t) => t.id === teamId), now);
  if (!p) throw notFound("Team");
  if (!canSeeTeam(ctx, p.team)) {
    return { memberCount: p.team.memberCount, cultureScore: null, cultureScoreTrend: null, engagementScore: null, responseRate: null, suppressed: true, suppressionReason: "not-your-team" };
  }
  const { id: _id, name: _name, ...rest } = toRankingItem(p);
  return rest;
}
