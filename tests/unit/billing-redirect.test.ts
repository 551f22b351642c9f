import { describe, expect, it } from "vitest";
import { externalPaymentUrl } from "@/lib/billing/redirect";

describe("externalPaymentUrl", () => {
  it("accepts Stripe's hosted pages and the stand-in's", () => {
    expect(externalPaymentUrl("https://checkout.stripe.com/c/pay/cs_test_1")).toBe(
      "https://checkout.stripe.com/c/pay/cs_test_1",
    );
    expect(externalPaymentUrl("http://127.0.0.1:12111/checkout/cs_1")).toBe("http://127.0.0.1:12111/checkout/cs_1");
  });
  it("refuses script, data, relative and non-string addresses", () => {
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:alert(1)",
      "data:text/html,<script>1</script>",
      "/settings",
      "//evil.example",
      "",
      null,
      undefined,
      42,
    ]) {
      expect(externalPaymentUrl(bad)).toBeNull();
    }
  });
});
