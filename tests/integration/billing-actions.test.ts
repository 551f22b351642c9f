// The admin's billing actions through their routes, against real PostgreSQL and the
// real `stripe` library talking to the local stand-in: checkout, cancel, resume, portal and seats,
// who may call them, and that a foreign workspace id never reaches anything.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { currentSession } from "@/lib/auth/current-session";
import { provisionBilling } from "@/lib/billing/provisioning";
import { getBillingOverview } from "@/lib/billing/overview";
import { syncOrgBilling } from "@/lib/billing/sync";
import type { BillingChangeDto, CheckoutDto, PortalDto } from "@/lib/billing/dto";
import { POST as upgrade } from "@/app/api/billing/upgrade/route";
import { POST as cancel } from "@/app/api/billing/cancel/route";
import { POST as resume } from "@/app/api/billing/resume/route";
import { POST as portal } from "@/app/api/billing/portal/route";
import { PUT as seatsRoute } from "@/app/api/billing/seats/route";
import { createOrg, createUser } from "../support/factories";
import { withStripeStandin } from "../support/stripe-env";

const standin = withStripeStandin();

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

const ctxOf = (orgId: string, userId: string, role: Role): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});
const DAY_MS = 24 * 60 * 60 * 1000;

type Workspace = Awaited<ReturnType<typeof workspace>>;

/** A provisioned workspace (as after signup): 3 people, 5 seats, a trialing subscription. */
async function workspace(opts: { provision?: boolean } = {}) {
  const { orgId, subdomain } = await createOrg({ maxUsers: 5 });
  await withOrg(orgId, async (tx) => {
    await tx.organization.update({
      where: { id: orgId },
      data: { trialEndDate: new Date(Date.now() + 7 * DAY_MS), subscriptionStatus: "trialing" },
    });
    await tx.billingAccount.create({ data: { organizationId: orgId } });
  });
  const admin = await createUser(orgId, { role: "admin" });
  const manager = await createUser(orgId, { role: "manager" });
  const employee = await createUser(orgId, { role: "employee" });
  if (opts.provision !== false) await provisionBilling(orgId);
  return {
    orgId,
    subdomain,
    admin: ctxOf(orgId, admin.id, "admin"),
    manager: ctxOf(orgId, manager.id, "manager"),
    employee: ctxOf(orgId, employee.id, "employee"),
  };
}

type Handler = typeof upgrade;
function call(
  handler: Handler,
  w: Pick<Workspace, "subdomain">,
  as: AuthContext,
  body: unknown,
  method = "POST",
  path = "x",
) {
  signedIn.mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const req = new NextRequest(`http://${w.subdomain}.localhost:3000/api/billing/${path}`, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return handler(req, { params: Promise.resolve({}) });
}
const seats = (w: Workspace, as: AuthContext, n: unknown, orgId = w.orgId) =>
  call(seatsRoute, w, as, { organizationId: orgId, seats: n }, "PUT", "seats");

const account = (orgId: string) =>
  withOrg(orgId, (tx) => tx.billingAccount.findUniqueOrThrow({ where: { organizationId: orgId } }));
const org = (orgId: string) => withOrg(orgId, (tx) => tx.organization.findUniqueOrThrow({ where: { id: orgId } }));
const stripeSub = async (orgId: string) =>
  standin().state().subscriptions[(await account(orgId)).stripeSubscriptionId!]!;
const audits = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.auditLog.findMany({
      where: { organizationId: orgId, action: { startsWith: "billing." } },
      orderBy: { createdAt: "asc" },
    }),
  );

