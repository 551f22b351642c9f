import type { Metadata } from "next";
import Link from "next/link";
import { Activity, Download, Info } from "lucide-react";
import { z } from "zod";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import type { AuthContext } from "@/lib/auth/context";
import { pulseOverview } from "@/lib/analytics/pulse";
import { getCurrentSurvey } from "@/lib/surveys/round-status";
import { isDomainError } from "@/lib/errors/domain-error";
import { PageHeader } from "@/components/layout/page-header";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { EmptyState } from "@/components/ui/empty-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { HeatmapLegend, PulseHeatmap } from "@/components/pulse/heatmap";
import { PulsePhoneView } from "@/components/pulse/phone-view";
import { PulseFilters } from "@/components/pulse/round-filter";
import { SurveyStatusCard } from "@/components/pulse/status-card";
import { countTeams } from "@/lib/people/teams";
import { FocusAreas } from "@/components/analytics/focus-areas";

export const metadata: Metadata = { title: "Pulse Overview" };

// Unknown values fall back to the defaults rather than an error page. The default view is the last
// four weeks: a single weekly round asks only some dimensions, four weeks ask them all.
const searchSchema = z.object({
  round: z
    .union([z.literal("latest"), z.literal("recent"), z.uuid()])
    .catch("recent")
    .default("recent"),
  segment: z.enum(["all", "teams", "organization"]).catch("all").default("all"),
  // One team alone (the dashboard's team alerts link here); a team the viewer cannot see shows all.
  team: z.uuid().optional().catch(undefined),
});

async function PulseData({
  ctx,
  round,
  segment,
  team,
}: {
  ctx: AuthContext;
  round: string;
  segment: "all" | "teams" | "organization";
  team: string | undefined;
}) {
  // Whole-organisation viewers get the segment filter and the organisation row.
  const orgWide = can(ctx, "analytics.organization");
  const [o, status, teamCount] = await Promise.all([
    pulseOverview(ctx, round, segment).catch((err: unknown) => {
      // A round id from an old link that is not (or no longer) this organisation's: show the latest.
      if (isDomainError(err) && err.kind === "not_found") return pulseOverview(ctx, "latest", segment);
      throw err;
    }),
    getCurrentSurvey(ctx, ctx.orgId),
    // The segment filter (whole-organisation viewers only) counts what 'Teams and segments' lists, whichever segment is
    // shown now: every team and the 'All employees' row. The rows shown cannot say it: under 'All
    // employees' they hold no team.
    orgWide ? countTeams(ctx) : Promise.resolve(0),
  ]);
  const recent = o.selected === "recent";
  const teamRow = team ? o.rows.find((r) => r.kind === "team" && r.id === team) : undefined;
  const rows = teamRow ? [teamRow] : o.rows;
  // Focus areas: the team shown alone, else the organisation (whole-organisation viewers), else
  // the teams the manager leads.
  const focusScopes: { teamId: string | null; title: string }[] = teamRow
    ? [{ teamId: teamRow.id, title: `Focus areas · ${teamRow.name}` }]
    : orgWide
      ? segment === "teams"
        ? []
        : [{ teamId: null, title: "Focus areas · All employees" }]
      : o.rows.filter((r) => r.kind === "team").map((r) => ({ teamId: r.id, title: `Focus areas · ${r.name}` }));
  const allTeamsHref = `?${new URLSearchParams({ round: o.selected ?? "recent", segment }).toString()}`;
  const exportHref = `/api/pulse/export?${new URLSearchParams({ round: o.selected ?? "recent", segment }).toString()}`;
  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <PulseFilters
          rounds={o.rounds}
          round={o.selected ?? "latest"}
          segment={segment}
          showOrganization={orgWide}
          segmentCount={teamCount + 1}
        />
        {o.selected ? (
          <Button asChild variant="outline">
            <a href={exportHref} download>
              <Download aria-hidden="true" className="size-4" />
              Export CSV
            </a>
          </Button>
        ) : null}
      </div>
      <Card className="flex items-start gap-3 border-brand-100 bg-brand-50/50 p-4 text-sm text-slate-700">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <p>
          Results are released when a round closes; while it is open, only how many have answered is shown. To keep
          every answer anonymous, a team is shown only with at least {o.minGroupSize} responses (one more when you are
          part of it yourself), and another team may be hidden when its numbers would let a smaller group be worked out
          from the totals.
        </p>
      </Card>
      {!o.selected ? (
        <EmptyState
          icon={Activity}
          title="No pulse data yet"
          description="Team scores appear here once the first weekly pulse survey has been answered and has closed."
        />
      ) : (
        <section aria-labelledby="heatmap-title" className="space-y-3">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="heatmap-title" className="text-base font-semibold text-slate-900">
              {o.selectedLabel}
              {teamRow ? ` · ${teamRow.name}` : ""}
            </h2>
            {teamRow ? (
              <Link href={allTeamsHref} className="text-sm text-brand-700 underline underline-offset-2">
                Show every team
              </Link>
            ) : null}
          </div>
          {recent && o.roundCount === 0 ? (
            <EmptyState
              icon={Activity}
              title="No round closed in the last four weeks"
              description="Pick an earlier round above to see its results."
            />
          ) : o.rows.length === 0 ? (
            <p className="text-sm text-slate-600">You do not lead a team yet.</p>
          ) : (
            <>
              {/* From 640 px the table; below it one team or one dimension at a time. */}
              <div className="hidden sm:block">
                <PulseHeatmap rows={rows} minGroupSize={o.minGroupSize} recent={recent} />
              </div>
              <div className="sm:hidden">
                <PulsePhoneView rows={rows} minGroupSize={o.minGroupSize} recent={recent} />
              </div>
            </>
          )}
          <HeatmapLegend minGroupSize={o.minGroupSize} recent={recent} />
        </section>
      )}
      {o.selected && focusScopes.length > 0 ? (
        <Card className="space-y-4 p-5">
          <p className="text-sm text-slate-600">
            What to act on first, from the latest closed rounds whichever round is shown above: dimensions that matter
            for engagement and sit below the organisation, their own last three months or 6.5.
          </p>
          {focusScopes.map((s) => (
            <FocusAreas key={s.teamId ?? "org"} teamId={s.teamId} title={s.title} headingLevel="h2" />
          ))}
        </Card>
      ) : null}
      <SurveyStatusCard status={status} />
    </div>
  );
}

export default async function PulsePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "analytics.view")) {
    return (
      <AccessRestricted
        feature="Pulse Overview"
        permission="analytics.view"
        detail="Your answers are anonymous and only ever counted together with your colleagues'."
      />
    );
  }
  const q = searchSchema.parse(await searchParams);
  return (
    <>
      <PageHeader
        title="Pulse Overview"
        subtitle={
          can(ctx, "analytics.organization")
            ? "Participation, eNPS and every culture dimension by team."
            : "Participation, eNPS and every culture dimension for the teams you lead."
        }
      />
      <PulseData ctx={ctx} round={q.round} segment={q.segment} team={q.team} />
    </>
  );
}
