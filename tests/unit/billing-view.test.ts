import { describe, expect, it } from "vitest";
import {
  billingButtons,
  billingSignature,
  checkoutDoneMessage,
  checkoutReturnOf,
  formatBillingDate,
  planDetail,
  seatsFormSchema,
  seatsPriceLine,
  seatsUsedPercent,
} from "@/components/billing/billing-view";
import type { BillingOverviewDto } from "@/lib/billing/dto";

const base: BillingOverviewDto = {
  configured: true,
  status: "trialing",
  statusLabel: "Free Trial",
  trialEndDate: "2026-12-01T12:00:00.000Z",
  currentPeriodEnd: "2026-12-01T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  readOnly: false,
  hasSubscription: true,
  hasCustomer: true,
  userCount: 4,
  seats: 10,
  pricePerSeatUsd: 6,
  monthlyTotalUsd: 60,
  canManage: true,
};
const o = (over: Partial<BillingOverviewDto>): BillingOverviewDto => ({ ...base, ...over });
const now = new Date("2026-11-24T00:00:00Z");

describe("billing view", () => {
  it("prices the seats", () => {
    expect(seatsPriceLine(base)).toBe("10 seats × $6 = $60 / month");
    expect(seatsPriceLine(o({ seats: 1, monthlyTotalUsd: 6 }))).toBe("1 seat × $6 = $6 / month");
  });

  it("fills the usage bar within 0..100", () => {
    expect(seatsUsedPercent(4, 10)).toBe(40);
    expect(seatsUsedPercent(12, 10)).toBe(100);
    expect(seatsUsedPercent(0, 0)).toBe(0);
  });

  it("dates in UTC, long form", () => {
    expect(formatBillingDate("2026-12-01T23:30:00.000Z")).toBe("December 1, 2026");
  });

  it("says what the plan does next", () => {
    expect(planDetail(base, now)).toBe("Trial ends December 1, 2026");
    expect(planDetail(base, new Date("2026-12-02T00:00:00Z"))).toBe("Trial ended December 1, 2026");
    expect(planDetail(o({ status: "active", statusLabel: "Active" }), now)).toBe("Renews on December 1, 2026");
    expect(planDetail(o({ status: "active", cancelAtPeriodEnd: true }), now)).toBe("Cancels on December 1, 2026");
    expect(planDetail(o({ status: "canceled", readOnly: true, hasSubscription: false }), now)).toMatch(/read-only/);
  });

  it("offers an admin the actions the server allows", () => {
    expect(billingButtons(base)).toEqual({ start: true, cancel: true, resume: false, portal: true });
    expect(billingButtons(o({ status: "active" }))).toEqual({
      start: false,
      cancel: true,
      resume: false,
      portal: true,
    });
    expect(billingButtons(o({ status: "active", cancelAtPeriodEnd: true }))).toEqual({
      start: false,
      cancel: false,
      resume: true,
      portal: true,
    });
    expect(billingButtons(o({ status: "past_due" }))).toEqual({
      start: false,
      cancel: true,
      resume: false,
      portal: true,
    });
    expect(billingButtons(o({ status: "canceled", readOnly: true, hasSubscription: false }))).toEqual({
      start: true,
      cancel: false,
      resume: false,
      portal: true,
    });
    expect(billingButtons(o({ status: "trialing", hasSubscription: false, hasCustomer: false }))).toEqual({
      start: true,
      cancel: false,
      resume: false,
      portal: false,
    });
  });

  it("offers nothing without Stripe or to a manager", () => {
    const none = { start: false, cancel: false, resume: false, portal: false };
    expect(billingButtons(o({ configured: false, hasSubscription: false, hasCustomer: false }))).toEqual(none);
    expect(billingButtons(o({ canManage: false }))).toEqual(none);
  });

  it("reads only the two checkout returns", () => {
    expect(checkoutReturnOf("success")).toBe("success");
    expect(checkoutReturnOf("cancelled")).toBe("cancelled");
    expect(checkoutReturnOf("<script>")).toBeNull();
    expect(checkoutReturnOf(null)).toBeNull();
  });

  it("notices a change of the billing state", () => {
    expect(billingSignature(base)).toBe(billingSignature(o({ userCount: 5 })));
    expect(billingSignature(base)).not.toBe(billingSignature(o({ status: "active" })));
  });

  it("checks the seats as typed with the server's rule", () => {
    expect(seatsFormSchema.parse({ seats: " 12 " })).toEqual({ seats: 12 });
    for (const bad of ["", "0", "1.5", "-3", "abc", "10001"])
      expect(seatsFormSchema.safeParse({ seats: bad }).success).toBe(false);
  });
});

describe("checkout return", () => {
  it("says when the first payment is due for a checkout during the trial", () => {
    expect(checkoutDoneMessage(base)).toBe(
      "Thanks! Your subscription is set up; the first payment is due when the trial ends on December 1, 2026.",
    );
    expect(checkoutDoneMessage(o({ status: "active" }))).toBe("Thanks! Your subscription is active.");
  });
});
