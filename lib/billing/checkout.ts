import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import type Stripe from "stripe";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { rolesWith } from "@/lib/auth/permissions";
import { withOrg } from "@/lib/db/tenant";
import { env } from "@/lib/config/env";
import { billingEnabled } from "@/lib/billing/config";
import { stripe } from "@/lib/billing/stripe-client";
import { currentSubscription, syncOrgBilling } from "@/lib/billing/sync";
import { isLiveStatus } from "@/lib/billing/status";
import { billingSettingsUrl } from "@/lib/billing/urls";
import { PRICE_PER_USER_USD, formatUsd, monthlyTotal } from "@/lib/billing/pricing";
import { enqueueMail } from "@/lib/mail/outbox";
import { mailBrand } from "@/lib/mail/brand";
import { subscriptionConfirmedMail } from "@/lib/mail/templates/subscription-confirmed";
import { formatDate, plural } from "@/lib/format";
import { log } from "@/lib/log/logger";

// The end of a hosted checkout, reached two ways that may race: the admin's browser coming back
// (the return address carries the session id, so the page need not wait for the webhook) and
// Stripe's checkout.session.completed webhook. Both ask Stripe for the session and run
// settleCheckout; the confirmation e-mail is claimed by a conditional update of the billing row, so
// whichever comes second (or a replay) sends nothing.

/** Stripe's checkout session ids; anything else in the return address is ignored. */
export const checkoutSessionIdSchema = z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/);

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

/** The customer's subscription that a completed session set up, or null. */
function sessionSubscription(session: Stripe.Checkout.Session): string | null {
  return session.status === "complete" ? idOf(session.subscription) : null;
}

/**
 * Makes a completed checkout the workspace's subscription: the customer's other live subscriptions
 * (the signup's trial) are cancelled at once so the workspace is never billed twice, Stripe's state
 * is copied, and the admins get the confirmation e-mail once. Returns whether the session was
 * complete and the workspace's. A later checkout wins over an older one.
 */
export async function settleCheckout(orgId: string, session: Stripe.Checkout.Session): Promise<boolean> {
  const kept = sessionSubscription(session);
  const customer = idOf(session.customer);
  if (!kept || !customer) return false;
  const stored = await withOrg(orgId, (tx) =>
    tx.billingAccount.findUnique({ where: { organizationId: orgId }, select: { stripeCustomerId: true } }),
  );
  // A session of another customer is not this workspace's, whoever's id was in the address.
  if (stored?.stripeCustomerId !== customer) return false;
  const client = stripe();
  const subs = (await client.subscriptions.list({ customer, status: "all", limit: 100 })).data;
  if (currentSubscription(subs)?.id !== kept) return false;
  for (const sub of subs) {
    if (sub.id !== kept && isLiveStatus(sub.status))
      await client.subscriptions.cancel(sub.id, {}, { idempotencyKey: `replace-${sub.id}-${kept}` });
  }
  await syncOrgBilling(orgId);
  await withOrg(orgId, async (tx) => {
    const claimed = await tx.billingAccount.updateMany({
      where: {
        organizationId: orgId,
        stripeSubscriptionId: kept,
        OR: [{ confirmedSubscriptionId: null }, { confirmedSubscriptionId: { not: kept } }],
      },
      data: { confirmedSubscriptionId: kept, checkoutSessionId: null, checkoutExpiresAt: null },
    });
    if (claimed.count === 0) return;
    const org = await tx.organization.findUniqueOrThrow({
      where: { id: orgId },
      select: {
        subdomain: true,
        maxUsers: true,
        trialEndDate: true,
        subscriptionStatus: true,
        pulseTimeZone: true,
      },
    });
    const admins = await tx.user.findMany({
      where: { organizationId: orgId, role: { in: rolesWith("billing.manage") } },
      select: { email: true, firstName: true },
      orderBy: { id: "asc" },
    });
    const brand = await mailBrand(tx, orgId);
    const props = {
      brand,
      product: env().PRODUCT_NAME,
      plan: `${plural(org.maxUsers, "seat")} × ${formatUsd(PRICE_PER_USER_USD)} = ${formatUsd(monthlyTotal(org.maxUsers))} / month`,
      firstChargeDay:
        org.subscriptionStatus === "trialing" && org.trialEndDate
          ? formatDate(org.trialEndDate, "longDate", org.pulseTimeZone)
          : null,
      link: billingSettingsUrl(org.subdomain, env().rootDomain),
    };
    for (const admin of admins) {
      const mail = await subscriptionConfirmedMail({ ...props, firstName: admin.firstName });
      await enqueueMail(tx, orgId, { ...mail, to: admin.email, kind: "billing_subscription_confirmed", ref: kept });
    }
  });
  return true;
}

