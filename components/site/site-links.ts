import { rootDomainFromEnv, siteProtocol } from "@/lib/tenancy/site";

// On a local root the proxy hands "/" to the demo workspace (docs/decisions.md (Hosts and tenancy)), so the
// main site's own home there is the landing page's address instead.
export function siteHomeHref(rootDomain: string = rootDomainFromEnv()): string {
  return siteProtocol(rootDomain) === "http" ? "/trial" : "/";
}

export const LOGIN_HREF = "/login";
export const SIGNUP_HREF = "/signup";
