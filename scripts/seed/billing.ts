// The demo workspace's Stripe side, when Stripe is configured (the local stand-in that `npm start`
// runs for the demo, or real test keys): a card saved the way the signup's payment step saves one
// (a confirmed SetupIntent with Stripe's test card), the BillingAccount signup writes, and then the
// product's own provisioning (lib/billing/provisioning.ts): the customer with that card and a
// subscription whose trial ends on the workspace's trial end date. So the Billing section shows
// 'Free Trial' and its end date, and Start Subscription, Cancel and Manage billing work against
// Stripe from the first start. Without Stripe configured: nothing.
//
// Called by demo-history.ts (same react-server process), once, when the demo workspace is created.

export async function seedDemoBilling(orgId: string): Promise<boolean> {
  const { billingEnabled } = await import("@/lib/billing/config");
  if (!billingEnabled()) return false;
  const { stripe } = await import("@/lib/billing/stripe-client");
  const { withOrg } = await import("@/lib/db/tenant");
  const { provisionBilling } = await import("@/lib/billing/provisioning");
  const setup = await stripe().setupIntents.create({
    payment_method: "pm_card_visa",
    confirm: true,
    usage: "off_session",
    metadata: { purpose: "demo" },
  });
  const paymentMethodId = typeof setup.payment_method === "string" ? setup.payment_method : (setup.payment_method?.id ?? null);
  if (setup.status !== "succeeded" || !paymentMethodId) throw new Error(`The demo's test card was not confirmed (${setup.status})`);
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
