import type { DashboardMetrics } from "@/lib/analytics/dashboard";
import type { TeamRankingItem } from "@/lib/analytics/teams";
import type { RoundComments } from "@/lib/analytics/comments";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SCORE_GRID, ScoreCard, StandardEnpsCard } from "@/components/dashboard/score-card";
import { TeamRankingList } from "@/components/analytics/team-ranking-list";
import { CommentsCard } from "@/components/analytics/comments-card";
import { ReleasedRoundNote } from "@/components/analytics/released-round-note";
import { FocusAreas } from "@/components/analytics/focus-areas";

/** 'Organization Reports' for admins. */
export function OrgReport({
  m,
  teams,
  comments,
  minGroupSize,
}: {
  m: DashboardMetrics;
  teams: TeamRankingItem[];
  comments: RoundComments;
  minGroupSize: number;
}) {
  const has = m.overallCultureScore !== null || m.engagementScore !== null || m.enpsScore !== null;
  return (
    <section aria-labelledby="org-reports" className="space-y-6">
      <h2 id="org-reports" className="text-lg font-semibold text-slate-900">
        Organization Reports
      </h2>
      <div className={SCORE_GRID}>
        <ScoreCard
          title="Culture Score"
          value={m.overallCultureScore}
          trend={m.cultureScoreTrend}
          trendSuffix="from last month"
          showTrend={has}
        />
        <ScoreCard
          title="Engagement"
          value={m.engagementScore}
          trend={m.engagementTrend}
          trendSuffix="from last month"
          showTrend={has}
        />
        <ScoreCard
          title="eNPS Score"
          value={m.enpsScore}
          trend={m.enpsTrend}
          trendSuffix="from last month"
          showTrend={has}
        />
        <StandardEnpsCard
          value={m.standardEnps}
          participation={m.participation}
          participationAtLeast={m.participationRounds.atLeast}
        />
      </div>
      {has ? (
        <Card>
          <CardContent className="pt-5">
            <FocusAreas teamId={null} />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle as="h3">Team Rankings</CardTitle>
          <CardDescription>
            All teams by culture score over the last four weeks. Teams with fewer than {minGroupSize} responses are not
            shown; response rates count every round a team was invited to, shown or hidden.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <TeamRankingList items={teams} minGroupSize={minGroupSize} />
        </CardContent>
      </Card>
      <CommentsCard data={comments} />
      <ReleasedRoundNote round={m.latestRound} />
    </section>
  );
}
