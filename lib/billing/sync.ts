import "server-only";
import { isLiveStatus } from "@/lib/billing/status";
import { fromUnix } from "@/lib/billing/stripe-time";
import type Stripe from "stripe";
import { withOrg } from "@/lib/db/tenant";
import { stripe } from "@/lib/billing/stripe-client";
import { log } from "@/lib/log/logger";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";

// Sync, not trust (brief, Design): the workspace's billing state is always copied from what Stripe
// says now, never from an event's copy of an object. Every webhook event and every billing action
// ends with this, so whatever the order or number of deliveries, the last sync leaves Stripe's state.

const KNOWN: readonly SubscriptionStatus[] = [
  "trialing",
  "active",
  "past_due",
  "canceled",
  "incomplete",
  "unpaid",
  "incomplete_expired",
  "paused",
];
// Stripe calls run inside the transaction (the row lock serialises syncs of one workspace), with
// the client's own timeout and retries, so the transaction may last longer than the default.
const SYNC_TX_TIMEOUT_MS = 60_000;

/** The customer's current subscription: the newest live one, else the newest of any. `subs` in
 * Stripe's list order (newest first), which breaks ties within one second (the sort is stable). */
export function currentSubscription(subs: Stripe.Subscription[]): Stripe.Subscription | null {
  const newestFirst = [...subs].sort((a, b) => b.created - a.created);
  return newestFirst.find((s) => isLiveStatus(s.status)) ?? newestFirst[0] ?? null;
}

/** Copies the Stripe customer's current subscription onto Organization and BillingAccount.
 * Throws on Stripe errors (the caller's job is retried; an action reports billing_unavailable). */
export async function syncOrgBilling(orgId: string): Promise<void> {
  await withOrg(
    orgId,
    async (tx) => {
      const rows = await tx.$queryRaw<{ stripeCustomerId: string | null }[]>`
        SELECT "stripeCustomerId" FROM "BillingAccount" WHERE "organizationId" = ${orgId}::uuid FOR UPDATE`;
      const customer = rows[0]?.stripeCustomerId;
      if (!customer) return;

      const list = await stripe().subscriptions.list({ customer, status: "all", limit: 100 });
      const sub = currentSubscription(list.data);
      const now = new Date();
      if (!sub) {
        // A customer without any subscription yet (provisioning half-way, or checkout not done):
        // nothing to copy; the product keeps its own trial state.
        await tx.billingAccount.update({ where: { organizationId: orgId }, data: { lastSyncedAt: now } });
        return;
      }

      const status = KNOWN.find((s) => s === sub.status);
      if (!status) log.warn("billing.sync_unknown_status", { orgId, subscription: sub.id, status: sub.status });
      const item = sub.items.data[0];
      const ended = sub.status === "canceled" || sub.status === "incomplete_expired";
      const trialEnd = fromUnix(sub.trial_end);
      await tx.organization.update({
        where: { id: orgId },
        data: {
          ...(status ? { subscriptionStatus: status } : {}),
          ...(trialEnd ? { trialEndDate: trialEnd } : {}),
          // Seats follow the subscription while it bills; an ended one keeps the last count.
          ...(!ended && item?.quantity ? { maxUsers: item.quantity } : {}),
        },
      });
      await tx.billingAccount.update({
        where: { organizationId: orgId },
        data: {
          stripeSubscriptionId: sub.id,
          currentPeriodEnd: fromUnix(item?.current_period_end),
          cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at != null,
          lastSyncedAt: now,
        },
      });
    },
    { timeoutMs: SYNC_TX_TIMEOUT_MS },
  );
}
