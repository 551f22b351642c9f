// Every page a host serves, as the visitor addresses it: a workspace's pages (app/t/[tenant]/**,
// route groups dropped) and the main site's (app/site/**). "[name]" stands for one segment.
// tests/unit/page-paths.test.ts holds both lists to the page files, so a new page fails it until
// it is named here.
//
// Why the proxy needs them: any other path ends in a catch-all page, and a catch-all that calls
// notFound() gets Next 16's error document (<html id="__next_error__">: no lang, no content until
// the scripts have run). The proxy answers such a path with 404 itself and the catch-all renders
// 'Page Not Found' as an ordinary page, so the first HTML is the real page.
export const WORKSPACE_PAGES = [
  "/",
  "/accept-invite",
  "/admin/content-library",
  "/ai-coach",
  "/bulk-import",
  "/commitments",
  "/commitments/[planId]",
  "/commitments/new",
  "/confirm-email",
  "/forgot-password",
  "/login",
  "/one-on-one",
  "/one-on-one-meeting",
  "/one-on-one-prep",
  "/one-on-one/[meetingId]",
  "/pulse",
  "/reports",
  "/reset-password",
  "/settings",
  "/settings/anonymity",
  "/settings/billing",
  "/settings/email",
  "/settings/schedule",
  "/settings/users",
  "/surveys",
  "/surveys/[surveyId]",
  "/surveys/results/[surveyId]",
  "/undo-email-change",
  "/verify-email",
  "/welcome",
] as const;

export const SITE_PAGES = ["/", "/landing", "/login", "/logos", "/signup", "/trial"] as const;

/** The path's segments, percent-decoded as Next's router decodes them; null when one cannot be. */
function segmentsOf(pathname: string): string[] | null {
  try {
    return pathname
      .split("/")
      .filter((s) => s !== "")
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

function matches(pattern: string, segments: string[]): boolean {
  const want = pattern.split("/").filter((s) => s !== "");
  return want.length === segments.length && want.every((w, i) => (w.startsWith("[") ? true : w === segments[i]));
}

/** Whether some page of the list answers this path (a dynamic segment takes any one segment). */
export function isPagePath(pages: readonly string[], pathname: string): boolean {
  const segments = segmentsOf(pathname);
  return segments !== null && pages.some((p) => matches(p, segments));
}
