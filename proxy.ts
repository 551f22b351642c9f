import { NextResponse, type NextRequest } from "next/server";
import { parseHost } from "@/lib/tenancy/host";
import { fallbackWorkspaceOrigin, productNameFromEnv, rootDomainFromEnv, siteProtocol } from "@/lib/tenancy/site";
import {
  isMainSitePath,
  REQUESTED_PATH_HEADER,
  SITE_SEGMENT,
  TENANT_SEGMENT,
  UNKNOWN_PATH_HEADER,
} from "@/lib/tenancy/routing";
import { isPagePath, SITE_PAGES, WORKSPACE_PAGES } from "@/lib/tenancy/page-paths";
import { SESSION_COOKIES } from "@/lib/auth/session-cookie-names";

// Thin on purpose: it only routes. Pages, route handlers and actions resolve the workspace and
// the session again on the server, so a request that skips this proxy reaches nothing it should not.

// Headers that only this proxy may set; a client's copies are dropped or overwritten.
const STRIPPED = [
  "x-pulsewell-tenant",
  REQUESTED_PATH_HEADER,
  UNKNOWN_PATH_HEADER,
  "x-middleware-subrequest",
  "x-middleware-rewrite",
  "x-invoke-path",
  "x-nonce",
];

/** A fresh, unguessable nonce for this request's scripts (128 random bits, base64). */
function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/**
 * The page's Content-Security-Policy. Next reads the nonce from this header on the request and puts
 * it on every script it renders (its bootstrap, chunks and inline payloads; React's streaming
 * scripts too); 'strict-dynamic' lets those scripts load the chunks they need, and nothing else
 * runs: no injected inline script, no other host. Pages render per request (force-dynamic, or
 * dynamic segments with no static params), so each response carries its own nonce.
 * - style-src 'unsafe-inline': React style props (charts, dialogs, progress bars) are style
 *   attributes, which nonces cannot cover; a nonce here would also switch 'unsafe-inline' off.
 *   Styles cannot run script, so the cost is limited to CSS injection.
 * - form-action: the workspace hosts too. The main site's company finder sends the visitor on to
 *   <workspace>.<root>/login from a form's server action; today the browser runs it with
 *   JavaScript and Next navigates, but a form posted without JavaScript is answered with a
 *   redirect, and a form's redirect to another host is checked against this directive.
 * - dev: React's dev build needs eval for its call stacks and HMR talks over a websocket.
 * - Stripe (the signup card step): Stripe.js is added by our own code, which 'strict-dynamic'
 *   allows; js.stripe.com in script-src is only for browsers without 'strict-dynamic' (which then
 *   ignore the nonce-less rest). Its Payment Element and 3-D Secure run in frames from
 *   js.stripe.com and hooks.stripe.com, it talks to api.stripe.com and shows card brand images
 *   from *.stripe.com. STRIPE_JS_URL (the demo's stand-in for Stripe.js) adds its origin.
 */
