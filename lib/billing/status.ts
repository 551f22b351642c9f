import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";

// What each subscription status allows (docs/decisions.md (Billing and seats)). Client-safe: the
// banners and the settings page read the same rules the server enforces.

/** A subscription that ended unpaid: the workspace is read-only (nothing sent or added, nothing
 * deleted, everything readable and exportable) until it subscribes again. */
export const READ_ONLY_STATUSES: readonly SubscriptionStatus[] = ["canceled", "unpaid", "incomplete_expired", "paused"];

/** A subscription that still bills (or may again): preferred over ended ones as "the" subscription,
 * and the one that can be cancelled, resumed or given seats. */
const LIVE_STATUSES: readonly SubscriptionStatus[] = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
];

/** Takes Stripe's status strings too. */
export const isLiveStatus = (status: string): boolean => (LIVE_STATUSES as readonly string[]).includes(status);

export const isReadOnlyStatus = (status: SubscriptionStatus): boolean => READ_ONLY_STATUSES.includes(status);

/** The plan card's name for each status (trialing shows 'Free Trial'). */
export const STATUS_LABEL: Record<SubscriptionStatus, string> = {
  trialing: "Free Trial",
  active: "Active",
  past_due: "Past due",
  canceled: "Cancelled",
  incomplete: "Incomplete",
  unpaid: "Unpaid",
  incomplete_expired: "Expired",
  paused: "Paused",
};

/** The plan card's name for a trial whose subscription a checkout has set up (it charges when
 * the trial ends): the admin has subscribed, the trial is not all there is. */
export const SUBSCRIBED_LABEL = "Subscribed";

/** Shown to every role (employees reach it from 1:1s and Boss Bot too), so it names no page only admins can open; admins also get the banner's Subscribe link. */
export const READ_ONLY_MESSAGE =
  "This workspace is read-only because its subscription has ended. An admin of your organisation can subscribe again.";
