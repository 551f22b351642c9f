import { z } from "zod";
import type { BillingOverviewDto } from "@/lib/billing/dto";
import { formatUsd } from "@/lib/billing/pricing";
import { SEATS_MESSAGE, seatsSchema } from "@/lib/billing/schemas";
import { formatDate, plural } from "@/lib/format";

// What the Billing & Subscription section says and offers, decided from the overview alone
// (pure, unit-tested). The server enforces the same rules; these only keep the buttons honest.

/** "November 30, 2026", in the workspace's zone (the server's render and the browser's agree). */
export function formatBillingDate(iso: string, timeZone: string): string {
  return formatDate(iso, "longDate", timeZone);
}

/** "10 seats × $6 = $60 / month". */
export function seatsPriceLine(o: Pick<BillingOverviewDto, "seats" | "pricePerSeatUsd" | "monthlyTotalUsd">): string {
  return `${plural(o.seats, "seat")} × ${formatUsd(o.pricePerSeatUsd)} = ${formatUsd(o.monthlyTotalUsd)} / month`;
}

/** Seats used, 0..100, for the usage bar. */
export function seatsUsedPercent(users: number, seats: number): number {
  return Math.min(100, Math.round((users / Math.max(1, seats)) * 100));
}

/** The trial the signup made, not a subscription the admin set up: its subscription (if any)
 * is the signup's, which a checkout replaces. */
const signupTrial = (o: BillingOverviewDto) => o.status === "trialing" && !o.subscribed && !o.readOnly;

/** The signup's trial will charge the card on file when it ends: it can be cancelled. */
const chargesAtTrialEnd = (o: BillingOverviewDto): boolean =>
  signupTrial(o) && o.hasSubscription && o.cardOnFile && !o.cancelAtPeriodEnd;

/** The plan card's line under the status, or null. */
export function planDetail(o: BillingOverviewDto, now: Date): string | null {
  const day = (iso: string) => formatBillingDate(iso, o.timeZone);
  if (signupTrial(o) && o.trialEndDate && new Date(o.trialEndDate) > now) {
    if (chargesAtTrialEnd(o)) return `Your card on file will be charged on ${day(o.trialEndDate)} unless you cancel.`;
    if (o.hasSubscription && o.cancelAtPeriodEnd)
      return `Trial ends ${day(o.trialEndDate)}. Nothing will be charged; the workspace then becomes read-only until you subscribe.`;
  }
  if (o.cancelAtPeriodEnd && o.currentPeriodEnd && !o.readOnly) return `Cancels on ${day(o.currentPeriodEnd)}`;
  if (o.subscribed && o.status === "trialing" && o.trialEndDate) return `First charge on ${day(o.trialEndDate)}`;
  if (o.status === "trialing" && o.trialEndDate) {
    return `${new Date(o.trialEndDate) <= now ? "Trial ended" : "Trial ends"} ${day(o.trialEndDate)}`;
  }
  if (o.status === "active" && o.currentPeriodEnd) return `Renews on ${day(o.currentPeriodEnd)}`;
  if (o.status === "past_due") return "The last payment failed. Update the card to keep the subscription.";
  if (o.readOnly) return "The workspace is read-only until a new subscription starts. Nothing was deleted.";
  return null;
}

/** While a checkout started here is open: why 'Start Subscription' is not offered, or null. */
export function checkoutOpenNote(o: BillingOverviewDto): string | null {
  if (!o.checkoutOpenUntil || !o.canManage) return null;
  return `A checkout is open on the payment page. Finish it there, or use its Back link; otherwise you can start again after ${formatDate(o.checkoutOpenUntil, "time", o.timeZone)}.`;
}

export type BillingButtons = {
  start: boolean;
  cancel: boolean;
  cancelTrial: boolean;
  resume: boolean;
  portal: boolean;
};

/**
 * Which actions an admin is offered, from the state alone. None without Stripe or for a manager.
 * - trial, not subscribed: Start Subscription; and 'Cancel trial' while the signup's subscription
 *   will charge the card on file when the trial ends (no card: it pauses, nothing to cancel);
 * - trial cancelled: Start Subscription (a checkout replaces the signup's subscription) or Resume;
 * - subscribed (set up by checkout, or paying): Manage billing and Cancel, never a second checkout;
 * - cancelled but still running: Resume and Manage billing;
 * - ended (read-only): Start Subscription again, and Manage billing for the invoices;
 * - a checkout open at Stripe: no Start Subscription until it ends.
 */
export function billingButtons(o: BillingOverviewDto): BillingButtons {
  if (!o.configured || !o.canManage)
    return { start: false, cancel: false, cancelTrial: false, resume: false, portal: false };
  const live = o.hasSubscription && !o.readOnly;
  const ending = live && o.cancelAtPeriodEnd;
  const subscribed = o.subscribed && live;
  const trial = signupTrial(o);
  return {
    start: !subscribed && (!ending || trial) && !o.checkoutOpenUntil,
    cancel: subscribed && !o.cancelAtPeriodEnd,
    cancelTrial: chargesAtTrialEnd(o),
    resume: ending,
    portal: o.hasCustomer && (subscribed || (ending && !trial) || o.readOnly),
  };
}

export type CheckoutReturn = "success" | "cancelled";

/** The `?billing=` Stripe Checkout sends the admin back with; anything else is ignored. */
export function checkoutReturnOf(value: string | null): CheckoutReturn | null {
  return value === "success" || value === "cancelled" ? value : null;
}

export const CHECKOUT_MESSAGE: Record<CheckoutReturn, string> = {
  success:
    "Thanks! Your subscription is being activated. This page updates as soon as the payment provider confirms it.",
  cancelled: "Checkout was cancelled; nothing was charged.",
};

/** The checkout message once the subscription is set up. A checkout early in the trial keeps the
 * trial: the subscription starts charging when it ends. */
export function checkoutDoneMessage(o: BillingOverviewDto): string {
  if (o.status === "trialing" && o.trialEndDate)
    return `Thanks! Your subscription is set up; the first payment is due when the trial ends on ${formatBillingDate(o.trialEndDate, o.timeZone)}.`;
  return "Thanks! Your subscription is active.";
}

/** What the page watches after a successful checkout: it stops refreshing once this changes. */
export function billingSignature(o: BillingOverviewDto): string {
  return [o.status, o.subscribed, o.cancelAtPeriodEnd, o.currentPeriodEnd, o.trialEndDate, o.hasSubscription].join("|");
}

/** The seats editor's rules as typed: the server's own seats rule on the number typed (the server
 * also refuses fewer seats than people, which only it knows for sure). */
export const seatsFormSchema = z.object({
  seats: z.string().trim().regex(/^\d+$/, SEATS_MESSAGE).transform(Number).pipe(seatsSchema),
});
