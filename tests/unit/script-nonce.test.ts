import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/proxy";
import { scriptNonce } from "@/lib/tenancy/script-nonce";

describe("the nonce for our inline script", () => {
  it("is the one proxy.ts put in the page's policy", () => {
    expect(scriptNonce(contentSecurityPolicy("q1W+/e=", "pulsewell.localhost", false))).toBe("q1W+/e=");
    expect(scriptNonce(contentSecurityPolicy("abc", "pulsewell.localhost", true, "http://127.0.0.1:4010/v3"))).toBe(
      "abc",
    );
  });

  it("is none without a policy, or with a nonce outside script-src", () => {
    expect(scriptNonce(null)).toBeUndefined();
    expect(scriptNonce("")).toBeUndefined();
    expect(scriptNonce("default-src 'self'; style-src 'nonce-abc'")).toBeUndefined();
  });
});
