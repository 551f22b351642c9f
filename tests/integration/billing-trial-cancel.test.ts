// 'Cancel trial', against real PostgreSQL and the real `stripe` library talking to the local
// stand-in: the signup's trialing subscription, which would charge the card given at signup when the
// trial ends, is cancelled at the period's end through the cancel route; the page then says the
// trial ends without a charge and still offers a subscription. Nothing live: a clear refusal.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { currentSession } from "@/lib/auth/current-session";
import { provisionBilling } from "@/lib/billing/provisioning";
import { getBillingOverview } from "@/lib/billing/overview";
import { syncOrgBilling } from "@/lib/billing/sync";
import { cancelSubscription, startCheckout } from "@/lib/billing/subscription";
import { confirmCheckoutReturn } from "@/lib/billing/checkout";
import type { BillingChangeDto } from "@/lib/billing/dto";
import { billingButtons, planDetail } from "@/components/billing/billing-view";
import { DomainError } from "@/lib/errors/domain-error";
import { POST as cancel } from "@/app/api/billing/cancel/route";
import { POST as resume } from "@/app/api/billing/resume/route";
import { createOrg, createUser } from "../support/factories";
import { withStripeStandin } from "../support/stripe-env";
import { statusOf } from "../support/status";

const standin = withStripeStandin();

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A workspace as after signup: in trial (10 days left, Tokyo time), provisioned with or without
 * the signup's card. */
async function workspace(opts: { card: boolean; provision?: boolean }) {
  const { orgId, subdomain } = await createOrg({ maxUsers: 5 });
  const trialEndDate = new Date(Date.now() + 10 * DAY_MS);
  await withOrg(orgId, async (tx) => {
    await tx.organization.update({
      where: { id: orgId },
      data: { trialEndDate, subscriptionStatus: "trialing", pulseTimeZone: "Asia/Tokyo" },
    });
    // Stripe's test card alias, as the signup's confirmed SetupIntent leaves it.
    await tx.billingAccount.create({
      data: { organizationId: orgId, ...(opts.card ? { paymentMethodId: "pm_card_visa" } : {}) },
    });
  });
  const user = await createUser(orgId, { role: "admin" });
  const admin: AuthContext = { orgId, userId: user.id, role: "admin", sessionId: randomUUID() };
  if (opts.provision !== false) await provisionBilling(orgId);
  return { orgId, subdomain, admin, trialEndDate };
}

