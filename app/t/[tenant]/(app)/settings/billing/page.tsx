import { getBillingOverview } from "@/lib/billing/overview";
import { BillingOverview } from "@/components/billing/billing-overview";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/billing");

export default function BillingSettingsPage() {
  return (
    <SettingsSectionPage
      href="/settings/billing"
      render={async ({ ctx }) => <BillingOverview orgId={ctx.orgId} overview={await getBillingOverview(ctx)} />}
    />
  );
}
