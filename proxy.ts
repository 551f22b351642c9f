import { NextResponse, type NextRequest } from "next/server";
import { parseHost } from "@/lib/tenancy/host";
import { fallbackWorkspaceOrigin, productNameFromEnv, rootDomainFromEnv } from "@/lib/tenancy/site";
import { isMainSitePath, SITE_SEGMENT, TENANT_SEGMENT } from "@/lib/tenancy/routing";

// Thin on purpose: it only routes. Pages, route handlers and actions resolve the workspace and
// the session again on the server, so a request that skips this proxy reaches nothing it should not.

// Headers that only this proxy may set; a client's copies are dropped or overwritten.
const STRIPPED = ["x-pulsewell-tenant", "x-middleware-subrequest", "x-middleware-rewrite", "x-invoke-path"];

export function proxy(req: NextRequest): NextResponse {
  const hostHeader = req.headers.get("host");
  const host = parseHost(hostHeader, rootDomainFromEnv(), productNameFromEnv());
  const headers = new Headers(req.headers);
  for (const h of STRIPPED) headers.delete(h);
  // next-auth derives its origin from X-Forwarded-Host; make it the real Host, never the client's.
  if (hostHeader) headers.set("x-forwarded-host", hostHeader);
  else headers.delete("x-forwarded-host");

  const { pathname, search } = req.nextUrl;
  if (pathname.startsWith("/api/")) return NextResponse.next({ request: { headers } });

  // Internal segments are never addressable from outside.
  const internal = pathname === TENANT_SEGMENT || pathname.startsWith(`${TENANT_SEGMENT}/`) || pathname === SITE_SEGMENT || pathname.startsWith(`${SITE_SEGMENT}/`);
  const rewrite = (path: string) => {
    const url = req.nextUrl.clone();
    url.pathname = path;
    return NextResponse.rewrite(url, { request: { headers } });
  };
  if (internal) return rewrite("/_not-found");

  switch (host.kind) {
    case "tenant":
      return rewrite(`${TENANT_SEGMENT}/${host.subdomain}${pathname === "/" ? "" : pathname}`);
    case "main":
      if (isMainSitePath(pathname)) return rewrite(`${SITE_SEGMENT}${pathname}`);
      // On a local root, the signed-in app is the demo workspace's (decisions: fallback tenant).
      if (host.local) return NextResponse.redirect(new URL(`${pathname}${search}`, fallbackWorkspaceOrigin(rootDomainFromEnv())));
      return rewrite(`${SITE_SEGMENT}${pathname === "/" ? "" : pathname}`);
    default:
      return rewrite("/_not-found");
  }
}

export const config = {
  // Everything but Next's own assets, files with an extension (icons, fonts) and the /api routes
  // other than next-auth's. Route handlers need nothing from this proxy: they resolve the
  // workspace from the Host header alone (lib/api/route.ts), and Next itself drops its internal
  // headers from every incoming request. Skipping it there saves about a third of a survey
  // submission's server time (bench:surveys). /api/auth keeps it for X-Forwarded-Host = Host.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|api/(?!auth/)|.*\\.[a-z0-9]+$).*)"],
};
