import "server-only";
import { trialEndUnix } from "@/lib/billing/stripe-time";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { audit } from "@/lib/audit/audit";
import { conflict, unavailable } from "@/lib/errors/domain-error";
import { billingSettingsUrl } from "@/lib/billing/urls";
import { log } from "@/lib/log/logger";
import { BILLING_UNAVAILABLE, callStripe, stripe } from "@/lib/billing/stripe-client";
import { seatPriceId } from "@/lib/billing/price";
import { ensureCustomer } from "@/lib/billing/provisioning";
import { syncOrgBilling } from "@/lib/billing/sync";
import { billingOverviewIn } from "@/lib/billing/overview";
import type { BillingChangeDto, CheckoutDto, PortalDto } from "@/lib/billing/dto";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { isLiveStatus, isReadOnlyStatus } from "@/lib/billing/status";

// The admin's billing actions (Settings > Billing & Subscription). Each asks Stripe first; if
// Stripe cannot be reached nothing is changed here and the admin is told so (503
// billing_unavailable). Each ends with syncOrgBilling, so the workspace shows Stripe's state.

const CANCELLED_MESSAGE = "Your subscription will remain active until the end of the billing period.";
const RESUMED_MESSAGE = "Your subscription will continue.";
const NO_SUBSCRIPTION = "There is no subscription to change. Start a subscription first.";
const ALREADY_ACTIVE = "This workspace already has an active subscription.";
const STILL_RUNNING =
  "Your subscription is still running until the end of the billing period. Resume it instead of subscribing again.";

/** After a change Stripe accepted: copy Stripe's state. A failure here is not the admin's (the
 * change happened; the webhook's sync catches up), so it is logged, not reported. */
export async function syncAfterAction(orgId: string): Promise<void> {
  try {
    await syncOrgBilling(orgId);
  } catch (err) {
    log.warn("billing.sync_after_action_failed", { orgId, err });
  }
}

type BillingState = {
  subdomain: string;
  status: SubscriptionStatus;
  seats: number;
  trialEndDate: Date | null;
  customerId: string | null;
  subscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
};

async function readState(orgId: string): Promise<BillingState> {
  return withOrg(orgId, async (tx) => {
    const [org, account] = await Promise.all([
      tx.organization.findUniqueOrThrow({
        where: { id: orgId },
        select: { subdomain: true, subscriptionStatus: true, maxUsers: true, trialEndDate: true },
      }),
      tx.billingAccount.findUnique({
        where: { organizationId: orgId },
        select: { stripeCustomerId: true, stripeSubscriptionId: true, cancelAtPeriodEnd: true },
      }),
    ]);
    return {
      subdomain: org.subdomain,
      status: org.subscriptionStatus,
      seats: org.maxUsers,
      trialEndDate: org.trialEndDate,
      customerId: account?.stripeCustomerId ?? null,
      subscriptionId: account?.stripeSubscriptionId ?? null,
      cancelAtPeriodEnd: account?.cancelAtPeriodEnd ?? false,
    };
  });
}

/** The live subscription's id, or 409 no_subscription. */
function liveSubscription(state: BillingState): string {
  if (!state.subscriptionId || !isLiveStatus(state.status)) throw conflict("no_subscription", NO_SUBSCRIPTION);
  return state.subscriptionId;
}

async function change(
  ctx: AuthContext,
  action: string,
  details: Record<string, string | number | boolean>,
  message: string,
): Promise<BillingChangeDto> {
  await syncAfterAction(ctx.orgId);
  return withOrg(ctx.orgId, async (tx) => {
    await audit(tx, ctx, action, { type: "organization", id: ctx.orgId }, details);
    return { message, billing: await billingOverviewIn(tx, ctx) };
  });
}

const settingsUrl = (subdomain: string, query = "") => billingSettingsUrl(subdomain, env().rootDomain, query);
/** Checkout refuses a trial ending within 48 hours. */
const CHECKOUT_TRIAL_MIN_MS = 48 * 60 * 60 * 1000;