export function contentSecurityPolicy(nonce: string, rootDomain: string, dev: boolean, stripeJsUrl?: string): string {
  const workspaces = `${siteProtocol(rootDomain)}://*.${rootDomain}`;
  const standIn = originOf(stripeJsUrl);
  const extra = standIn ? ` ${standIn}` : "";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com${extra}${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self'",
    `connect-src 'self' https://api.stripe.com${extra}${dev ? " ws: wss:" : ""}`,
    `frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self' ${workspaces}`,
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The origin (scheme://host[:port]) of an http(s) URL, or null for anything else. */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.origin : null;
  } catch {
    return null;
  }
}

/** The host of an Origin header value, or null when it has none ("null", garbage). */
function originHost(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether Next treats the request as a server action (its getServerActionRequestMetadata): a
 * Next-Action header, or a form's body (multipart, URL-encoded: a form posted without JavaScript). */
function isPossibleAction(req: NextRequest): boolean {
  if (req.method !== "POST") return false;
  if (req.headers.has("next-action")) return true;
  // Under /api only route handlers answer (app/api/[...rest] what no other does): no action there.
  if (req.nextUrl.pathname.startsWith("/api/")) return false;
  const type = req.headers.get("content-type");
  return type === "application/x-www-form-urlencoded" || (type?.startsWith("multipart/form-data") ?? false);
}

/** A server action posted from another origin. Next's own check throws (a 500 answer); this one
 * refuses first, with 403. Next compares the Origin with X-Forwarded-Host, which is the Host here,
 * lower-cased below: hosts are case-insensitive and the Origin's host is lower-cased by the URL
 * parser, so a Host in another case is the same site and passes Next's case-sensitive check too.
 * (scripts/serve.mjs does the same before the body is read; this covers `next dev`.) */
function isForeignAction(req: NextRequest, hostHeader: string | null): boolean {
  if (!isPossibleAction(req)) return false;
  const origin = req.headers.get("origin");
  // No Origin at all (not a browser): Next lets it through with a warning, as before.
  if (origin === null) return false;
  return originHost(origin) !== (hostHeader ?? "").toLowerCase();
}

export function proxy(req: NextRequest): NextResponse {
  const hostHeader = req.headers.get("host");
  if (isForeignAction(req, hostHeader)) {
    return new NextResponse("Cross-site request refused\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const host = parseHost(hostHeader, rootDomainFromEnv(), productNameFromEnv());
  const headers = new Headers(req.headers);
  for (const h of STRIPPED) headers.delete(h);
  // next-auth derives its origin from X-Forwarded-Host; make it the real Host, never the client's.
  if (hostHeader) headers.set("x-forwarded-host", hostHeader.toLowerCase());
  else headers.delete("x-forwarded-host");

  const { pathname, search } = req.nextUrl;
  if (pathname.startsWith("/api/")) return NextResponse.next({ request: { headers } });

  // The policy goes on the request (for Next to find the nonce) and on the response.
  const csp = contentSecurityPolicy(
    newNonce(),
    rootDomainFromEnv(),
    process.env.NODE_ENV === "development",
    process.env.STRIPE_JS_URL,
  );
  headers.set("content-security-policy", csp);
  const withCsp = (res: NextResponse) => {
    res.headers.set("Content-Security-Policy", csp);
    return res;
  };

  // Internal segments are never addressable from outside.
  const internal =
    pathname === TENANT_SEGMENT ||
    pathname.startsWith(`${TENANT_SEGMENT}/`) ||
    pathname === SITE_SEGMENT ||
    pathname.startsWith(`${SITE_SEGMENT}/`);
  // A path no page serves (`known` false) ends in a catch-all page: the 404 is answered here, and
  // the header tells that page to render 'Page Not Found' itself (lib/tenancy/page-paths.ts).
  const rewrite = (path: string, known = true) => {
    const url = req.nextUrl.clone();
    url.pathname = path;
    if (!known) headers.set(UNKNOWN_PATH_HEADER, "1");
    return withCsp(NextResponse.rewrite(url, { request: { headers }, status: known ? undefined : 404 }));
  };
  // Not Next's own /_not-found: that page is prerendered at build time, so its scripts carry no
  // nonce and the policy would block them. The main site's catch-all answers 404 per request.
  const notFoundPage = () => rewrite(`${SITE_SEGMENT}/_not-found`, false);
  if (internal) return notFoundPage();

  switch (host.kind) {
    case "tenant": {
      headers.set(REQUESTED_PATH_HEADER, `${pathname}${search}`);
      const known = isPagePath(WORKSPACE_PAGES, pathname);
      // Without a session cookie the 404 is the main site's light page: the workspace's catch-all
      // (a 404 inside the app shell) brings the shell's scripts, 50 KiB over a bare page.
      if (!known && !SESSION_COOKIES.some((name) => req.cookies.has(name))) return notFoundPage();
      return rewrite(`${TENANT_SEGMENT}/${host.subdomain}${pathname === "/" ? "" : pathname}`, known);
    }
    case "main":
      if (isMainSitePath(pathname)) return rewrite(`${SITE_SEGMENT}${pathname}`, isPagePath(SITE_PAGES, pathname));
      // On a local root, "/" is the public site (it leads to the demo workspace) and every app
      // page goes to the demo workspace's, so a workspace path typed without the subdomain still
      // opens (docs/decisions.md (Hosts and tenancy)).
      if (host.local && pathname !== "/")
        return NextResponse.redirect(new URL(`${pathname}${search}`, fallbackWorkspaceOrigin(rootDomainFromEnv())));
      return rewrite(`${SITE_SEGMENT}${pathname === "/" ? "" : pathname}`, isPagePath(SITE_PAGES, pathname));
    default:
      return notFoundPage();
  }
}

export const config = {
  // Everything but Next's own assets, files with an extension (icons, fonts) and the /api routes
  // other than next-auth's. Route handlers need nothing from this proxy: they resolve the
  // workspace from the Host header alone (lib/api/route.ts), and Next itself drops its internal
  // headers from every incoming request. Skipping it there saves about a third of a survey
  // submission's server time (bench:surveys). /api/auth keeps it for X-Forwarded-Host = Host.
  // The second entry: any request carrying a Next-Action header, whatever its path, so that the
  // foreign-origin check above sees every server action.
  matcher: [
    "/((?!_next/static|_next/image|favicon.ico|api/(?!auth/)|.*\\.[a-z0-9]+$).*)",
    { source: "/:path*", has: [{ type: "header", key: "next-action" }] },
  ],
};
