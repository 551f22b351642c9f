import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";

// What the Billing & Subscription section shows and the billing routes answer (client-safe).

export type BillingOverviewDto = {
  /** Stripe is configured on this installation; false: the section says billing is not configured. */
  configured: boolean;
  status: SubscriptionStatus;
  /** STATUS_LABEL[status] ('Free Trial' while trialing), 'Subscribed' for a trial a checkout set up. */
  statusLabel: string;
  /** The admin has subscribed: a completed checkout set up the current subscription, or it is
   * paying. Cancel and the customer portal are offered; another checkout is not. */
  subscribed: boolean;
  /** ISO date-time until which a checkout started here stays open at Stripe (no second one meanwhile). */
  checkoutOpenUntil: string | null;
  /** The workspace's zone (IANA), in which the page gives its dates. */
  timeZone: string;
  /** ISO date-times. */
  trialEndDate: string | null;
  currentPeriodEnd: string | null;
  /** Cancelled, still running until currentPeriodEnd (Resume is offered). */
  cancelAtPeriodEnd: boolean;
  /** isReadOnlyStatus(status): nothing can be sent, added or changed until a new subscription. */
  readOnly: boolean;
  /** A Stripe subscription exists that can be cancelled or resumed. */
  hasSubscription: boolean;
  /** A Stripe customer exists: 'Manage billing' (the customer portal) is offered. */
  hasCustomer: boolean;
  /** The card given at signup is on file as the subscription's payment method: a trial not
   * cancelled charges it when it ends (without one the subscription pauses instead). */
  cardOnFile: boolean;
  userCount: number;
  /** = Organization.maxUsers. */
  seats: number;
  pricePerSeatUsd: number;
  /** seats x pricePerSeatUsd. */
  monthlyTotalUsd: number;
  /** billing.manage: may subscribe, cancel, resume, change seats, open the portal. */
  canManage: boolean;
};

/** POST /api/billing/upgrade */
export type CheckoutDto = { checkoutUrl: string };
/** POST /api/billing/portal */
export type PortalDto = { url: string };
/** POST /api/billing/cancel, POST /api/billing/resume, PUT /api/billing/seats */
export type BillingChangeDto = { message: string; billing: BillingOverviewDto };
/** POST /api/signup/setup-intent */
export type SetupIntentDto = { clientSecret: string };
/** What the signup page needs to take a card; null when Stripe is not configured. */
export type SignupPaymentConfig = { publishableKey: string; testMode: boolean; jsUrl: string | null };
