// The end of a hosted checkout, against real PostgreSQL and the real `stripe` library talking to
// the local stand-in: the admin's return (with the session id) and Stripe's webhook settle the same
// checkout in any order, any number of times, and together make one subscription, one confirmation
// e-mail and the state the billing page shows; a second checkout is refused while one is open or
// once the subscription is set up.
import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { provisionBilling } from "@/lib/billing/provisioning";
import { getBillingOverview } from "@/lib/billing/overview";
import { startCheckout } from "@/lib/billing/subscription";
import { confirmCheckoutReturn, releaseCheckout } from "@/lib/billing/checkout";
import { receiveWebhook } from "@/lib/billing/webhook";
import { processBillingEvent } from "@/lib/billing/events";
import { billingButtons } from "@/components/billing/billing-view";
import { DomainError } from "@/lib/errors/domain-error";
import { createOrg, ctxFor } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { signedEvent, withStripeStandin } from "../support/stripe-env";
import { statusOf } from "../support/status";

const standin = withStripeStandin();
const owner = ownerClient();
const DAY_MS = 24 * 60 * 60 * 1000;

/** A provisioned workspace as after signup: in trial (10 days left), its signup subscription at Stripe. */
async function workspace(timeZone = "UTC") {
  const { orgId } = await createOrg({ maxUsers: 5 });
  await withOrg(orgId, async (tx) => {
    await tx.organization.update({
      where: { id: orgId },
      data: {
        trialEndDate: new Date(Date.now() + 10 * DAY_MS),
        subscriptionStatus: "trialing",
        pulseTimeZone: timeZone,
      },
    });
    await tx.billingAccount.create({ data: { organizationId: orgId } });
  });
  const admin = await ctxFor(orgId, "admin", { firstName: "Nia" });
  await provisionBilling(orgId);
  return { orgId, admin };
}

const sessionIdOf = (checkoutUrl: string) => checkoutUrl.split("/").at(-1)!;

async function refusal(p: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return { status: statusOf(err), code: err.code };
}

const confirmationMails = async (orgId: string) =>
  (
    await owner().query<{ to: string; subject: string; text: string; html: string | null; ref: string | null }>(
      `SELECT "to", subject, text, html, ref FROM "MailMessage" WHERE "organizationId" = $1 AND kind = 'billing_subscription_confirmed'`,
      [orgId],
    )
  ).rows;

/** Stripe's webhook for the completed session: delivered (signed) and its job run, as the worker does. */
async function webhookFor(orgId: string, sessionId: string): Promise<void> {
  const event = standin()
    .events()
    .filter((e) => e.type === "checkout.session.completed" && (e.data.object as { id?: string }).id === sessionId)
    .at(-1);
  if (!event) throw new Error(`no checkout.session.completed for ${sessionId}`);
  const { raw, signature } = signedEvent(event);
  await receiveWebhook(raw, signature);
  await processBillingEvent(orgId, event.id);
}

const buttonsOf = async (ctx: AuthContext) => billingButtons(await getBillingOverview(ctx));

