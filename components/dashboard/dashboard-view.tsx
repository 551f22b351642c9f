import Link from "next/link";
import { BarChart3 } from "lucide-react";
import type { DashboardMetrics } from "@/lib/analytics/dashboard";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ScoreCard, StandardEnpsCard } from "@/components/dashboard/score-card";
import { EmergencyPanel } from "@/components/dashboard/emergency-panel";
import { TrendChart } from "@/components/dashboard/trend-chart";
import { ReleasedRoundNote } from "@/components/analytics/released-round-note";

/** The admin's (organisation) or manager's (own teams) dashboard. */
export function DashboardView({ m }: { m: DashboardMetrics }) {
  const hasScores = m.overallCultureScore !== null || m.enpsScore !== null || m.engagementScore !== null;
  const hasWeekly = m.weekly.some((w) => w.culture !== null || w.engagement !== null || w.enps !== null);
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <ScoreCard title="Overall eNPS Score" value={m.enpsScore} trend={m.enpsTrend} showTrend={hasScores} />
        <ScoreCard title="Overall Culture Score" value={m.overallCultureScore} trend={m.cultureScoreTrend} showTrend={hasScores} />
        <ScoreCard title="Engagement Score" value={m.engagementScore} trend={m.engagementTrend} showTrend={hasScores} />
        <StandardEnpsCard value={m.standardEnps} participation={m.participation} />
      </div>
      {hasScores ? (
        <EmergencyPanel metrics={m.emergencyMetrics} />
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
          <CardTitle as="h2">Trends over the last 12 weeks</CardTitle>
          <CardDescription>
            Culture score, engagement and eNPS, out of 10{m.scope === "teams" ? ", for the teams you lead" : ""}. Trends compare the last four weeks with the four before.
          </CardDescription>
        </CardHeader>
        <CardContent>{hasWeekly ? <TrendChart points={m.weekly} /> : <p className="text-sm text-slate-600">No weekly results yet.</p>}</CardContent>
      </Card>
      <p className="text-xs text-slate-500">
        {m.scope === "teams" ? `${m.totalUsers} people in your teams. ` : `${m.totalUsers} people in your organisation. `}
        Groups with too few answers are never shown. <Link href="/pulse" className="text-brand-700 underline">Open the Pulse Overview</Link>
      </p>
      <ReleasedRoundNote round={m.latestRound} />
    </div>
  );
}
