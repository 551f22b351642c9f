import { workspaceOrigin } from "@/lib/tenancy/site";

// Where every billing matter is dealt with: Settings > Billing & Subscription. One place for the
// address, used by the banner, the admins' notices and Stripe's return addresses.

/** Within the workspace (links, notification actions). */
export const BILLING_PATH = "/settings/billing";

/** The full address on a workspace, with an optional query (`?billing=success` from Checkout). */
export function billingSettingsUrl(subdomain: string, rootDomain: string, query = ""): string {
  return `${workspaceOrigin(subdomain, rootDomain)}${BILLING_PATH}${query}`;
}
