// Which paths belong to the public main site. Everything else on the main host needs a workspace.
const MAIN_SITE_PATHS = ["/login", "/signup", "/trial", "/landing", "/logos"];

export function isMainSitePath(pathname: string): boolean {
  return MAIN_SITE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Internal segment prefixes the proxy rewrites to; a client asking for them directly is refused. */
export const TENANT_SEGMENT = "/t";
export const SITE_SEGMENT = "/site";
