// The demo workspace's Stripe side, when Stripe is configured (the local stand-in that `npm start`
// runs for the demo, or real test keys): a card saved the way the signup's payment step saves one
// (a confirmed SetupIntent with Stripe's test card), the BillingAccount signup writes, and then the
// product's own provisioning (lib/billing/provisioning.ts): the customer with that card and a
// subscription whose trial ends on the workspace's trial end date. So the Billing section shows
// 'Free Trial' and its end date, and Start Subscription, Cancel and Manage billing work against
// Stripe from the first start. Without Stripe configured: nothing.
//
// Called by demo-history.ts (same react-server process), once, when the demo workspace is created.

import type Stripe from "stripe";

export async function seedDemoBilling(orgId: string): Promise<boolean> {
  const { billingEnabled } = await import("@/lib/billing/config");
  if (!billingEnabled()) return false;
  const { stripe } = await import("@/lib/billing/stripe-client");
  const { withOrg } = await import("@/lib/db/tenant");
  const { provisionBilling } = await import("@/lib/billing/provisioning");
  const created = await stripe().setupIntents.create({ usage: "off_session", metadata: { purpose: "demo" } });
  // Stripe's test card: the test PaymentMethod pm_card_visa on real Stripe in test mode; the local
  // stand-in takes the card number itself (as its Stripe.js does).
  const setup = await stripe()
    .setupIntents.confirm(created.id, { payment_method: "pm_card_visa" })
    .catch(() =>
      stripe().setupIntents.confirm(created.id, {
        payment_method_data: { type: "card", card: { number: "4242424242424242" } },
      } as unknown as Stripe.SetupIntentConfirmParams),
    );
  const paymentMethodId =
    typeof setup.payment_method === "string" ? setup.payment_method : (setup.payment_method?.id ?? null);
  if (setup.status !== "succeeded" || !paymentMethodId)
    throw new Error(`The demo's test card was not confirmed (${setup.status})`);
  await withOrg(orgId, (tx) =>
    tx.billingAccount.upsert({
      where: { organizationId: orgId },
      create: { organizationId: orgId, setupIntentId: setup.id, paymentMethodId },
      update: {},
    }),
  );
  await provisionBilling(orgId);
  return true;
}