function post(handler: typeof cancel, w: { subdomain: string; orgId: string; admin: AuthContext }) {
  signedIn.mockResolvedValue({ ctx: w.admin, user: { id: w.admin.userId, role: w.admin.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const req = new NextRequest(`http://${w.subdomain}.localhost:3000/api/billing/cancel`, {
    method: "POST",
    body: JSON.stringify({ organizationId: w.orgId }),
    headers: { "content-type": "application/json" },
  });
  return handler(req, { params: Promise.resolve({}) });
}

const account = (orgId: string) =>
  withOrg(orgId, (tx) => tx.billingAccount.findUniqueOrThrow({ where: { organizationId: orgId } }));
const tokyoDay = (d: Date) => new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Tokyo", dateStyle: "long" }).format(d);

describe("cancel trial", () => {
  it("cancels the signup's subscription at the trial's end: no charge said or made, Start Subscription and Resume offered", async () => {
    const w = await workspace({ card: true });
    const subId = (await account(w.orgId)).stripeSubscriptionId!;
    expect(standin().state().subscriptions[subId]).toMatchObject({ status: "trialing", cancel_at_period_end: false });

    const before = await getBillingOverview(w.admin);
    expect(before).toMatchObject({ cardOnFile: true, subscribed: false, cancelAtPeriodEnd: false });
    expect(planDetail(before, new Date())).toBe(
      `Your card on file will be charged on ${tokyoDay(w.trialEndDate)} unless you cancel.`,
    );
    expect(billingButtons(before)).toEqual({
      start: true,
      cancel: false,
      cancelTrial: true,
      resume: false,
      portal: false,
    });

    const res = await post(cancel, w);
    expect(res.status).toBe(200);
    const body = (await res.json()) as BillingChangeDto;
    expect(body.message).toMatch(/^Your trial continues until it ends; your card will not be charged\./);
    // The same signup subscription, still trialing, set to end with the trial.
    expect(standin().state().subscriptions[subId]).toMatchObject({ status: "trialing", cancel_at_period_end: true });
    expect(await account(w.orgId)).toMatchObject({ stripeSubscriptionId: subId, cancelAtPeriodEnd: true });

    const after = await getBillingOverview(w.admin);
    expect(after).toMatchObject({ status: "trialing", statusLabel: "Free Trial", cancelAtPeriodEnd: true });
    expect(planDetail(after, new Date())).toBe(
      `Trial ends ${tokyoDay(w.trialEndDate)}. Nothing will be charged; the workspace then becomes read-only until you subscribe.`,
    );
    expect(billingButtons(after)).toEqual({
      start: true,
      cancel: false,
      cancelTrial: false,
      resume: true,
      portal: false,
    });
    expect(body.billing).toEqual(after);

    // The existing Resume undoes it on the trialing subscription: the charge is said again.
    expect((await post(resume, w)).status).toBe(200);
    expect(standin().state().subscriptions[subId]!.cancel_at_period_end).toBe(false);
    expect(billingButtons(await getBillingOverview(w.admin)).cancelTrial).toBe(true);
  });

  it("a cancelled trial can still subscribe: the checkout replaces the signup's subscription", async () => {
    const w = await workspace({ card: true });
    const subId = (await account(w.orgId)).stripeSubscriptionId!;
    await cancelSubscription(w.admin);
    const { checkoutUrl } = await startCheckout(w.admin);
    const sessionId = checkoutUrl.split("/").at(-1)!;
    standin().completeCheckout(sessionId);
    await confirmCheckoutReturn(w.admin, sessionId);
    const o = await getBillingOverview(w.admin);
    expect(o).toMatchObject({ subscribed: true, statusLabel: "Subscribed", cancelAtPeriodEnd: false });
    expect(standin().state().subscriptions[subId]!.status).toBe("canceled");
    expect((await account(w.orgId)).stripeSubscriptionId).not.toBe(subId);
  });

  it("at the trial's end the cancelled trial charges nothing and the workspace becomes read-only", async () => {
    const w = await workspace({ card: true });
    const subId = (await account(w.orgId)).stripeSubscriptionId!;
    await cancelSubscription(w.admin);
    const invoices = Object.keys(standin().state().invoices).length;
    standin().endPeriod(subId);
    await syncOrgBilling(w.orgId);
    const o = await getBillingOverview(w.admin);
    expect(o).toMatchObject({ status: "canceled", readOnly: true });
    expect(Object.keys(standin().state().invoices).length).toBe(invoices);
    expect(billingButtons(o).start).toBe(true);
  });

  it("without a card on file nothing is said about a charge and no cancel is offered", async () => {
    const w = await workspace({ card: false });
    const o = await getBillingOverview(w.admin);
    expect(o).toMatchObject({ hasSubscription: true, cardOnFile: false });
    expect(planDetail(o, new Date())).toBe(`Trial ends ${tokyoDay(w.trialEndDate)}`);
    expect(billingButtons(o)).toMatchObject({ start: true, cancel: false, cancelTrial: false });
  });

  it("with nothing live (no signup subscription): 409 no_subscription, nothing changed", async () => {
    const w = await workspace({ card: true, provision: false });
    const o = await getBillingOverview(w.admin);
    expect(o).toMatchObject({ hasSubscription: false, cardOnFile: false });
    expect(billingButtons(o).cancelTrial).toBe(false);
    const res = await post(cancel, w);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "no_subscription",
      error: expect.stringContaining("no subscription"),
    });
    const err = await cancelSubscription(w.admin).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(statusOf(err as DomainError)).toBe(409);
    expect(await account(w.orgId)).toMatchObject({ cancelAtPeriodEnd: false, stripeSubscriptionId: null });
  });
});
