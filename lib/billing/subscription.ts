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
import { checkoutBackRef, settleCheckout } from "@/lib/billing/checkout";
import type Stripe from "stripe";
import { billingOverviewIn } from "@/lib/billing/overview";
import type { BillingChangeDto, CheckoutDto, PortalDto } from "@/lib/billing/dto";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { isLiveStatus, isReadOnlyStatus } from "@/lib/billing/status";

// The admin's billing actions (Settings > Billing & Subscription). Each asks Stripe first; if
// Stripe cannot be reached nothing is changed here and the admin is told so (503
// billing_unavailable). Each ends with syncOrgBilling, so the workspace shows Stripe's state.

const CANCELLED_MESSAGE = "Your subscription will remain active until the end of the billing period.";
const TRIAL_CANCELLED_MESSAGE =
  "Your trial continues until it ends; your card will not be charged. Start a subscription any time to keep the workspace.";
const RESUMED_MESSAGE = "Your subscription will continue.";
const NO_SUBSCRIPTION = "There is no subscription to change. Start a subscription first.";
const ALREADY_ACTIVE = "This workspace already has an active subscription.";
const SET_UP =
  "This workspace's subscription is already set up. Change seats or billing details here instead of subscribing again.";
const CHECKOUT_OPEN =
  "A checkout for this workspace is already open on the payment page. Finish it there, or use its Back link to start again.";
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
  confirmedSubscriptionId: string | null;
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
        select: {
          stripeCustomerId: true,
          stripeSubscriptionId: true,
          cancelAtPeriodEnd: true,
          confirmedSubscriptionId: true,
        },
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
      confirmedSubscriptionId: account?.confirmedSubscriptionId ?? null,
    };
  });
}

/** The trialing subscription the signup made (a checkout has not replaced it). */
const isSignupTrial = (state: BillingState, status: string = state.status) =>
  status === "trialing" && state.confirmedSubscriptionId !== state.subscriptionId;

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
/** How long a checkout stays open: a second one is refused meanwhile. Stripe's shortest is 30
 * minutes counted from when it creates the session; five more cover the request's own time and a
 * clock that differs from Stripe's. */
const CHECKOUT_OPEN_MS = 35 * 60 * 1000;
// Stripe calls run inside the transaction that holds the billing row, so two presses are served
// one after the other; the client's own timeout and retries may outlast the default.
const CHECKOUT_TX_TIMEOUT_MS = 60_000;

/** 'Start Subscription': a Stripe Checkout session for the workspace's seats. Refused (409) while
 * a subscription is set up or another checkout is open, so one workspace never pays twice. */
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
  // The signup's trial, cancelled so its card is not charged, is not such a subscription: nothing
  // was paid, and the checkout keeps the trial's end and replaces it.
  if (
    state.subscriptionId &&
    state.cancelAtPeriodEnd &&
    isLiveStatus(state.status) &&
    !isReadOnlyStatus(state.status) &&
    !isSignupTrial(state)
  ) {
    throw conflict("subscription_already_active", STILL_RUNNING);
  }
  if (
    state.subscriptionId &&
    state.confirmedSubscriptionId === state.subscriptionId &&
    isLiveStatus(state.status) &&
    !isReadOnlyStatus(state.status)
  ) {
    throw conflict("subscription_set_up", SET_UP);
  }
  const customer = await callStripe("ensure_customer", ctx.orgId, () => ensureCustomer(ctx.orgId));
  const trialEnd = trialEndUnix(state.trialEndDate, CHECKOUT_TRIAL_MIN_MS);
  const outcome = await withOrg(
    ctx.orgId,
    async (tx): Promise<{ url: string } | { paid: Stripe.Checkout.Session }> => {
      const rows = await tx.$queryRaw<{ checkoutSessionId: string | null; checkoutExpiresAt: Date | null }[]>`
        SELECT "checkoutSessionId", "checkoutExpiresAt" FROM "BillingAccount"
        WHERE "organizationId" = ${ctx.orgId}::uuid FOR UPDATE`;
      const open = rows[0];
      if (open?.checkoutSessionId && open.checkoutExpiresAt && open.checkoutExpiresAt > new Date()) {
        const id = open.checkoutSessionId;
        const earlier = await callStripe("checkout_read", ctx.orgId, (s) => s.checkout.sessions.retrieve(id));
        if (earlier.status === "open") throw conflict("checkout_in_progress", CHECKOUT_OPEN);
        // Paid, and its webhook not processed yet: settled below, after this row is released.
        if (earlier.status === "complete") return { paid: earlier };
      }
      const expiresAt = new Date(Date.now() + CHECKOUT_OPEN_MS);
      const session = await callStripe("checkout", ctx.orgId, async (s) =>
        s.checkout.sessions.create({
          mode: "subscription",
          customer,
          client_reference_id: ctx.orgId,
          line_items: [{ price: await seatPriceId(), quantity: state.seats }],
          subscription_data: {
            metadata: { organizationId: ctx.orgId },
            ...(trialEnd ? { trial_end: trialEnd } : {}),
          },
          expires_at: Math.floor(expiresAt.getTime() / 1000),
          // Stripe fills in the session's id, so the page can confirm it without waiting for the webhook.
          success_url: settingsUrl(state.subdomain, "?billing=success&session_id={CHECKOUT_SESSION_ID}"),
          cancel_url: settingsUrl(state.subdomain, `?billing=cancelled&ref=${checkoutBackRef(ctx.orgId, expiresAt)}`),
        }),
      );
      if (!session.url) throw unavailable("billing_unavailable", BILLING_UNAVAILABLE);
      await tx.billingAccount.update({
        where: { organizationId: ctx.orgId },
        data: { checkoutSessionId: session.id, checkoutExpiresAt: expiresAt },
      });
      await audit(tx, ctx, "billing.checkout_started", { type: "organization", id: ctx.orgId }, { seats: state.seats });
      return { url: session.url };
    },
    { timeoutMs: CHECKOUT_TX_TIMEOUT_MS },
  );
  if ("paid" in outcome) {
    await callStripe("checkout_settle", ctx.orgId, () => settleCheckout(ctx.orgId, outcome.paid));
    throw conflict("subscription_set_up", SET_UP);
  }
  return { checkoutUrl: outcome.url };
}

/** 'Cancel Subscription': it keeps running until the end of the period already paid. 'Cancel
 * trial' is the same on the signup's trialing subscription: the trial runs to its end, the card on
 * file is not charged, and the workspace then becomes read-only. */
export async function cancelSubscription(ctx: AuthContext): Promise<BillingChangeDto> {
  requirePermission(ctx, "billing.manage");
  stripe();
  const state = await readState(ctx.orgId);
  const id = liveSubscription(state);
  const updated = await callStripe("cancel", ctx.orgId, (s) =>
    s.subscriptions.update(id, { cancel_at_period_end: true }),
  );
  // Stripe's answer, not the last sync's copy: a trial that just ended is billed already.
  const trial = isSignupTrial(state, updated.status);
  return change(
    ctx,
    "billing.subscription_cancelled",
    { subscription: id, trial },
    trial ? TRIAL_CANCELLED_MESSAGE : CANCELLED_MESSAGE,
  );
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
