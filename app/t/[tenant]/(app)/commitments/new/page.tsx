import type { Metadata } from "next";
import Link from "next/link";
import { Users } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { isDimensionKey } from "@/lib/surveys/dimensions";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { PageHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PlanForm } from "@/components/plans/plan-form";
import { planPeople } from "@/components/plans/plan-people";
import { ORGANISATION } from "@/components/plans/plan-form-schemas";

export const metadata: Metadata = { title: "Plan an action" };

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

// plans.manage: admins for any team or the organisation, managers for the teams they lead. A
// focus area's 'Plan an action' arrives with ?teamId=&dimension= and the form starts from them.
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "plans.manage"))
    return <AccessRestricted feature="Planning actions" permission="plans.manage" />;
  const people = await planPeople(session.ctx);
  if (people.teams.length === 0 && !people.canPlanOrganisation) {
    return (
      <>
        <PageHeader title="Plan an action" />
        <EmptyState
          icon={Users}
          title="You lead no team yet"
          description="Managers plan actions for the teams they lead. An admin can make you a team's manager in Settings."
          action={
            <Button asChild variant="outline">
              <Link href="/commitments">Back to Commitments</Link>
            </Button>
          }
        />
      </>
    );
  }
  const query = await searchParams;
  const askedTeam = one(query.teamId).toLowerCase();
  const askedDimension = one(query.dimension);
  const dimension = isDimensionKey(askedDimension) ? askedDimension : "";
  const teamId = people.teams.some((t) => t.id === askedTeam)
    ? askedTeam
    : // The organisation's focus areas link without a team.
      people.canPlanOrganisation && dimension && !askedTeam
      ? ORGANISATION
      : people.teams.length === 1 && !people.canPlanOrganisation
        ? people.teams[0]!.id
        : "";
  const now = new Date();
  return (
    <PlanForm
      people={people}
      userId={session.ctx.userId}
      today={day(now)}
      // Due by default after the last check-back (90 days), so all three measure the action.
      initial={{ teamId, dimension, dueAt: day(new Date(now.getTime() + 90 * DAY_MS)) }}
    />
  );
}