describe("checkout: return and webhook", () => {
  it("before: the trial offers Start Subscription only; after the return: 'Subscribed', the first charge, one e-mail", async () => {
    const w = await workspace("America/New_York");
    const before = await getBillingOverview(w.admin);
    expect(before).toMatchObject({ statusLabel: "Free Trial", subscribed: false, checkoutOpenUntil: null });
    expect(billingButtons(before)).toEqual({
      start: true,
      cancel: false,
      cancelTrial: false,
      resume: false,
      portal: false,
    });

    const { checkoutUrl } = await startCheckout(w.admin);
    const sessionId = sessionIdOf(checkoutUrl);
    const session = standin().state().checkoutSessions[sessionId]!;
    expect(session.success_url).toMatch(/\?billing=success&session_id=\{CHECKOUT_SESSION_ID\}$/);
    // Open at Stripe: nothing offered, and the note says until when.
    const open = await getBillingOverview(w.admin);
    expect(open.checkoutOpenUntil).not.toBeNull();
    expect(billingButtons(open).start).toBe(false);

    standin().completeCheckout(sessionId);
    await confirmCheckoutReturn(w.admin, sessionId);

    const after = await getBillingOverview(w.admin);
    expect(after).toMatchObject({
      status: "trialing",
      statusLabel: "Subscribed",
      subscribed: true,
      checkoutOpenUntil: null,
    });
    expect(billingButtons(after)).toEqual({
      start: false,
      cancel: true,
      cancelTrial: false,
      resume: false,
      portal: true,
    });
    const mails = await confirmationMails(w.orgId);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/subscription for .* is set up$/);
    expect(mails[0]!.text).toContain("5 seats × $6 = $30 / month");
    expect(mails[0]!.text).toMatch(/The first charge is on \w+ \d{1,2}, \d{4}, when the free trial ends\./);
    expect(mails[0]!.html).toContain("is set up");
    // Only the checkout's subscription is live: the signup's trial was replaced, never billed twice.
    const customer = session.customer!;
    const live = Object.values(standin().state().subscriptions).filter(
      (s) => s.customer === customer && s.status !== "canceled",
    );
    expect(live.map((s) => s.id)).toEqual([mails[0]!.ref]);
  });

  it("the webhook after the return, the return again and the webhook replayed: still one e-mail", async () => {
    const w = await workspace();
    const sessionId = sessionIdOf((await startCheckout(w.admin)).checkoutUrl);
    standin().completeCheckout(sessionId);
    await confirmCheckoutReturn(w.admin, sessionId);
    await webhookFor(w.orgId, sessionId);
    await confirmCheckoutReturn(w.admin, sessionId);
    await webhookFor(w.orgId, sessionId);
    expect(await confirmationMails(w.orgId)).toHaveLength(1);
    expect((await getBillingOverview(w.admin)).statusLabel).toBe("Subscribed");
  });

  it("the webhook first, or both at once: one e-mail, the same state", async () => {
    for (const order of ["webhook-first", "together"] as const) {
      const w = await workspace();
      const sessionId = sessionIdOf((await startCheckout(w.admin)).checkoutUrl);
      standin().completeCheckout(sessionId);
      if (order === "webhook-first") {
        await webhookFor(w.orgId, sessionId);
        await confirmCheckoutReturn(w.admin, sessionId);
      } else {
        await Promise.all([webhookFor(w.orgId, sessionId), confirmCheckoutReturn(w.admin, sessionId)]);
      }
      expect(await confirmationMails(w.orgId), order).toHaveLength(1);
      expect(await getBillingOverview(w.admin), order).toMatchObject({ statusLabel: "Subscribed", subscribed: true });
    }
  });

  it("a return naming another workspace's session changes nothing here", async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const sessionId = sessionIdOf((await startCheckout(theirs.admin)).checkoutUrl);
    standin().completeCheckout(sessionId);
    await confirmCheckoutReturn(mine.admin, sessionId);
    expect(await getBillingOverview(mine.admin)).toMatchObject({ statusLabel: "Free Trial", subscribed: false });
    expect(await confirmationMails(mine.orgId)).toHaveLength(0);
    expect(await confirmationMails(theirs.orgId)).toHaveLength(0);
  });
});

describe("checkout: a second one is refused", () => {
  it("while one is open (a double press): 409 checkout_in_progress, one session at Stripe", async () => {
    const w = await workspace();
    const sessionsBefore = Object.keys(standin().state().checkoutSessions).length;
    const results = await Promise.allSettled([startCheckout(w.admin), startCheckout(w.admin)]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(await refusal(Promise.reject(rejected!.reason as unknown))).toEqual({
      status: 409,
      code: "checkout_in_progress",
    });
    expect(Object.keys(standin().state().checkoutSessions)).toHaveLength(sessionsBefore + 1);
  });

  it("once the subscription is set up: 409 subscription_set_up, even before the return or the webhook", async () => {
    const w = await workspace();
    const sessionId = sessionIdOf((await startCheckout(w.admin)).checkoutUrl);
    standin().completeCheckout(sessionId);
    // Paid at Stripe, nothing settled here yet: the refusal settles it.
    expect(await refusal(startCheckout(w.admin))).toEqual({ status: 409, code: "subscription_set_up" });
    expect((await getBillingOverview(w.admin)).statusLabel).toBe("Subscribed");
    expect(await refusal(startCheckout(w.admin))).toEqual({ status: 409, code: "subscription_set_up" });
    expect(await confirmationMails(w.orgId)).toHaveLength(1);
  });

  it("the checkout's Back link expires it, and Start Subscription is offered again", async () => {
    const w = await workspace();
    const first = sessionIdOf((await startCheckout(w.admin)).checkoutUrl);
    // A Back link without its ref, or with another's, gives nothing up (a link crafted elsewhere).
    await releaseCheckout(w.admin, undefined);
    await releaseCheckout(w.admin, "forged");
    expect(standin().state().checkoutSessions[first]!.status).toBe("open");
    const back = new URL(standin().state().checkoutSessions[first]!.cancel_url!);
    await releaseCheckout(w.admin, back.searchParams.get("ref"));
    expect(standin().state().checkoutSessions[first]!.status).toBe("expired");
    const overview = await getBillingOverview(w.admin);
    expect(overview.checkoutOpenUntil).toBeNull();
    expect((await buttonsOf(w.admin)).start).toBe(true);
    const second = sessionIdOf((await startCheckout(w.admin)).checkoutUrl);
    expect(second).not.toBe(first);
  });
});
