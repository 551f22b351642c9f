import { describe, expect, it } from "vitest";
import { formatUsd, monthlyTotal, PRICE_PER_USER_USD, TRIAL_DAYS } from "@/lib/billing/pricing";

describe("pricing", () => {
  it("charges 6 USD per user per month after a 7-day trial", () => {
    expect(PRICE_PER_USER_USD).toBe(6);
    expect(TRIAL_DAYS).toBe(7);
  });

  it("gives the pricing examples: 10 users $60, 25 users $150, 50 users $300", () => {
    expect(monthlyTotal(10)).toBe(60);
    expect(monthlyTotal(25)).toBe(150);
    expect(monthlyTotal(50)).toBe(300);
    expect(monthlyTotal(0)).toBe(0);
    expect(monthlyTotal(1)).toBe(PRICE_PER_USER_USD);
  });

  it("refuses a user count that is not a whole number of at least 0", () => {
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => monthlyTotal(bad)).toThrow(RangeError);
  });

  it("formats whole dollars", () => {
    expect(formatUsd(60)).toBe("$60");
    expect(formatUsd(1500)).toBe("$1,500");
  });
});
