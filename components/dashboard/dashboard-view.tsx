import Link from "next/link";
import { BarChart3 } from "lucide-react";
import type { DashboardMetrics } from "@/lib/analytics/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { SCORE_GRID, ScoreCard, StandardEnpsCard } from "@/components/dashboard/score-card";
import { EmergencyPanel } from "@/components/dashboard/emergency-panel";
import { TrendChart } from "@/components/dashboard/trend-chart";
import { plural } from "@/lib/format";
import { ReleasedRoundNote } from "@/components/analytics/released-round-note";

/** The admin's (organisation) or manager's (own teams) dashboard. */
export function DashboardView({ m }: { m: DashboardMetrics }) {
  const hasScores = m.overallCultureScore !== null || m.enpsScore !== null || m.engagementScore !== null;
  const hasWeekly = m.weekly.length > 0;
  return (
    <div className="space-y-6">
      <div className={SCORE_GRID}>
        <ScoreCard title="Overall eNPS Score" value={m.enpsScore} trend={m.enpsTrend} showTrend={hasScores} />
        <ScoreCard
          title="Overall Culture Score"
          value={m.overallCultureScore}
          trend={m.cultureScoreTrend}
          showTrend={hasScores}
        />
        <ScoreCard title="Engagement Score" value={m.engagementScore} trend={m.engagementTrend} showTrend={hasScores} />
        <StandardEnpsCard
          value={m.standardEnps}
          participation={m.participation}
          participationAtLeast={m.participationRounds.atLeast}
        />
      </div>
      {hasScores ? (
        <EmergencyPanel metrics={m.emergencyMetrics} teams={m.teamAlerts} />
      ) : (
        <EmptyState
          icon={BarChart3}
          title={m.suppressionReason ? "Not enough answers to show yet" : "No survey results yet"}
          description={
            m.suppressionReason
              ? "Results appear once enough people have answered, so that nobody's answers can be singled out."
              : "Scores, trends and emergency metrics appear here once your team has answered its first weekly pulse survey."
          }
        />
      )}
      <Card>
        <CardHeader>
          <CardTitle as="h2">Weekly trends</CardTitle>
          <CardDescription>
            Culture score, engagement and eNPS out of 10, each week over the four weeks to it, and the share of
            invitations answered in each week&apos;s round
            {m.scope === "teams" ? ", for the teams you lead" : ""}. Up to 12 weeks, from the first round.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {hasWeekly ? (
            <TrendChart points={m.weekly} />
          ) : (
            <p className="text-sm text-slate-600">No weekly results yet.</p>
          )}
        </CardContent>
      </Card>
      <p className="text-xs text-slate-500">
        {`${plural(m.totalUsers, "person", "people")} in your ${m.scope === "teams" ? "teams" : "organisation"}. `}
        Groups with too few answers are never shown.{" "}
        <Link href="/pulse" className="text-brand-700 underline">
          Open the Pulse Overview
        </Link>
      </p>
      <ReleasedRoundNote round={m.latestRound} />
    </div>
  );
}
