import type { Metadata } from "next";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { listPlans } from "@/lib/plans/plans";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { CommitmentsList } from "@/components/plans/commitments-list";

export const metadata: Metadata = { title: "Commitments" };

// plans.view: every role, each seeing the plans lib/plans/access.ts lets them see; planning is
// plans.manage (admins, managers), asked of the same map.
export default async function Page() {
  const session = await currentSession();
  if (!session) return null;
  if (!can(session.ctx, "plans.view")) return <AccessRestricted feature="Commitments" permission="plans.view" />;
  const plans = await listPlans(session.ctx);
  return <CommitmentsList plans={plans} canPlan={can(session.ctx, "plans.manage")} />;
}
