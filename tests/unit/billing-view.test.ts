import { describe, expect, it } from "vitest";
import {
  billingButtons,
  billingSignature,
  checkoutDoneMessage,
  checkoutOpenNote,
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
  subscribed: false,
  checkoutOpenUntil: null,
  timeZone: "UTC",
  trialEndDate: "2026-12-01T12:00:00.000Z",
  currentPeriodEnd: "2026-12-01T12:00:00.000Z",
  cancelAtPeriodEnd: false,
  readOnly: false,
  hasSubscription: true,
  hasCustomer: true,
  cardOnFile: true,
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

  it("dates in the workspace's zone, long form", () => {
    expect(formatBillingDate("2026-12-01T23:30:00.000Z", "UTC")).toBe("December 1, 2026");
    expect(formatBillingDate("2026-12-01T23:30:00.000Z", "Asia/Tokyo")).toBe("December 2, 2026");
    expect(formatBillingDate("2026-12-01T03:30:00.000Z", "America/New_York")).toBe("November 30, 2026");
  });

  it("says what the plan does next", () => {
    const noCard = o({ cardOnFile: false });
    expect(planDetail(noCard, now)).toBe("Trial ends December 1, 2026");
    expect(planDetail(o({ hasSubscription: false, cardOnFile: false }), now)).toBe("Trial ends December 1, 2026");
    expect(planDetail(noCard, new Date("2026-12-02T00:00:00Z"))).toBe("Trial ended December 1, 2026");
    expect(planDetail(base, new Date("2026-12-02T00:00:00Z"))).toBe("Trial ended December 1, 2026");
    expect(planDetail(base, now)).toBe("Your card on file will be charged on December 1, 2026 unless you cancel.");
    expect(planDetail(o({ timeZone: "Pacific/Kiritimati" }), now)).toBe(
      "Your card on file will be charged on December 2, 2026 unless you cancel.",
    );
    expect(planDetail(o({ cancelAtPeriodEnd: true }), now)).toBe(
      "Trial ends December 1, 2026. Nothing will be charged; the workspace then becomes read-only until you subscribe.",
    );
    expect(planDetail(o({ subscribed: true, statusLabel: "Subscribed" }), now)).toBe(
      "First charge on December 1, 2026",
    );
    expect(planDetail(o({ subscribed: true, timeZone: "Pacific/Kiritimati" }), now)).toBe(
      "First charge on December 2, 2026",
    );
    expect(planDetail(o({ status: "active", statusLabel: "Active" }), now)).toBe("Renews on December 1, 2026");
    expect(planDetail(o({ status: "active", cancelAtPeriodEnd: true }), now)).toBe("Cancels on December 1, 2026");
    expect(planDetail(o({ status: "canceled", readOnly: true, hasSubscription: false }), now)).toMatch(/read-only/);
  });

  // Each state the section can be in, and exactly the buttons it offers.
  const STATES: [string, Partial<BillingOverviewDto>, ReturnType<typeof billingButtons>][] = [
    [
      "trial from signup, card on file (charged at the trial's end)",
      {},
      { start: true, cancel: false, cancelTrial: true, resume: false, portal: false },
    ],
    [
      "trial from signup without a card (pauses at the trial's end)",
      { cardOnFile: false },
      { start: true, cancel: false, cancelTrial: false, resume: false, portal: false },
    ],
    [
      "trial from signup, cancelled",
      { cancelAtPeriodEnd: true },
      { start: true, cancel: false, cancelTrial: false, resume: true, portal: false },
    ],
    [
      "trial from signup, cancelled, with a checkout open",
      { cancelAtPeriodEnd: true, checkoutOpenUntil: "2026-11-24T00:30:00.000Z" },
      { start: false, cancel: false, cancelTrial: false, resume: true, portal: false },
    ],
    [
      "trial without a Stripe customer yet",
      { hasSubscription: false, hasCustomer: false, cardOnFile: false },
      { start: true, cancel: false, cancelTrial: false, resume: false, portal: false },
    ],
    [
      "trial with a checkout open",
      { checkoutOpenUntil: "2026-11-24T00:30:00.000Z" },
      { start: false, cancel: false, cancelTrial: true, resume: false, portal: false },
    ],
    [
      "trial set up by checkout",
      { subscribed: true },
      { start: false, cancel: true, cancelTrial: false, resume: false, portal: true },
    ],
    [
      "trial set up, then cancelled",
      { subscribed: true, cancelAtPeriodEnd: true },
      { start: false, cancel: false, cancelTrial: false, resume: true, portal: true },
    ],
    [
      "active",
      { status: "active", subscribed: true },
      { start: false, cancel: true, cancelTrial: false, resume: false, portal: true },
    ],
    [
      "active, cancelled at period end",
      { status: "active", subscribed: true, cancelAtPeriodEnd: true },
      { start: false, cancel: false, cancelTrial: false, resume: true, portal: true },
    ],
    [
      "past due",
      { status: "past_due", subscribed: true },
      { start: false, cancel: true, cancelTrial: false, resume: false, portal: true },
    ],
    [
      "ended (read-only)",
      { status: "canceled", readOnly: true, hasSubscription: false },
      { start: true, cancel: false, cancelTrial: false, resume: false, portal: true },
    ],
  ];
  it.each(STATES)("offers an admin the actions of the state: %s", (_name, over, buttons) => {
    expect(billingButtons(o(over))).toEqual(buttons);
  });

  it("never offers Cancel before a subscription is set up, nor a second checkout after", () => {
    for (const [, over] of STATES) {
      const b = billingButtons(o(over));
      if (b.cancel) expect(o(over).subscribed).toBe(true);
      if (b.cancelTrial)
        expect([o(over).subscribed, o(over).cardOnFile, o(over).hasSubscription]).toEqual([false, true, true]);
      expect(b.cancel && b.cancelTrial).toBe(false);
      if (o(over).subscribed && !o(over).readOnly) expect(b.start).toBe(false);
    }
  });

  it("tells why no checkout is offered while one is open, in the workspace's zone", () => {
    expect(checkoutOpenNote(base)).toBeNull();
    expect(
      checkoutOpenNote(o({ checkoutOpenUntil: "2026-11-24T15:30:00.000Z", timeZone: "America/New_York" })),
    ).toMatch(/start again after 10:30\sAM\.$/);
    expect(checkoutOpenNote(o({ checkoutOpenUntil: "2026-11-24T15:30:00.000Z", canManage: false }))).toBeNull();
  });

  it("offers nothing without Stripe or to a manager", () => {
    const none = { start: false, cancel: false, cancelTrial: false, resume: false, portal: false };
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
    expect(billingSignature(base)).not.toBe(billingSignature(o({ subscribed: true })));
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
    expect(checkoutDoneMessage(o({ timeZone: "Asia/Tokyo", trialEndDate: "2026-12-01T20:00:00.000Z" }))).toBe(
      "Thanks! Your subscription is set up; the first payment is due when the trial ends on December 2, 2026.",
    );
    expect(checkoutDoneMessage(o({ status: "active" }))).toBe("Thanks! Your subscription is active.");
  });
});
