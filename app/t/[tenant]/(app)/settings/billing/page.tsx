import { can } from "@/lib/auth/permissions";
import { getBillingOverview } from "@/lib/billing/overview";
import { checkoutSessionIdSchema, confirmCheckoutReturn, releaseCheckout } from "@/lib/billing/checkout";
import { BillingOverview } from "@/components/billing/billing-overview";
import { sectionMetadata, SettingsSectionPage } from "../section-page";

export const metadata = sectionMetadata("/settings/billing");

type Search = Promise<Record<string, string | string[] | undefined>>;

export default async function BillingSettingsPage({ searchParams }: { searchParams: Search }) {
  const query = await searchParams;
  const sessionId = checkoutSessionIdSchema.safeParse(query.session_id);
  return (
    <SettingsSectionPage
      href="/settings/billing"
      render={async ({ ctx }) => {
        // Back from Stripe's hosted checkout: settle it with Stripe now, before the state is read,
        // so the page says what happened without waiting for the webhook.
        if (can(ctx, "billing.manage")) {
          if (query.billing === "success" && sessionId.success) await confirmCheckoutReturn(ctx, sessionId.data);
          else if (query.billing === "cancelled") await releaseCheckout(ctx, query.ref);
        }
        return <BillingOverview orgId={ctx.orgId} overview={await getBillingOverview(ctx)} />;
      }}
    />
  );
}
