// Client-safe. Where the browser may be sent for Stripe's hosted pages (checkout, portal): only an
// absolute http(s) address. Anything else (javascript:, data:, a relative path) is refused, so a
// bad answer can never run script in the workspace's origin.

/** The address to navigate to, or null when it is not an absolute http(s) URL. */
export function externalPaymentUrl(url: unknown): string | null {
  if (typeof url !== "string") return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.href : null;
  } catch {
    return null;
  }
}
