import "server-only";
import { withOrgReport } from "@/lib/db/read-routing";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { loadRounds, loadTeams, type TeamRow } from "@/lib/analytics/load";
import { canSeeTeam, scopeOf } from "@/lib/analytics/scope";
import { requirePermission } from "@/lib/auth/authorize";
import { combine, evaluateRound, type Aggregate } from "@/lib/analytics/rounds";
import { inWindow, periodWindows } from "@/lib/analytics/periods";
import { round1OrNull, trendText } from "@/lib/analytics/scores";
import type { SuppressionReason } from "@/lib/analytics/suppression";
import { invitedIn, participationOver, type ParticipationFigure } from "@/lib/analytics/view";

/** participation: the current period's, over every round the team was invited to. */
export type TeamPeriod = { team: TeamRow; current: Aggregate; previous: Aggregate; participation: ParticipationFigure };

/** The team ranking item and dashboard-side team data. Scores are null (and
 * `suppressed` true) when the team's answers are too few to show, or its cells would let a
 * smaller group be worked out from the totals. */
export type TeamRankingItem = {
  id: string;
  name: string;
  memberCount: number;
  cultureScore: number | null;
  cultureScoreTrend: string | null;
  engagementScore: number | null;
  /** Percent of the invited who answered, over every round of the last four weeks the team was
   * invited to, shown or hidden; a floor when some were hidden (see `responseRounds`). */
  responseRate: number | null;
  /** The rounds behind the rate: how many, how many hidden for anonymity and why, and whether the
   * rate is a floor (a hidden round's answers are not shown, so they count as none). */
  responseRounds: Omit<ParticipationFigure, "rate">;
  suppressed: boolean;
  suppressionReason: SuppressionReason | null;
};

/** Current and previous four-week aggregates of the given teams, from pulse rounds. */
export async function teamPeriods(
  ctx: AuthContext,
  pick: (teams: TeamRow[]) => TeamRow[],
  now = new Date(),
): Promise<TeamPeriod[]> {
  const { current, previous } = periodWindows(now);
  const { teams, rounds } = await withOrgReport(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    return { teams, rounds: await loadRounds(tx, ctx, { kind: "pulse", sentFrom: previous.from }) };
  });
  const ids = teams.map((t) => t.id);
  const views = rounds.map((r) => ({ round: r, view: evaluateRound(r, ids) }));
  const within = (w: typeof current) => views.filter((v) => inWindow(v.round.sentAt, w));
  const cells = (teamId: string, w: typeof current) => within(w).map((v) => v.view.teams.get(teamId)!);
  return pick(teams).map((team) => ({
    team,
    current: combine(cells(team.id, current)),
    previous: combine(cells(team.id, previous)),
    participation: participationOver(
      within(current).map((v) => ({
        roundId: v.round.id,
        cell: v.view.teams.get(team.id)!,
        invited: invitedIn(v.round, team.id),
      })),
    ),
  }));
}

export function toRankingItem({ team, current, previous, participation }: TeamPeriod): TeamRankingItem {
  const { rate, ...responseRounds } = participation;
  return {
    id: team.id,
    name: team.name,
    memberCount: team.memberCount,
    cultureScore: round1OrNull(current.scores.culture),
    cultureScoreTrend: trendText(current.scores.culture, previous.scores.culture),
    engagementScore: round1OrNull(current.scores.engagement),
    responseRate: rate,
    responseRounds,
    suppressed: current.reason !== null,
    suppressionReason: current.reason,
  };
}

/** Best culture score first; hidden and empty teams last, by name. */
function rankTeams(items: TeamRankingItem[]): TeamRankingItem[] {
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
export async function teamDashboardData(
  ctx: AuthContext,
  teamId: string,
  now = new Date(),
): Promise<TeamDashboardData> {
  requirePermission(ctx, "analytics.view");
  const [p] = await teamPeriods(ctx, (teams) => teams.filter((t) => t.id === teamId), now);
  if (!p) throw notFound("Team");
  if (!canSeeTeam(ctx, p.team)) {
    const responseRounds = { atLeast: false, rounds: 0, hiddenRounds: 0, hiddenReason: null };
    return {
      memberCount: p.team.memberCount,
      cultureScore: null,
      cultureScoreTrend: null,
      engagementScore: null,
      responseRate: null,
      responseRounds,
      suppressed: true,
      suppressionReason: "not-your-team",
    };
  }
  const { id: _id, name: _name, ...rest } = toRankingItem(p);
  return rest;
}
