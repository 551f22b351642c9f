// An installation without Stripe (no STRIPE_* keys): the webhook refuses plainly, never a 500.
import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { POST } from "@/app/api/billing/webhook/route";

describe("billing webhook without Stripe configured", () => {
  it("answers 409 billing_not_configured and stores nothing", async () => {
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"])
      expect(process.env[key]).toBeUndefined();
    const res = await POST(
      new NextRequest("http://hooks.example.test/api/billing/webhook", {
        method: "POST",
        body: JSON.stringify({ id: "evt_1", type: "invoice.paid" }),
        headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "billing_not_configured" });
  });
});
