import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { NextRequest } from "next/server";
import { DASHBOARD_PATH, MAX_CALLBACK_LENGTH, safeCallbackPath, signInPathFor } from "@/lib/auth/callback-url";
import { proxy } from "@/proxy";

// Where sign-in leads afterwards comes from a URL anyone can write: only a path of the same
// workspace is followed; everything else is the dashboard.

const ORIGIN = "http://acme.localhost:3000";

/** What a browser does with the answer: the address it would open, resolved against the workspace. */
function landsOn(value: unknown): URL {
  return new URL(safeCallbackPath(value), ORIGIN);
}

describe("safeCallbackPath", () => {
  it.each([
    ["/settings/billing", "/settings/billing"],
    ["/one-on-one/6f1c2a9e-8d3b-4c7e-9a51-0b2d4e6f8a10", "/one-on-one/6f1c2a9e-8d3b-4c7e-9a51-0b2d4e6f8a10"],
    ["/one-on-one-meeting?meetingId=42&tab=notes", "/one-on-one-meeting?meetingId=42&tab=notes"],
    ["/pulse?range=4w", "/pulse?range=4w"],
    ["/settings/./users", "/settings/users"],
    ["/a/../settings", "/settings"],
    ["/settings#billing", "/settings"],
    ["/surveys/x%20y", "/surveys/x%20y"],
    // A path on this host, however it reads: "@" names a user only before a host.
    ["/@evil.example", "/@evil.example"],
  ])("keeps the same-workspace path %s", (value, expected) => {
    expect(safeCallbackPath(value)).toBe(expected);
  });

  const hostile: unknown[] = [
    undefined,
    null,
    42,
    ["/settings"],
    { toString: () => "/settings" },
    "",
    "/",
    "settings",
    "//evil.example",
    "//evil.example/settings",
    "///evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "\\/evil.example",
    "/\\/evil.example",
    "https://evil.example",
    "http://acme.localhost:3000/settings",
    "HTTPS://evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    " /settings",
    "/settings ",
    "\t/settings",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "/settings\u0000",
    "/settings\u007f",
    "/\u2215\u2215evil.example",
    "/\uff0f/evil.example",
    "/\uff3cevil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5cevil.example",
    "/%5C%5Cevil.example",
    "/a/..//evil.example",
    "/a/../../\\evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "/login",
    "/LOGIN",
    "/login?callbackUrl=%2Fsettings",
    "/login/",
    "/x/../login",
    "/accept-invite?token=abc",
    "/reset-password?token=abc",
    "/forgot-password",
    "/welcome",
    "/verify-email?token=abc",
    "/confirm-email?token=abc",
    "/undo-email-change?token=abc",
    "/api/auth/signout",
    "/api/users",
    "/_next/static/chunks/x.js",
    "/settings\\..\\..\\",
    `/${"a".repeat(MAX_CALLBACK_LENGTH)}`,
  ];
  it.each(hostile.map((v) => [JSON.stringify(v) ?? String(v), v]))("sends %s to the dashboard", (_, value) => {
    expect(safeCallbackPath(value)).toBe(DASHBOARD_PATH);
  });

  it("never leaves the workspace, whatever the text", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2f",
      "%5C",
      "%00",
      ":",
      "@",
      "?",
      "#",
      "http:",
      "javascript:",
      "evil.example",
      "login",
      "settings",
      "\t",
      "\n",
      " ",
      "\u3002",
      "\uff0f",
    );
    const crafted = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(""));
    const anyText = fc.string({ unit: "binary", maxLength: 80 });
    fc.assert(
      fc.property(fc.oneof(crafted, anyText, fc.webUrl(), fc.webPath()), (value) => {
        const out = safeCallbackPath(value);
        // One leading "/", never a second "/" or "\", printable ASCII without "\" only.
        expect(out.startsWith("/")).toBe(true);
        expect(/^\/[/\\]/.test(out)).toBe(false);
        expect(/^[!-[\]-~]+$/.test(out)).toBe(true);
        expect(out.length).toBeLessThanOrEqual(MAX_CALLBACK_LENGTH);
        // Whatever the browser makes of it stays on the workspace and off the sign-in page.
        const url = landsOn(value);
        expect(url.origin).toBe(ORIGIN);
        expect(/^\/login(\/|$)/i.test(url.pathname)).toBe(false);
        // Idempotent: the checked value passes the check unchanged.
        expect(safeCallbackPath(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
    // A few seconds of property runs: more than the default per-test time on a busy machine.
  }, 60_000);

  it("keeps every plain workspace path as it is", () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,12}$/).filter((s) => s !== "login");
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = `/${segments.join("/")}`;
        const excluded = ["accept-invite", "reset-password", "forgot-password", "welcome", "api"].includes(
          segments[0]!,
        );
        expect(safeCallbackPath(path)).toBe(excluded ? DASHBOARD_PATH : path);
      }),
    );
  });
});

describe("signInPathFor", () => {
  it("carries the page asked for, encoded, and nothing for the dashboard or a refused value", () => {
    expect(signInPathFor("/settings/billing")).toBe("/login?callbackUrl=%2Fsettings%2Fbilling");
    expect(signInPathFor("/one-on-one-meeting?meetingId=7&x=1")).toBe(
      "/login?callbackUrl=%2Fone-on-one-meeting%3FmeetingId%3D7%26x%3D1",
    );
    expect(signInPathFor("/")).toBe("/login");
    expect(signInPathFor(null)).toBe("/login");
    expect(signInPathFor("//evil.example")).toBe("/login");
  });
});

describe("proxy on a local root and on a workspace", () => {
  const ROOT = "localhost:3000";
  const request = (host: string, path: string, headers: Record<string, string> = {}) =>
    new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } });

  it("serves the public site at a local start's root and hands app pages to the demo workspace", () => {
    const prev = process.env.ROOT_DOMAIN;
    process.env.ROOT_DOMAIN = ROOT;
    try {
      const home = proxy(request(ROOT, "/"));
      expect(home.headers.get("x-middleware-rewrite")).toMatch(/\/site$/);
      expect(home.headers.get("location")).toBeNull();
      const settings = proxy(request(ROOT, "/settings/billing?x=1"));
      expect(settings.status).toBe(307);
      expect(settings.headers.get("location")).toBe("http://freshleadershipworld.localhost:3000/settings/billing?x=1");
      const finder = proxy(request(ROOT, "/login"));
      expect(finder.headers.get("x-middleware-rewrite")).toMatch(/\/site\/login$/);
    } finally {
      process.env.ROOT_DOMAIN = prev;
    }
  });

  it("hands a workspace page the address asked for, never a client's copy of it", () => {
    const prev = process.env.ROOT_DOMAIN;
    process.env.ROOT_DOMAIN = ROOT;
    try {
      const res = proxy(request(`acme.${ROOT}`, "/settings/billing?tab=x", { "x-pulsewell-path": "//evil.example" }));
      expect(res.headers.get("x-middleware-rewrite")).toMatch(/\/t\/acme\/settings\/billing\?tab=x$/);
      expect(res.headers.get("x-middleware-request-x-pulsewell-path")).toBe("/settings/billing?tab=x");
    } finally {
      process.env.ROOT_DOMAIN = prev;
    }
  });
});
