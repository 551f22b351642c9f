import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { nullWhenNotFound } from "@/lib/errors/domain-error";
import { getPlan } from "@/lib/plans/plans";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { PlanPage } from "@/components/plans/plan-page";
import { isPlanId, PlanNotFound } from "@/components/plans/plan-not-found";
import { planPeople } from "@/components/plans/plan-people";

export const metadata: Metadata = { title: "Action plan" };

// plans.view: every role; a plan the person may not see answers 'Plan Not Found', as the API's
// 404 does. Those who manage it also get the people its edit form offers.
export default async function Page({ params }: { params: Promise<{ planId: string }> }) {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "plans.view")) return <AccessRestricted feature="Commitments" permission="plans.view" />;
  const id = (await params).planId.toLowerCase();
  if (!isPlanId(id)) return <PlanNotFound />;
  const plan = await nullWhenNotFound(getPlan(session.ctx, id));
  if (!plan) return <PlanNotFound />;
  const people = plan.canManage ? await planPeople(session.ctx) : null;
  return <PlanPage key={id} plan={plan} people={people} />;
}
