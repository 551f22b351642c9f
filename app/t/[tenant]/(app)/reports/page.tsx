import type { Metadata } from "next";
import Link from "next/link";
import { Suspense } from "react";
import { Lock } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { teamRankings } from "@/lib/analytics/teams";
import { managerTeamReports } from "@/lib/analytics/reports";
import { roundComments } from "@/lib/analytics/comments";
import { PageHeader } from "@/components/layout/page-header";
import { EmptyState } from "@/components/ui/empty-state";
import { Button } from "@/components/ui/button";
import { AnalyticsSkeleton } from "@/components/analytics/skeleton";
import { OrgReport } from "@/components/analytics/org-report";
import { ManagerReport } from "@/components/analytics/manager-report";
import { getAnonymitySetting } from "@/lib/org/anonymity";

export const metadata: Metadata = { title: "Reports" };

const minGroupSize = async (ctx: AuthContext) => (await getAnonymitySetting(ctx, ctx.orgId)).minGroupSize;

async function ReportsData({ ctx }: { ctx: AuthContext }) {
  const min = await minGroupSize(ctx);
  if (ctx.role === "admin") {
    const [m, teams, comments] = await Promise.all([dashboardMetrics(ctx), teamRankings(ctx), roundComments(ctx, "latest")]);
    return <OrgReport m={m} teams={teams} comments={comments} minGroupSize={min} />;
  }
  const [teams, comments] = await Promise.all([managerTeamReports(ctx, min), roundComments(ctx, "latest")]);
  return <ManagerReport teams={teams} comments={comments} />;
}

export default async function ReportsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (ctx.role !== "admin" && ctx.role !== "manager") {
    return (
      <>
        <PageHeader title="Reports" />
        <EmptyState
          icon={Lock}
          title="Reports are for managers and administrators"
          description="Detailed reports are available to managers and administrators. Your own answers are anonymous and only ever counted together with your colleagues'."
          action={
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild>
                <Link href="/one-on-one">Go to 1-on-1s</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/">Back to Dashboard</Link>
              </Button>
            </div>
          }
        />
      </>
    );
  }
  return (
    <>
      <PageHeader title="Reports" subtitle={ctx.role === "admin" ? "Culture, engagement and eNPS across the organisation." : "Culture and engagement in the teams you lead."} />
      <Suspense fallback={<AnalyticsSkeleton text="Loading reports..." />}>
        <ReportsData ctx={ctx} />
      </Suspense>
    </>
  );
}
