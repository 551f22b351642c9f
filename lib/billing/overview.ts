import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { withOrg, type Tx } from "@/lib/db/tenant";
import { billingEnabled } from "@/lib/billing/config";
import { PRICE_PER_USER_USD, monthlyTotal } from "@/lib/billing/pricing";
import { STATUS_LABEL, SUBSCRIBED_LABEL, isReadOnlyStatus } from "@/lib/billing/status";
import type { BillingOverviewDto } from "@/lib/billing/dto";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { notFound } from "@/lib/errors/domain-error";

// The Billing & Subscription section's state, read from the database only (the last sync's copy
// of Stripe): the settings page renders it and every billing action answers with it. Works on an
// installation without Stripe (configured: false): seats, price and users are still shown.

/** Subscription statuses that can still be cancelled or resumed (not ended). */
const ENDED: readonly SubscriptionStatus[] = ["canceled", "incomplete_expired"];

export async function billingOverviewIn(tx: Tx, ctx: AuthContext): Promise<BillingOverviewDto> {
  const [org, account, userCount] = await Promise.all([
    tx.organization.findUnique({
      where: { id: ctx.orgId },
      select: { subscriptionStatus: true, trialEndDate: true, maxUsers: true, pulseTimeZone: true },
    }),
    tx.billingAccount.findUnique({
      where: { organizationId: ctx.orgId },
      select: {
        stripeCustomerId: true,
        stripeSubscriptionId: true,
        paymentMethodId: true,
        currentPeriodEnd: true,
        cancelAtPeriodEnd: true,
        confirmedSubscriptionId: true,
        checkoutSessionId: true,
        checkoutExpiresAt: true,
      },
    }),
    tx.user.count({ where: { organizationId: ctx.orgId } }),
  ]);
  if (!org) throw notFound("Organisation");
  const configured = billingEnabled();
  const status = org.subscriptionStatus;
  const hasSubscription = configured && Boolean(account?.stripeSubscriptionId) && !ENDED.includes(status);
  const readOnly = isReadOnlyStatus(status);
  // Set up by the admin: a completed checkout made the current subscription, or it is already
  // paying (a signup's trial that went on to charge the card it was given).
  const subscribed =
    hasSubscription &&
    !readOnly &&
    (account?.confirmedSubscriptionId === account?.stripeSubscriptionId ||
      status === "active" ||
      status === "past_due");
  const checkoutOpenUntil =
    configured && account?.checkoutSessionId && account.checkoutExpiresAt && account.checkoutExpiresAt > new Date()
      ? account.checkoutExpiresAt.toISOString()
      : null;
  return {
    configured,
    status,
    statusLabel: subscribed && status === "trialing" ? SUBSCRIBED_LABEL : STATUS_LABEL[status],
    subscribed,
    checkoutOpenUntil: subscribed ? null : checkoutOpenUntil,
    timeZone: org.pulseTimeZone,
    trialEndDate: org.trialEndDate?.toISOString() ?? null,
    currentPeriodEnd: account?.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: hasSubscription && (account?.cancelAtPeriodEnd ?? false),
    readOnly,
    hasSubscription,
    hasCustomer: configured && Boolean(account?.stripeCustomerId),
    cardOnFile: hasSubscription && Boolean(account?.paymentMethodId),
    userCount,
    seats: org.maxUsers,
    pricePerSeatUsd: PRICE_PER_USER_USD,
    monthlyTotalUsd: monthlyTotal(org.maxUsers),
    canManage: can(ctx, "billing.manage"),
  };
}

/** What the Billing & Subscription section shows (billing.view: admins, managers read-only). */
export async function getBillingOverview(ctx: AuthContext): Promise<BillingOverviewDto> {
  requirePermission(ctx, "billing.view");
  return withOrg(ctx.orgId, (tx) => billingOverviewIn(tx, ctx));
}
