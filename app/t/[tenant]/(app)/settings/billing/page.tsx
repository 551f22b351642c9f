import type { Metadata } from "next";
import { CreditCard } from "lucide-react";
import { currentSession } from "@/lib/auth/current-session";
import { can } from "@/lib/auth/permissions";
import { getBillingOverview } from "@/lib/billing/overview";
import { AccessRestricted } from "@/components/shell/access-restricted";
import { BillingOverview } from "@/components/billing/billing-overview";
import { SettingsPanel } from "@/components/settings/settings-panel";

export const metadata: Metadata = { title: "Billing & Subscription · Settings" };

export default async function BillingSettingsPage() {
  const session = await currentSession();
  if (!session) return null;
  const { ctx } = session;
  if (!can(ctx, "billing.view")) return <AccessRestricted feature="Billing & Subscription" permission="billing.view" />;
  const billing = await getBillingOverview(ctx);
  return (
    <SettingsPanel id="billing" title="Billing & Subscription" description="Plan, seats and what is included." icon={CreditCard}>
      <BillingOverview orgId={ctx.orgId} overview={billing} />
    </SettingsPanel>
  );
}
