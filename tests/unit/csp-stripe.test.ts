import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "@/proxy";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("content security policy for Stripe", () => {
  const csp = contentSecurityPolicy("abc", "pulsewell.localhost", false);

  it("keeps scripts to the nonce and strict-dynamic, js.stripe.com only as the fallback host", () => {
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic' https://js.stripe.com");
  });

  it("lets the Payment Element's frames, calls and images through, and nothing else changes", () => {
    expect(directive(csp, "frame-src")).toBe(
      "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
    );
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob: https://*.stripe.com");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds the Stripe.js stand-in's origin when STRIPE_JS_URL is set, and ignores a bad one", () => {
    const standIn = contentSecurityPolicy("abc", "pulsewell.localhost", false, "http://127.0.0.1:12111/v3/stripe.js");
    expect(directive(standIn, "connect-src")).toBe("connect-src 'self' https://api.stripe.com http://127.0.0.1:12111");
    expect(directive(standIn, "frame-src")).toContain("http://127.0.0.1:12111");
    expect(contentSecurityPolicy("abc", "pulsewell.localhost", false, "javascript:alert(1)")).toBe(csp);
  });
});