/** 'Start Subscription': a Stripe Checkout session for the workspace's seats. */
export async function startCheckout(ctx: AuthContext): Promise<CheckoutDto> {
  requirePermission(ctx, "billing.manage");
  stripe();
  const state = await readState(ctx.orgId);
  if ((state.status === "active" || state.status === "past_due") && state.subscriptionId && !state.cancelAtPeriodEnd) {
    throw conflict("subscription_already_active", ALREADY_ACTIVE);
  }
  // A cancelled subscription that still runs: a checkout would end it at once (the checkout's
  // completion cancels the customer's other live subscriptions), losing the period already paid
  // and charging the overlap twice. Resume is the way back; the section offers only that here.
  if (
    state.subscriptionId &&
    state.cancelAtPeriodEnd &&
    isLiveStatus(state.status) &&
    !isReadOnlyStatus(state.status)
  ) {
    throw conflict("subscription_already_active", STILL_RUNNING);
  }
  const customer = await callStripe("ensure_customer", ctx.orgId, () => ensureCustomer(ctx.orgId));
  const trialEnd = trialEndUnix(state.trialEndDate, CHECKOUT_TRIAL_MIN_MS);
  const session = await callStripe("checkout", ctx.orgId, async (s) =>
    s.checkout.sessions.create({
      mode: "subscription",
      customer,
      client_reference_id: ctx.orgId,
      line_items: [{ price: await seatPriceId(), quantity: state.seats }],
      subscription_data: { metadata: { organizationId: ctx.orgId }, ...(trialEnd ? { trial_end: trialEnd } : {}) },
      success_url: settingsUrl(state.subdomain, "?billing=success"),
      cancel_url: settingsUrl(state.subdomain, "?billing=cancelled"),
    }),
  );
  if (!session.url) throw unavailable("billing_unavailable", BILLING_UNAVAILABLE);
  await withOrg(ctx.orgId, (tx) =>
    audit(tx, ctx, "billing.checkout_started", { type: "organization", id: ctx.orgId }, { seats: state.seats }),
  );
  return { checkoutUrl: session.url };
}

/** 'Cancel Subscription': it keeps running until the end of the period already paid. */
export async function cancelSubscription(ctx: AuthContext): Promise<BillingChangeDto> {
  requirePermission(ctx, "billing.manage");
  stripe();
  const id = liveSubscription(await readState(ctx.orgId));
  await callStripe("cancel", ctx.orgId, (s) => s.subscriptions.update(id, { cancel_at_period_end: true }));
  return change(ctx, "billing.subscription_cancelled", { subscription: id }, CANCELLED_MESSAGE);
}

/** Undoes a cancellation before the period ends. */
export async function resumeSubscription(ctx: AuthContext): Promise<BillingChangeDto> {
  requirePermission(ctx, "billing.manage");
  stripe();
  const id = liveSubscription(await readState(ctx.orgId));
  await callStripe("resume", ctx.orgId, async (s) => {
    const sub = await s.subscriptions.update(id, { cancel_at_period_end: false });
    // A cancellation set as a date (the customer portal) is cleared too.
    if (sub.cancel_at) await s.subscriptions.update(id, { cancel_at: "" });
  });
  return change(ctx, "billing.subscription_resumed", { subscription: id }, RESUMED_MESSAGE);
}

/** 'Manage billing': Stripe's customer portal (card, invoices). */
export async function openBillingPortal(ctx: AuthContext): Promise<PortalDto> {
  requirePermission(ctx, "billing.manage");
  stripe();
  const state = await readState(ctx.orgId);
  if (!state.customerId) throw conflict("no_subscription", NO_SUBSCRIPTION);
  const customer = state.customerId;
  const session = await callStripe("portal", ctx.orgId, (s) =>
    s.billingPortal.sessions.create({ customer, return_url: settingsUrl(state.subdomain) }),
  );
  await withOrg(ctx.orgId, (tx) => audit(tx, ctx, "billing.portal_opened", { type: "organization", id: ctx.orgId }));
  return { url: session.url };
}