/** Reads a session at Stripe; null when Stripe does not know it or cannot be reached (logged). */
async function retrieveSession(orgId: string, sessionId: string): Promise<Stripe.Checkout.Session | null> {
  try {
    return await stripe().checkout.sessions.retrieve(sessionId);
  } catch (err) {
    log.warn("billing.checkout_retrieve_failed", { orgId, sessionId, err });
    return null;
  }
}

/**
 * The admin is back from a paid checkout (`?billing=success&session_id=...`): the session is read
 * from Stripe and settled now. Never fails the page: if Stripe cannot be reached, the webhook
 * settles it and the page's own refresh shows it.
 */
export async function confirmCheckoutReturn(ctx: AuthContext, sessionId: string): Promise<void> {
  requirePermission(ctx, "billing.manage");
  if (!billingEnabled()) return;
  const session = await retrieveSession(ctx.orgId, sessionId);
  // client_reference_id is the workspace the session was made for (startCheckout).
  if (!session || session.client_reference_id !== ctx.orgId) return;
  try {
    await settleCheckout(ctx.orgId, session);
  } catch (err) {
    log.warn("billing.checkout_return_failed", { orgId: ctx.orgId, sessionId, err });
  }
}

/**
 * What the checkout's Back link carries (`&ref=`): a keyed hash of the workspace and the open
 * checkout's expiry. Opening the billing page acts on the Back link, so a link crafted elsewhere
 * (or a return address after sign-in) must not be able to give up an admin's open checkout.
 */
export function checkoutBackRef(orgId: string, expiresAt: Date): string {
  return createHmac("sha256", env().AUTH_SECRET)
    .update(`checkout-back:${orgId}:${expiresAt.toISOString()}`)
    .digest("base64url");
}

function isBackRefOf(orgId: string, expiresAt: Date | null | undefined, ref: unknown): boolean {
  if (!expiresAt || typeof ref !== "string") return false;
  const want = Buffer.from(checkoutBackRef(orgId, expiresAt));
  const got = Buffer.from(ref);
  return got.length === want.length && timingSafeEqual(got, want);
}

/**
 * The admin came back through the checkout's Back link (`?billing=cancelled&ref=`): the open
 * session is expired at Stripe and forgotten here, so 'Start Subscription' is offered again at once
 * instead of after the session's expiry. A session that was paid after all is settled instead. A
 * missing or foreign `ref` changes nothing.
 */
export async function releaseCheckout(ctx: AuthContext, ref: unknown): Promise<void> {
  requirePermission(ctx, "billing.manage");
  if (!billingEnabled()) return;
  const account = await withOrg(ctx.orgId, (tx) =>
    tx.billingAccount.findUnique({
      where: { organizationId: ctx.orgId },
      select: { checkoutSessionId: true, checkoutExpiresAt: true },
    }),
  );
  const sessionId = account?.checkoutSessionId;
  if (!sessionId || !isBackRefOf(ctx.orgId, account.checkoutExpiresAt, ref)) return;
  const session = await retrieveSession(ctx.orgId, sessionId);
  if (!session) return;
  try {
    if (session.status === "complete") {
      await settleCheckout(ctx.orgId, session);
      return;
    }
    if (session.status === "open") await stripe().checkout.sessions.expire(sessionId);
    await withOrg(ctx.orgId, (tx) =>
      tx.billingAccount.updateMany({
        where: { organizationId: ctx.orgId, checkoutSessionId: sessionId },
        data: { checkoutSessionId: null, checkoutExpiresAt: null },
      }),
    );
  } catch (err) {
    log.warn("billing.checkout_release_failed", { orgId: ctx.orgId, sessionId, err });
  }
}
