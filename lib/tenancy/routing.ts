// Which paths belong to the public main site. Everything else on the main host needs a workspace.
const MAIN_SITE_PATHS = ["/login", "/signup", "/trial", "/landing", "/logos"];

export function isMainSitePath(pathname: string): boolean {
  return MAIN_SITE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Internal segment prefixes the proxy rewrites to; a client asking for them directly is refused. */
export const TENANT_SEGMENT = "/t";
export const SITE_SEGMENT = "/site";

/** The request header in which the proxy hands a workspace page its address as the visitor asked
 * for it (path and query, before the rewrite), so the signed-in layout can send a signed-out
 * visitor to the sign-in with a way back. Only the proxy sets it; a client's copy is dropped. */
export const REQUESTED_PATH_HEADER = "x-pulsewell-path";

/** The request header by which the proxy tells a catch-all page that it has answered the path
 * with 404 already (lib/tenancy/page-paths.ts), so the page renders 'Page Not Found' itself
 * instead of calling notFound(). Only the proxy sets it; a client's copy is dropped. */
export const UNKNOWN_PATH_HEADER = "x-pulsewell-unknown-path";
