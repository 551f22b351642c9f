import "server-only";
import { withOrgReport } from "@/lib/db/read-routing";
import type { AuthContext } from "@/lib/auth/context";
import { loadRounds, loadTeams, type LoadedRound } from "@/lib/analytics/load";
import { scopeOf, type Scope } from "@/lib/analytics/scope";
import { combine, evaluateRound, type Aggregate } from "@/lib/analytics/rounds";
import { participationOver, scopeCells, scopeInvitedCells, type ParticipationFigure } from "@/lib/analytics/view";
import { inWindow, isoDay, lastWeeks, periodWindows, trailingWindow, type Window } from "@/lib/analytics/periods";
import { round1OrNull, trendText } from "@/lib/analytics/scores";
import { emergencyMetrics, teamAlerts, type EmergencyMetric, type TeamAlert } from "@/lib/analytics/emergency";
import type { SuppressionReason } from "@/lib/analytics/suppression";

/** One week of the trend chart: the scores over the week and the three before, and the
 * participation of the rounds sent in the week itself (null when none was, or all were hidden). */
export type WeeklyPoint = {
  week: string;
  culture: number | null;
  engagement: number | null;
  enps: number | null;
  participation: ParticipationFigure;
};

/** GET /api/dashboard-metrics/{orgId} (the dashboard metrics plus standard eNPS, participation, the
 * emergency list and up to 12 weekly points, from the week of the first round on, each over its
 * week and the three before). Scores are 0-10 with one decimal, null when missing. */
export type DashboardMetrics = {
  overallCultureScore: number | null;
  enpsScore: number | null;
  engagementScore: number | null;
  stressLevel: number | null;
  cultureScoreTrend: string | null;
  engagementTrend: string | null;
  enpsTrend: string | null;
  totalUsers: number;
  standardEnps: number | null;
  /** Percent of invitations answered over the last four weeks, every round counted (see
   * `participationRounds`: a floor when some rounds were hidden). */
  participation: number | null;
  participationRounds: Omit<ParticipationFigure, "rate">;
  emergencyMetrics: EmergencyMetric[];
  /** The viewer's teams (every team for admins) with a figure past 6.5 over the last four weeks,
   * worst first: the same cells, hidden ones left out, as the team's own figures anywhere else. */
  teamAlerts: TeamAlert[];
  weekly: WeeklyPoint[];
  /** 'organization' for admins; 'teams' for managers (their own teams only). */
  scope: "organization" | "teams";
  /** Why the current figures are hidden, when answers exist but too few to show. */
  suppressionReason: SuppressionReason | null;
  /** The newest round the figures include: results are released when a round closes, so a round
   * still open is not in them yet (docs/decisions.md (Anonymity and the minimum group)). Null before any round has
   * closed. */
  latestRound: { id: string; title: string; date: string } | null;
};

function aggregateFor(scope: Scope, rounds: readonly LoadedRound[], teamIds: readonly string[], w: Window): Aggregate {
  return combine(rounds.filter((r) => inWindow(r.sentAt, w)).flatMap((r) => scopeCells(scope, r, teamIds)));
}

function participationFor(
  scope: Scope,
  rounds: readonly LoadedRound[],
  teamIds: readonly string[],
  w: Window,
): ParticipationFigure {
  return participationOver(
    rounds.filter((r) => inWindow(r.sentAt, w)).flatMap((r) => scopeInvitedCells(scope, r, teamIds)),
  );
}

export async function dashboardMetrics(ctx: AuthContext, now = new Date()): Promise<DashboardMetrics> {
  const weeks = lastWeeks(now);
  const { current, previous } = periodWindows(now);
  const from = new Date(Math.min(trailingWindow(weeks[0]!, now).from.getTime(), previous.from.getTime()));
  const data = await withOrgReport(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    const scope = scopeOf(ctx, teams);
    const rounds = await loadRounds(tx, ctx, { kind: "pulse", sentFrom: from, orgOnly: scope.orgWide });
    // The team alerts need every team's rows, of the current period only: an admin's rounds above
    // hold the organisation's alone.
    const teamRounds = scope.orgWide
      ? await loadRounds(tx, ctx, { kind: "pulse", sentFrom: current.from })
      : rounds.filter((r) => inWindow(r.sentAt, current));
    const totalUsers = scope.orgWide
      ? await tx.user.count({ where: { organizationId: ctx.orgId } })
      : scope.teams.reduce((s, t) => s + t.memberCount, 0);
    return { scope, teamIds: teams.map((t) => t.id), rounds, teamRounds, totalUsers };
  });
  const { scope, teamIds, rounds, teamRounds, totalUsers } = data;
  const views = teamRounds.filter((r) => inWindow(r.sentAt, current)).map((r) => evaluateRound(r, teamIds));
  const alerts = teamAlerts(
    scope.teams.map((t) => ({
      id: t.id,
      name: t.name,
      scores: combine(views.map((v) => v.teams.get(t.id)!)).scores,
    })),
  );
  const cur = aggregateFor(scope, rounds, teamIds, current);
  const prev = aggregateFor(scope, rounds, teamIds, previous);
  const points = weeks.map((start, i): WeeklyPoint => {
    const end = weeks[i + 1] ?? new Date(now.getTime() + 1);
    const s = aggregateFor(scope, rounds, teamIds, trailingWindow(start, end)).scores;
    const participation = participationFor(scope, rounds, teamIds, { from: start, to: end });
    return {
      week: isoDay(start),
      culture: round1OrNull(s.culture),
      engagement: round1OrNull(s.engagement),
      enps: round1OrNull(s.enps),
      participation,
    };
  });
  // The chart starts at the first week with a round or a score: no blank weeks before it.
  const first = points.findIndex(
    (p) => p.participation.rounds > 0 || p.culture !== null || p.engagement !== null || p.enps !== null,
  );
  const weekly = first < 0 ? [] : points.slice(first);
  const { rate: participation, ...participationRounds } = participationFor(scope, rounds, teamIds, current);
  const s = cur.scores;
  const latest = rounds.at(-1);
  return {
    overallCultureScore: round1OrNull(s.culture),
    enpsScore: round1OrNull(s.enps),
    engagementScore: round1OrNull(s.engagement),
    stressLevel: round1OrNull(s.stress),
    cultureScoreTrend: trendText(s.culture, prev.scores.culture),
    engagementTrend: trendText(s.engagement, prev.scores.engagement),
    enpsTrend: trendText(s.enps, prev.scores.enps),
    totalUsers,
    standardEnps: s.standardEnps,
    participation,
    participationRounds,
    emergencyMetrics: emergencyMetrics(s),
    teamAlerts: alerts,
    weekly,
    scope: scope.orgWide ? "organization" : "teams",
    suppressionReason: cur.reason,
    latestRound: latest ? { id: latest.id, title: latest.meta.title, date: isoDay(latest.sentAt) } : null,
  };
}
