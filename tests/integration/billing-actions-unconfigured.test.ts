// An installation without Stripe (no STRIPE_* keys): the billing section still shows seats, price
// and users; seats change in the database only; the Stripe actions refuse plainly (409).
import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { currentSession } from "@/lib/auth/current-session";
import { getBillingOverview } from "@/lib/billing/overview";
import type { BillingChangeDto } from "@/lib/billing/dto";
import { POST as upgrade } from "@/app/api/billing/upgrade/route";
import { POST as cancel } from "@/app/api/billing/cancel/route";
import { POST as resume } from "@/app/api/billing/resume/route";
import { POST as portal } from "@/app/api/billing/portal/route";
import { PUT as seatsRoute } from "@/app/api/billing/seats/route";
import { createOrg, createUser } from "../support/factories";

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

function call(handler: typeof upgrade, subdomain: string, as: AuthContext, body: unknown, method = "POST") {
  signedIn.mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const req = new NextRequest(`http://${subdomain}.localhost:3000/api/billing/x`, {
    method,
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return handler(req, { params: Promise.resolve({}) });
}

describe("billing without Stripe configured", () => {
  it("shows the overview, changes seats in the database only and refuses the Stripe actions with 409", async () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"])
      expect(process.env[key]).toBeUndefined();
    const { orgId, subdomain } = await createOrg({ maxUsers: 5 });
    const a = await createUser(orgId, { role: "admin" });
    await createUser(orgId, { role: "employee" });
    const admin: AuthContext = { orgId, userId: a.id, role: "admin", sessionId: randomUUID() };

    expect(await getBillingOverview(admin)).toMatchObject({
      configured: false,
      status: "trialing",
      statusLabel: "Free Trial",
      seats: 5,
      userCount: 2,
      pricePerSeatUsd: 6,
      monthlyTotalUsd: 30,
      hasSubscription: false,
      hasCustomer: false,
      canManage: true,
      readOnly: false,
    });

    const res = await call(seatsRoute, subdomain, admin, { organizationId: orgId, seats: 12 }, "PUT");
    expect(res.status).toBe(200);
    expect(((await res.json()) as BillingChangeDto).billing).toMatchObject({ seats: 12, monthlyTotalUsd: 72 });
    expect((await call(seatsRoute, subdomain, admin, { organizationId: orgId, seats: 1 }, "PUT")).status).toBe(409);

    for (const handler of [upgrade, cancel, resume, portal]) {
      const r = await call(handler, subdomain, admin, { organizationId: orgId });
      expect(r.status).toBe(409);
      expect(await r.json()).toMatchObject({ code: "billing_not_configured" });
    }
    const stored = await withOrg(orgId, async (tx) => ({
      org: await tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { maxUsers: true } }),
      accounts: await tx.billingAccount.count(),
    }));
    expect(stored).toEqual({ org: { maxUsers: 12 }, accounts: 0 });
  });
});
