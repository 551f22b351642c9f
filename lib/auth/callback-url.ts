// Where a person goes after signing in: the workspace page they were opening when the sign-in
// stopped them. The value arrives in the sign-in page's URL, so anyone can write it; only a path
// of this same workspace is ever followed, anything else means the dashboard. Pure (no I/O), so
// the layout that sends people to sign in, the sign-in page and the tests share one rule.

/** The dashboard: where a missing or refused return address leads. */
export const DASHBOARD_PATH = "/";

/** Longer than any page address of the app with its query; a longer value is not ours. */
export const MAX_CALLBACK_LENGTH = 512;

// Pages a return to would be pointless or loop: the sign-in itself and the single-use links
// that lead to it. /api answers JSON, never a page; /_next holds the build's files.
const NOT_A_DESTINATION = [
  "/login",
  "/accept-invite",
  "/reset-password",
  "/forgot-password",
  "/welcome",
  "/verify-email",
  "/confirm-email",
  "/undo-email-change",
  "/api",
  "/_next",
];

// Only printable ASCII minus the backslash: no control characters, no spaces, no Unicode that a
// browser could fold into "/" or "\" (fullwidth solidus and friends).
const PATH_CHARS = /^[!-[\]-~]+$/;
const PROBE_ORIGIN = "http://workspace.invalid";

/**
 * The same-workspace path (with its query) in `value`, or the dashboard. Accepted: one leading
 * "/" followed by anything but a second "/" or "\"; printable ASCII only and no backslash at
 * all; no scheme, no host (the URL parser must keep it on the same origin); not the sign-in page
 * or the links around it; at most MAX_CALLBACK_LENGTH characters.
 */
export function safeCallbackPath(value: unknown): string {
  if (typeof value !== "string") return DASHBOARD_PATH;
  if (value.length === 0 || value.length > MAX_CALLBACK_LENGTH) return DASHBOARD_PATH;
  if (!PATH_CHARS.test(value)) return DASHBOARD_PATH;
  if (value[0] !== "/" || value[1] === "/") return DASHBOARD_PATH;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return DASHBOARD_PATH;
  }
  if (url.origin !== PROBE_ORIGIN) return DASHBOARD_PATH;
  // The parser's own reading (dot segments resolved, percent-encoding kept), so "/x/../login"
  // is judged as the /login it is.
  const path = url.pathname;
  const lower = path.toLowerCase();
  if (NOT_A_DESTINATION.some((p) => lower === p || lower.startsWith(`${p}/`))) return DASHBOARD_PATH;
  // The resolved path is checked again: "/a/..//x" resolves to "//x", which a browser reads as
  // another host. An encoded slash or backslash there could become one once decoded.
  if (/^\/(\/|\\|%2f|%5c)/i.test(path)) return DASHBOARD_PATH;
  return `${path}${url.search}`;
}

/** The sign-in page's address for a signed-out visit to `pathWithQuery` (the dashboard needs no
 * return address: it is where sign-in lands anyway). */
export function signInPathFor(pathWithQuery: string | null | undefined): string {
  const back = safeCallbackPath(pathWithQuery);
  return back === DASHBOARD_PATH ? "/login" : `/login?callbackUrl=${encodeURIComponent(back)}`;
}
