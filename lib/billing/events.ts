import "server-only";
import { z } from "zod";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { stripe } from "@/lib/billing/stripe-client";
import { syncOrgBilling } from "@/lib/billing/sync";
import { settleCheckout } from "@/lib/billing/checkout";
import { sendBillingNotice, type BillingNotice } from "@/lib/billing/notices";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log/logger";

// The job of one stored webhook event (QUEUES.billingEvent). Any order, any number of runs: the
// state comes from Stripe by sync, and the event's notices are sent by the one run that claims it,
// only if Stripe's current state still says what the event said. Stripe errors throw: pg-boss retries.

/** What each event tells admins, and the current statuses in which that is still true (a
 * trial_will_end processed after the subscription became active tells nobody anything). */
const NOTICES: Record<string, { notice: BillingNotice; when: readonly SubscriptionStatus[] }> = {
  "customer.subscription.trial_will_end": { notice: "trial_ending", when: ["trialing"] },
  "invoice.payment_failed": { notice: "payment_failed", when: ["past_due", "unpaid", "incomplete"] },
  "customer.subscription.deleted": { notice: "subscription_cancelled", when: ["canceled"] },
};

const checkoutEvent = z.object({ data: z.object({ object: z.object({ id: z.string().min(1) }) }) });

/** A completed checkout: the session as Stripe has it now, settled like the admin's return. */
async function finishCheckout(orgId: string, eventId: string): Promise<void> {
  const client = stripe();
  const parsed = checkoutEvent.safeParse(await client.events.retrieve(eventId));
  if (!parsed.success) {
    log.warn("billing.checkout_event_unreadable", { orgId, eventId });
    return;
  }
  await settleCheckout(orgId, await client.checkout.sessions.retrieve(parsed.data.data.object.id));
}

export async function processBillingEvent(orgId: string, eventId: string): Promise<void> {
  const event = await withOrg(orgId, (tx) =>
    tx.billingEvent.findUnique({
      where: orgKey(orgId, eventId),
      select: { type: true, processedAt: true },
    }),
  );
  if (!event) {
    log.warn("billing.event_missing", { orgId, eventId });
    return;
  }
  await syncOrgBilling(orgId);
  if (event.type === "checkout.session.completed") await finishCheckout(orgId, eventId);

  const rule = NOTICES[event.type];
  await withOrg(orgId, async (tx) => {
    const claimed = await tx.billingEvent.updateMany({
      where: { organizationId: orgId, id: eventId, processedAt: null },
      data: { processedAt: new Date() },
    });
    if (claimed.count === 0 || !rule) return;
    const org = await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { subscriptionStatus: true } });
    if (rule.when.includes(org.subscriptionStatus)) await sendBillingNotice(tx, orgId, rule.notice);
    else log.info("billing.notice_outdated", { orgId, eventId, type: event.type, status: org.subscriptionStatus });
  });
}
