// The main site's home is its root address, on a local start too (docs/decisions.md (Hosts and tenancy)).
export function siteHomeHref(): string {
  return "/";
}

export const LOGIN_HREF = "/login";
export const SIGNUP_HREF = "/signup";
