import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { teamRankings } from "@/lib/analytics/teams";
import { managerTeamReports } from "@/lib/analytics/reports";
import { roundComments } from "@/lib/analytics/comments";
import { PageHeader } from "@/components/layout/page-header";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { OrgReport } from "@/components/analytics/org-report";
import { ManagerReport } from "@/components/analytics/manager-report";
import { getAnonymitySetting } from "@/lib/org/anonymity";

export const metadata: Metadata = { title: "Reports" };

const minGroupSize = async (ctx: AuthContext) => (await getAnonymitySetting(ctx, ctx.orgId)).minGroupSize;

async function ReportsData({ ctx }: { ctx: AuthContext }) {
  const min = await minGroupSize(ctx);
  // Whole-organisation viewers get the organisation report; the others the teams they lead.
  if (can(ctx, "analytics.organization")) {
    const [m, teams, comments] = await Promise.all([
      dashboardMetrics(ctx),
      teamRankings(ctx),
      roundComments(ctx, "latest"),
    ]);
    return <OrgReport m={m} teams={teams} comments={comments} minGroupSize={min} />;
  }
  const [teams, comments] = await Promise.all([managerTeamReports(ctx, min), roundComments(ctx, "latest")]);
  return <ManagerReport teams={teams} comments={comments} />;
}

export default async function ReportsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "analytics.view")) {
    return (
      <AccessRestricted
        feature="The Reports page"
        permission="analytics.view"
        detail="Your own answers are anonymous and only ever counted together with your colleagues'."
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={
          can(ctx, "analytics.organization")
            ? "Culture, engagement and eNPS across the organisation."
            : "Culture and engagement in the teams you lead."
        }
      />
      <ReportsData ctx={ctx} />
    </>
  );
}
