import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { openSurveyFor } from "@/lib/surveys/open-survey";
import { PageHeader } from "@/components/layout/page-header";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { EmployeeWelcome } from "@/components/dashboard/employee-welcome";
import { getSetupChecklist } from "@/lib/setup/checklist";
import { SetupChecklistCard } from "@/components/setup/setup-checklist";
import { NewWorkspaceResults } from "@/components/setup/new-workspace-results";

export const metadata: Metadata = { title: "Dashboard" };

async function DashboardData({ ctx }: { ctx: AuthContext }) {
  // Roles without analytics (employees) get their own part: the survey waiting for them.
  if (!can(ctx, "analytics.view"))
    return <EmployeeWelcome openSurveyId={(await openSurveyFor(ctx))?.surveyId ?? null} />;
  const [m, setup] = await Promise.all([dashboardMetrics(ctx), getSetupChecklist(ctx)]);
  if (!setup) return <DashboardView m={m} />;
  // A workspace being set up: the checklist leads. Before its first pulse there is nothing to
  // chart, so one line about results replaces the empty score cards and trend; once a pulse is
  // out, the cards are there waiting for its results.
  const pulseOut = setup.steps.some((s) => s.key === "pulse" && s.done);
  const noResultsYet = !pulseOut && m.latestRound === null && m.weekly.length === 0 && m.suppressionReason === null;
  return (
    <div className="space-y-6">
      <SetupChecklistCard checklist={setup} />
      {noResultsYet ? <NewWorkspaceResults /> : <DashboardView m={m} />}
    </div>
  );
}

export default async function DashboardPage() {
  // The (app) layout has already turned away anyone without a session.
  const session = await currentSession();
  if (!session) return null;
  const firstName = session.user.firstName.trim() || "there";
  const subtitle = can(session.ctx, "analytics.organization")
    ? "Your organisation's culture at a glance."
    : can(session.ctx, "analytics.view")
      ? "How the teams you lead are doing."
      : "Your pulse surveys and 1:1s.";
  return (
    <>
      <PageHeader title={`Welcome, ${firstName}`} subtitle={subtitle} />
      <DashboardData ctx={session.ctx} />
    </>
  );
}