describe("billing actions", () => {
  it("checkout: the stand-in's hosted page for the workspace's seats, returning to Settings > Billing", async () => {
    const w = await workspace();
    const res = await call(upgrade, w, w.admin, { organizationId: w.orgId });
    expect(res.status).toBe(200);
    const { checkoutUrl } = (await res.json()) as CheckoutDto;
    expect(checkoutUrl.startsWith(`${standin().url}/checkout/`)).toBe(true);
    const session = standin().state().checkoutSessions[checkoutUrl.split("/").at(-1)!]!;
    expect(session).toMatchObject({
      mode: "subscription",
      customer: (await account(w.orgId)).stripeCustomerId,
      client_reference_id: w.orgId,
      success_url: `http://${w.subdomain}.localhost:3000/settings/billing?billing=success&session_id={CHECKOUT_SESSION_ID}`,
    });
    // The Back link carries its keyed ref (a SHA-256 HMAC, base64url), which the billing page checks.
    expect(session.cancel_url).toMatch(
      new RegExp(`^http://${w.subdomain}\\.localhost:3000/settings/billing\\?billing=cancelled&ref=[A-Za-z0-9_-]{43}$`),
    );
    expect(session.line_items_data.map((l) => l.quantity)).toEqual([5]);
    expect(session.subscription_data.metadata).toMatchObject({ organizationId: w.orgId });
    expect((await audits(w.orgId)).map((a) => a.action)).toEqual(["billing.checkout_started"]);
  });

  it("checkout with an active subscription that is not cancelling: 409 subscription_already_active", async () => {
    const w = await workspace();
    standin().endTrial((await account(w.orgId)).stripeSubscriptionId!, "paid");
    await syncOrgBilling(w.orgId);
    expect((await org(w.orgId)).subscriptionStatus).toBe("active");
    const res = await call(upgrade, w, w.admin, { organizationId: w.orgId });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "subscription_already_active" });
  });

  // A cancelled signup trial is not refused: billing-trial-cancel.test.ts.
  it("checkout while a cancelled paid subscription still runs: 409 (resume instead), nothing created at Stripe", async () => {
    {
      const w = await workspace();
      standin().endTrial((await account(w.orgId)).stripeSubscriptionId!, "paid");
      const cancelled = await call(cancel, w, w.admin, { organizationId: w.orgId });
      expect(cancelled.status).toBe(200);
      expect(((await cancelled.json()) as BillingChangeDto).message).toBe(
        "Your subscription will remain active until the end of the billing period.",
      );
      expect((await org(w.orgId)).subscriptionStatus).toBe("active");
      const sessions = Object.keys(standin().state().checkoutSessions).length;
      const res = await call(upgrade, w, w.admin, { organizationId: w.orgId });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        code: "subscription_already_active",
        error: expect.stringContaining("Resume it"),
      });
      expect(Object.keys(standin().state().checkoutSessions)).toHaveLength(sessions);
    }
  });

  it("checkout on a workspace without a customer makes one on demand", async () => {
    const w = await workspace({ provision: false });
    const res = await call(upgrade, w, w.admin, { organizationId: w.orgId });
    expect(res.status).toBe(200);
    const customerId = (await account(w.orgId)).stripeCustomerId;
    expect(customerId).toMatch(/^cus_/);
    expect(standin().state().customers[customerId!]!.metadata).toMatchObject({ organizationId: w.orgId });
  });

  it("cancel keeps the status and sets cancelAtPeriodEnd; resume clears it; portal opens for the customer", async () => {
    const w = await workspace();
    const res = await call(cancel, w, w.admin, { organizationId: w.orgId });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BillingChangeDto;
    // The signup's trial: cancelling it is 'Cancel trial' (billing-trial-cancel.test.ts).
    expect(body.message).toMatch(/^Your trial continues until it ends; your card will not be charged\./);
    expect(body.billing).toMatchObject({
      status: "trialing",
      cancelAtPeriodEnd: true,
      hasSubscription: true,
      configured: true,
    });
    expect((await stripeSub(w.orgId)).cancel_at_period_end).toBe(true);
    expect((await org(w.orgId)).subscriptionStatus).toBe("trialing");

    const back = await call(resume, w, w.admin, { organizationId: w.orgId });
    expect(back.status).toBe(200);
    expect(((await back.json()) as BillingChangeDto).billing.cancelAtPeriodEnd).toBe(false);
    expect((await stripeSub(w.orgId)).cancel_at_period_end).toBe(false);

    const p = await call(portal, w, w.admin, { organizationId: w.orgId });
    expect(p.status).toBe(200);
    const { url } = (await p.json()) as PortalDto;
    expect(url.startsWith(`${standin().url}/portal/`)).toBe(true);
    const ps = standin().state().portalSessions[url.split("/").at(-1)!]!;
    expect(ps).toMatchObject({
      customer: (await account(w.orgId)).stripeCustomerId,
      return_url: `http://${w.subdomain}.localhost:3000/settings/billing`,
    });
    expect((await audits(w.orgId)).map((a) => a.action)).toEqual([
      "billing.subscription_cancelled",
      "billing.subscription_resumed",
      "billing.portal_opened",
    ]);
  });

  it("cancel and resume without a subscription: 409 no_subscription", async () => {
    const w = await workspace({ provision: false });
    for (const handler of [cancel, resume, portal]) {
      const res = await call(handler, w, w.admin, { organizationId: w.orgId });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "no_subscription" });
    }
  });

  it("seats up and down follow in Stripe; fewer than the people, non-integers and out of range are refused", async () => {
    const w = await workspace();
    const up = await seats(w, w.admin, 8);
    expect(up.status).toBe(200);
    expect(((await up.json()) as BillingChangeDto).billing).toMatchObject({
      seats: 8,
      monthlyTotalUsd: 48,
      userCount: 3,
    });
    expect((await stripeSub(w.orgId)).items.data[0]!.quantity).toBe(8);
    expect((await org(w.orgId)).maxUsers).toBe(8);

    expect((await seats(w, w.admin, 3)).status).toBe(200);
    expect((await stripeSub(w.orgId)).items.data[0]!.quantity).toBe(3);

    const below = await seats(w, w.admin, 2);
    expect(below.status).toBe(409);
    expect(await below.json()).toMatchObject({
      code: "seats_below_users",
      detail: "Seats cannot be fewer than the 3 people in this workspace.",
    });
    for (const bad of [0, -1, 2.5, 10_001, "7", null]) expect((await seats(w, w.admin, bad)).status).toBe(400);
    expect((await org(w.orgId)).maxUsers).toBe(3);
    expect((await stripeSub(w.orgId)).items.data[0]!.quantity).toBe(3);
    expect((await audits(w.orgId)).map((a) => a.details)).toEqual([
      { from: 5, to: 8 },
      { from: 8, to: 3 },
    ]);
  });

  it("a Stripe outage: 503 billing_unavailable and nothing changed", async () => {
    const w = await workspace();
    standin().setFailing(true);
    try {
      for (const res of [
        await seats(w, w.admin, 9),
        await call(cancel, w, w.admin, { organizationId: w.orgId }),
        await call(upgrade, w, w.admin, { organizationId: w.orgId }),
      ]) {
        expect(res.status).toBe(503);
        expect(await res.json()).toMatchObject({ code: "billing_unavailable" });
      }
    } finally {
      standin().setFailing(false);
    }
    expect((await org(w.orgId)).maxUsers).toBe(5);
    expect((await stripeSub(w.orgId)).items.data[0]!.quantity).toBe(5);
    expect((await stripeSub(w.orgId)).cancel_at_period_end).toBe(false);
    expect(await audits(w.orgId)).toEqual([]);
  });

  it("managers and employees get 403 on every action; a manager may read the overview", async () => {
    const w = await workspace();
    for (const as of [w.manager, w.employee]) {
      for (const handler of [upgrade, cancel, resume, portal])
        expect((await call(handler, w, as, { organizationId: w.orgId })).status).toBe(403);
      expect((await seats(w, as, 9)).status).toBe(403);
    }
    expect(await getBillingOverview(w.manager)).toMatchObject({ canManage: false, seats: 5, userCount: 3 });
    await expect(getBillingOverview(w.employee)).rejects.toMatchObject({ code: "forbidden" });
    expect((await org(w.orgId)).maxUsers).toBe(5);
    expect((await stripeSub(w.orgId)).cancel_at_period_end).toBe(false);
  });

  it("another workspace's id answers 404 and reaches nothing", async () => {
    const w = await workspace();
    const other = await workspace();
    for (const handler of [upgrade, cancel, resume, portal])
      expect((await call(handler, w, w.admin, { organizationId: other.orgId })).status).toBe(404);
    expect((await seats(w, w.admin, 9, other.orgId)).status).toBe(404);
    expect((await org(other.orgId)).maxUsers).toBe(5);
    expect((await stripeSub(other.orgId)).cancel_at_period_end).toBe(false);
    expect((await org(w.orgId)).maxUsers).toBe(5);
  });
});
