import { z } from "zod";
import type { BillingOverviewDto } from "@/lib/billing/dto";
import { formatUsd } from "@/lib/billing/pricing";
import { SEATS_MESSAGE, seatsSchema } from "@/lib/billing/schemas";
import { formatDate, plural } from "@/lib/format";

// What the Billing & Subscription section says and offers, decided from the overview alone
// (pure, unit-tested). The server enforces the same rules; these only keep the buttons honest.

/** "November 30, 2026". UTC, so the server's render and the browser's agree. */
export function formatBillingDate(iso: string): string {
  return formatDate(iso, "longDate", "UTC");
}

/** "10 seats × $6 = $60 / month". */
export function seatsPriceLine(o: Pick<BillingOverviewDto, "seats" | "pricePerSeatUsd" | "monthlyTotalUsd">): string {
  return `${plural(o.seats, "seat")} × ${formatUsd(o.pricePerSeatUsd)} = ${formatUsd(o.monthlyTotalUsd)} / month`;
}

/** Seats used, 0..100, for the usage bar. */
export function seatsUsedPercent(users: number, seats: number): number {
  return Math.min(100, Math.round((users / Math.max(1, seats)) * 100));
}

/** The plan card's line under the status, or null. */
export function planDetail(o: BillingOverviewDto, now: Date): string | null {
  if (o.cancelAtPeriodEnd && o.currentPeriodEnd && !o.readOnly)
    return `Cancels on ${formatBillingDate(o.currentPeriodEnd)}`;
  if (o.status === "trialing" && o.trialEndDate) {
    return `${new Date(o.trialEndDate) <= now ? "Trial ended" : "Trial ends"} ${formatBillingDate(o.trialEndDate)}`;
  }
  if (o.status === "active" && o.currentPeriodEnd) return `Renews on ${formatBillingDate(o.currentPeriodEnd)}`;
  if (o.status === "past_due") return "The last payment failed. Update the card to keep the subscription.";
  if (o.readOnly) return "The workspace is read-only until a new subscription starts. Nothing was deleted.";
  return null;
}

export type BillingButtons = { start: boolean; cancel: boolean; resume: boolean; portal: boolean };

/** Which actions an admin is offered. None without Stripe configured or for a manager. */
export function billingButtons(o: BillingOverviewDto): BillingButtons {
  if (!o.configured || !o.canManage) return { start: false, cancel: false, resume: false, portal: false };
  const paying = o.status === "active" || o.status === "past_due";
  const live = o.hasSubscription && !o.readOnly;
  return {
    // A paid subscription that is not ending is the one thing the server refuses to start again.
    start: !(paying && live && !o.cancelAtPeriodEnd) && !(live && o.cancelAtPeriodEnd),
    cancel: live && !o.cancelAtPeriodEnd && (paying || o.status === "trialing"),
    resume: live && o.cancelAtPeriodEnd,
    portal: o.hasCustomer,
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

/** The checkout message once the billing state has changed (the webhook landed). A checkout early
 * in the trial keeps the trial: the subscription starts charging when it ends. */
export function checkoutDoneMessage(o: BillingOverviewDto): string {
  if (o.status === "trialing" && o.trialEndDate)
    return `Thanks! Your subscription is set up; the first payment is due when the trial ends on ${formatBillingDate(o.trialEndDate)}.`;
  return "Thanks! Your subscription is active.";
}

/** What the page watches after a successful checkout: it stops refreshing once this changes. */
export function billingSignature(o: BillingOverviewDto): string {
  return [o.status, o.cancelAtPeriodEnd, o.currentPeriodEnd, o.trialEndDate, o.hasSubscription].join("|");
}

/** The seats editor's rules as typed: the server's own seats rule on the number typed (the server
 * also refuses fewer seats than people, which only it knows for sure). */
export const seatsFormSchema = z.object({
  seats: z.string().trim().regex(/^\d+$/, SEATS_MESSAGE).transform(Number).pipe(seatsSchema),
});
