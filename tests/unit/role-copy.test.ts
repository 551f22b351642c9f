import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SubscriptionBanner } from "@/components/billing/subscription-banner";
import { pausedText } from "@/components/surveys/schedule-status-card";
import { subscriptionBannerFor } from "@/lib/billing/access";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";
import { BILLING_PATH } from "@/lib/billing/urls";

// Employees and managers are never told to do what only admins can (open Settings >
// Billing, turn the pulse on); the server picks the text by permission.
const banner = (canManage: boolean) =>
  renderToStaticMarkup(createElement(SubscriptionBanner, { banner: subscriptionBannerFor("canceled", canManage) }));

describe("read-only banner", () => {
  it("asks non-admins to ask an admin, with no link to Billing", () => {
    const html = banner(false);
    expect(html).toContain("Ask an admin of your organisation to subscribe again.");
    expect(html).not.toContain("Settings");
    expect(html).not.toContain("<a ");
  });

  it("gives admins the Subscribe link and no 'ask an admin'", () => {
    const html = banner(true);
    expect(html).toContain(`href="${BILLING_PATH}"`);
    expect(html).toMatch(/<a [^>]*>Subscribe<\/a>/);
    expect(html).not.toContain("Ask an admin");
  });

  it("past due is for admins only", () => {
    expect(subscriptionBannerFor("past_due", false)).toBeNull();
    expect(subscriptionBannerFor("past_due", true)).toEqual({ kind: "past_due" });
  });

  it("the read-only error every role can hit names no admin-only page", () => {
    expect(READ_ONLY_MESSAGE).not.toMatch(/Settings|Billing/);
    expect(READ_ONLY_MESSAGE).toContain("An admin of your organisation");
  });
});

describe("paused pulse", () => {
  it("tells those who may change the schedule where, and the others whom to ask", () => {
    expect(pausedText(true)).toBe("The weekly pulse is paused. Turn it on again in Settings > Survey Schedule.");
    expect(pausedText(false)).toBe(
      "The weekly pulse is paused. Ask an admin of your organisation to turn it on again.",
    );
  });
});
