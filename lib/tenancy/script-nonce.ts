/**
 * The nonce proxy.ts put in this request's Content-Security-Policy (the request header Next reads
 * for its own scripts), for an inline script of ours; undefined when the request has no policy, and
 * then none restricts the script either.
 */
export function scriptNonce(csp: string | null): string | undefined {
  const script = csp?.split(";").find((d) => d.trim().startsWith("script-src "));
  return /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(script ?? "")?.[1];
}
