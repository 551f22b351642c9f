// The one place the price lives. The landing page, signup and billing all read it from here, so a
// price change is a one-line edit and no screen can show a figure the invoice will not match.
import { formatCurrency } from "@/lib/format";

/** Price per user (seat) per month, in whole US dollars, charged after the free trial. */
export const PRICE_PER_USER_USD = 6;

/** Length of the free trial every new workspace starts with (docs/decisions.md (Billing and seats)). */
export const TRIAL_DAYS = 7;

/** The monthly bill in US dollars for a number of users: users x PRICE_PER_USER_USD. */
export function monthlyTotal(users: number): number {
  if (!Number.isSafeInteger(users) || users < 0)
    throw new RangeError(`users must be a whole number of at least 0, got ${users}`);
  return users * PRICE_PER_USER_USD;
}

/** "$60" for 60: whole dollars, as every price on the site is. */
export function formatUsd(amount: number): string {
  return formatCurrency(amount, "USD");
}
