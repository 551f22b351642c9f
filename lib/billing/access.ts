import "server-only";
import { withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { can } from "@/lib/auth/permissions";
import { verificationBannerFor, type VerificationBannerDto } from "@/lib/org/email-verification";
import type { SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { conflict } from "@/lib/errors/domain-error";
import { isReadOnlyStatus, READ_ONLY_MESSAGE } from "@/lib/billing/status";

// What each subscription status allows (docs/decisions.md (Billing and seats)). A workspace whose
// subscription ended (canceled, unpaid, incomplete_expired, paused) is read-only: nothing is sent,
// added or changed, while reading, exporting, deleting, billing, sign-in and answering an already
// open survey keep working. Requests are refused by each route's and action's declared ReadOnlyRule
// (below); jobs (survey rounds, scheduled surveys, 1:1 reminders) ask isReadOnly themselves.
// Trialing, active, past_due and incomplete allow everything.

/** The organisation's subscription status, read in the caller's transaction. */
async function subscriptionStatusOf(tx: Tx, orgId: string): Promise<SubscriptionStatus | null> {
  const org = await tx.organization.findUnique({ where: { id: orgId }, select: { subscriptionStatus: true } });
  return org?.subscriptionStatus ?? null;
}

/** True when the organisation may not send or add anything now. */
export async function isReadOnly(tx: Tx, orgId: string): Promise<boolean> {
  const status = await subscriptionStatusOf(tx, orgId);
  return status !== null && isReadOnlyStatus(status);
}

/** Refuses (409 workspace_read_only) when the organisation's subscription has ended. Call it in
 * the transaction that sends or adds, before anything is written. */
export async function assertWritable(tx: Tx, orgId: string): Promise<void> {
  if (await isReadOnly(tx, orgId)) throw conflict("workspace_read_only", READ_ONLY_MESSAGE);
}

/**
 * What a route method or server action does in a read-only workspace, declared on every one that
 * may change anything (apiRoute and formAction, `readOnly`), so the rule lives in one place rather
 * than in each domain function that happens to remember it:
 * - "allow": it runs as always (reading, exporting, deleting, billing, signing in and out, the
 *   vault and one's own account, answering an already open survey, dismissing, marking read);
 * - "refuse": 409 workspace_read_only before its input is even read (it adds, changes or sends).
 * CONTRIBUTING.md (Read-only workspaces) has the table of which family is which.
 */
export type ReadOnlyRule = "allow" | "refuse";

/** The wrappers' check for a "refuse" route or action, in its own short transaction before the
 * input is read. The domain functions that send or add keep their own assertWritable in the
 * writing transaction too: jobs reach them without a wrapper, and a subscription that ends
 * between this check and the write is caught there. */
export async function refuseWhenReadOnly(orgId: string): Promise<void> {
  await withOrg(orgId, (tx) => assertWritable(tx, orgId));
}

/** What the app shell's subscription banner shows; null when there is nothing to say. */
export type SubscriptionBannerDto = { kind: "read_only"; canManage: boolean } | { kind: "past_due" };

/** Read-only: everyone sees it (admins get a link to subscribe). Past due: admins only. */
export function subscriptionBannerFor(status: SubscriptionStatus, canManage: boolean): SubscriptionBannerDto | null {
  if (isReadOnlyStatus(status)) return { kind: "read_only", canManage };
  if (status === "past_due" && canManage) return { kind: "past_due" };
  return null;
}

/** Both banners of the app shell from one read of the organisation row (every signed-in page). */
export async function getShellBanners(
  ctx: AuthContext,
): Promise<{ verification: VerificationBannerDto | null; subscription: SubscriptionBannerDto | null }> {
  const org = await withOrg(ctx.orgId, (tx) =>
    tx.organization.findUnique({
      where: { id: ctx.orgId },
      select: { emailVerifiedAt: true, verificationEmail: true, subscriptionStatus: true },
    }),
  );
  if (!org) return { verification: null, subscription: null };
  return {
    verification: verificationBannerFor(ctx, org),
    subscription: subscriptionBannerFor(org.subscriptionStatus, can(ctx, "billing.manage")),
  };
}
