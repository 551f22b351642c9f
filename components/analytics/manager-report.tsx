import { Users } from "lucide-react";
import type { ManagerTeamReport } from "@/lib/analytics/reports";
import type { RoundComments } from "@/lib/analytics/comments";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Trend } from "@/components/analytics/trend";
import { suppressionText } from "@/components/analytics/suppression-text";
import { CommentsCard } from "@/components/analytics/comments-card";
import { hiddenRoundsText } from "@/components/analytics/participation-text";
import { plural, pluralWord } from "@/lib/format";
import { FocusAreas } from "@/components/analytics/focus-areas";

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-3">
      <p className="text-xs font-medium text-slate-600">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value}</p>
      <p className="text-xs text-slate-500">{hint}</p>
    </div>
  );
}

function participationHint(t: ManagerTeamReport): string {
  const hidden = hiddenRoundsText(t.responseRounds, t.minGroupSize);
  return t.responseRounds.atLeast && hidden
    ? `at least, of invitations answered; ${hidden}`
    : "of invitations answered";
}

function TeamCard({ t }: { t: ManagerTeamReport }) {
  const hasScores = t.cultureScore !== null || t.engagementScore !== null;
  const outOf = `of ${t.measuredDimensions} ${pluralWord(t.measuredDimensions, "dimension")} measured`;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{t.name}</CardTitle>
        <CardDescription className="flex items-center gap-1">
          <Users aria-hidden="true" className="size-3.5" />
          {plural(t.memberCount, "member")}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {t.tooSmall ? (
          <EmptyState
            headingLevel="h3"
            title="Team too small to report on"
            description={`Results appear once the team has at least ${t.minGroupSize} members, so that nobody's answers can be singled out. Until then their answers count for the organisation only.`}
          />
        ) : !hasScores ? (
          <EmptyState
            headingLevel="h3"
            title={t.suppressed ? "Not enough answers yet" : "No answers yet"}
            description={
              t.suppressed
                ? suppressionText(t.suppressionReason, t.minGroupSize)
                : "Scores appear after the team answers its first weekly pulse."
            }
          />
        ) : (
          <div className="space-y-4">
            <div className="grid gap-3 sm:grid-cols-2">
              <Stat
                label="Culture Score"
                value={t.cultureScore === null ? "--" : t.cultureScore.toFixed(1)}
                hint="out of 10"
              />
              <Stat
                label="Engagement"
                value={t.engagementScore === null ? "--" : t.engagementScore.toFixed(1)}
                hint="out of 10"
              />
            </div>
            <div className="flex flex-wrap gap-x-6">
              <Trend text={t.cultureScoreTrend} suffix="culture, from last month" />
              <Trend text={t.engagementTrend} suffix="engagement, from last month" />
            </div>
            <div className="grid gap-3 sm:grid-cols-3">
              <Stat
                label="Strong Dimensions"
                value={String(t.strongDimensions.length)}
                hint={`${outOf}, scoring above 8.0`}
              />
              <Stat
                label="Needs Attention"
                value={String(t.needsAttention.length)}
                hint={`${outOf}, scoring below 6.5`}
              />
              <Stat
                label="Survey Participation"
                value={t.responseRate === null ? "--" : `${t.responseRate}%`}
                hint={participationHint(t)}
              />
            </div>
            {t.strongDimensions.length + t.needsAttention.length > 0 ? (
              <ul
                className="flex flex-wrap gap-2 text-xs"
                aria-label="Strong dimensions and dimensions needing attention"
              >
                {t.strongDimensions.map((d) => (
                  <li key={d.key} className="rounded-full bg-emerald-50 px-2 py-1 text-emerald-800">
                    <span className="sr-only">Strong: </span>
                    {d.label} {d.score.toFixed(1)}
                  </li>
                ))}
                {t.needsAttention.map((d) => (
                  <li key={d.key} className="rounded-full bg-red-50 px-2 py-1 text-red-800">
                    <span className="sr-only">Needs attention: </span>
                    {d.label} {d.score.toFixed(1)}
                  </li>
                ))}
              </ul>
            ) : null}
            <FocusAreas teamId={t.id} headingLevel="h4" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** 'Team Reports' for managers — their own teams only (docs/decisions.md (Roles and permissions)). */
export function ManagerReport({ teams, comments }: { teams: ManagerTeamReport[]; comments: RoundComments }) {
  return (
    <section aria-labelledby="team-reports" className="space-y-6">
      <h2 id="team-reports" className="text-lg font-semibold text-slate-900">
        Team Reports
      </h2>
      {teams.length === 0 ? (
        <EmptyState
          icon={Users}
          title="You do not lead a team yet"
          description="Reports appear here once an administrator makes you the manager of a team."
        />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {teams.map((t) => (
            <TeamCard key={t.id} t={t} />
          ))}
        </div>
      )}
      {teams.length > 0 ? <CommentsCard data={comments} /> : null}
    </section>
  );
}
