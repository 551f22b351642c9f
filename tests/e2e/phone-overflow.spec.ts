import { test, expect, type Page } from "./support/test";
import { MAIN, signInAs, workspaceUrl } from "./support/pages";
import { superuserQuery } from "./support/db";
import { createWorkspace } from "./support/workspace";
import { openSurveyLink } from "./support/open-survey";
import { pagePatterns } from "../support/page-files";

// No page is wider than a 390 px phone: every page file under app/ is visited, as each role that
// can open it, and the document must not scroll sideways. The list of pages is read from the page
// files, so a page added later fails the first test below until it says how to open it here.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

const DEMO_SUB = "freshleadershipworld";
const DEMO_PASSWORD = "Pulsewell-demo-2026";
const WHO = {
  admin: "admin@freshleadershipworld.com",
  // Jordan runs the demo's weekly 1:1 with Sam.
  manager: "jordan.lee@freshleadershipworld.com",
  employee: "sam.carter@freshleadershipworld.com",
} as const;
type Role = keyof typeof WHO | "signedOut";

/** Real rows the dynamic segments are filled with. */
type Ids = { meetingId: string; closedSurveyId: string; surveyLink: string; planId: string };

/** How to open a page: as whom, and its address (tenant pages on the demo's host). */
type Visit = { as: Role; path: (ids: Ids) => string };

const tenantPages: Record<string, Visit[]> = {
  "/": [
    { as: "admin", path: () => "/" },
    { as: "manager", path: () => "/" },
    { as: "employee", path: () => "/" },
  ],
  "/admin/content-library": [{ as: "admin", path: () => "/admin/content-library" }],
  "/ai-coach": [
    { as: "admin", path: () => "/ai-coach" },
    { as: "manager", path: () => "/ai-coach" },
  ],
  "/bulk-import": [{ as: "admin", path: () => "/bulk-import" }],
  "/commitments": [
    { as: "admin", path: () => "/commitments" },
    { as: "manager", path: () => "/commitments" },
    { as: "employee", path: () => "/commitments" },
  ],
  "/commitments/new": [
    { as: "admin", path: () => "/commitments/new" },
    { as: "manager", path: () => "/commitments/new" },
  ],
  "/commitments/[planId]": [{ as: "admin", path: (ids) => `/commitments/${ids.planId}` }],
  "/one-on-one": [
    { as: "admin", path: () => "/one-on-one" },
    { as: "manager", path: () => "/one-on-one" },
    { as: "employee", path: () => "/one-on-one" },
  ],
  "/one-on-one/[meetingId]": [
    { as: "manager", path: (ids) => `/one-on-one/${ids.meetingId}` },
    { as: "employee", path: (ids) => `/one-on-one/${ids.meetingId}` },
  ],
  "/one-on-one-meeting": [{ as: "manager", path: (ids) => `/one-on-one-meeting?meetingId=${ids.meetingId}` }],
  "/one-on-one-prep": [{ as: "employee", path: (ids) => `/one-on-one-prep?meetingId=${ids.meetingId}` }],
  "/pulse": [{ as: "admin", path: () => "/pulse" }],
  "/reports": [{ as: "admin", path: () => "/reports" }],
  "/settings": [
    { as: "admin", path: () => "/settings" },
    { as: "employee", path: () => "/settings" },
  ],
  "/settings/anonymity": [{ as: "admin", path: () => "/settings/anonymity" }],
  "/settings/billing": [{ as: "admin", path: () => "/settings/billing" }],
  "/settings/email": [{ as: "admin", path: () => "/settings/email" }],
  "/settings/schedule": [{ as: "admin", path: () => "/settings/schedule" }],
  "/settings/users": [
    { as: "admin", path: () => "/settings/users" },
    { as: "admin", path: () => "/settings/users?tab=teams" },
    { as: "admin", path: () => "/settings/users?tab=org-chart" },
    { as: "admin", path: () => "/settings/users?tab=permissions" },
  ],
  "/surveys": [
    { as: "admin", path: () => "/surveys" },
    { as: "employee", path: () => "/surveys" },
  ],
  "/surveys/results/[surveyId]": [{ as: "admin", path: (ids) => `/surveys/results/${ids.closedSurveyId}` }],
  "/[...rest]": [
    { as: "admin", path: () => "/no-such-page" },
    { as: "signedOut", path: () => "/no-such-page" },
  ],
  "/accept-invite": [{ as: "signedOut", path: () => "/accept-invite?token=not-a-real-token" }],
  "/confirm-email": [{ as: "signedOut", path: () => "/confirm-email?token=not-a-real-token" }],
  "/forgot-password": [{ as: "signedOut", path: () => "/forgot-password" }],
  "/login": [{ as: "signedOut", path: () => "/login" }],
  "/reset-password": [{ as: "signedOut", path: () => "/reset-password?token=not-a-real-token" }],
  "/surveys/[surveyId]": [{ as: "signedOut", path: (ids) => ids.surveyLink }],
  "/undo-email-change": [{ as: "signedOut", path: () => "/undo-email-change?token=not-a-real-token" }],
  "/verify-email": [{ as: "signedOut", path: () => "/verify-email?token=not-a-real-token" }],
  "/welcome": [{ as: "signedOut", path: () => "/welcome" }],
};

/** The public site, on the main host, signed out. */
const sitePages: Record<string, string> = {
  "/": "/",
  "/landing": "/landing",
  "/login": "/login",
  "/logos": "/logos",
  "/signup": "/signup",
  "/trial": "/trial",
  "/[...rest]": "/logos/no-such-page",
};

test("every page file has a way to open it here @phone", () => {
  const tenant = pagePatterns("app/t/[tenant]");
  const site = pagePatterns("app/site");
  expect(tenant.length).toBeGreaterThan(20);
  expect(
    tenant.filter((p) => !(p in tenantPages)),
    "pages under app/t/[tenant] with no entry in tenantPages",
  ).toEqual([]);
  expect(
    site.filter((p) => !(p in sitePages)),
    "pages under app/site with no entry in sitePages",
  ).toEqual([]);
  // And no entry names a page that no longer exists.
  expect(Object.keys(tenantPages).filter((p) => !tenant.includes(p))).toEqual([]);
  expect(Object.keys(sitePages).filter((p) => !site.includes(p))).toEqual([]);
});

type Overflow = { url: string; scrollWidth: number; clientWidth: number; widest: string[] };

/** Waits for the page to settle, then measures it; on overflow, names the elements that stick out
 * furthest (outside any element that scrolls or clips them itself). */
async function measure(page: Page, url: string): Promise<Overflow | null> {
  const response = await page.goto(url);
  expect(response?.status() ?? 0, `${url} answered`).toBeLessThan(500);
  // Every page has one heading; waiting for it waits for the content (a page without one is still
  // measured: the overflow is what this test is about).
  await expect(page.locator("h1").first())
    .toBeVisible()
    .catch(() => undefined);
  // Lists load in the browser after the first HTML: give them the moment they take.
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  // A 404 from notFound() arrives as Next's error shell (<html id="__next_error__">, no lang) and
  // is rendered in the browser (vercel/next.js#62228); under load the axe scan of this page could
  // run before that. The root layout's <html lang> marks the rendered page.
  await page.waitForSelector("html[lang]", { state: "attached", timeout: 20_000 });
  return page.evaluate((address) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= doc.clientWidth) return null;
    const limit = doc.clientWidth + 0.5;
    const clipped = (el: Element): boolean => {
      for (let a = el.parentElement; a && a !== document.body && a !== doc; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowX !== "visible" || s.position === "fixed") return true;
      }
      return getComputedStyle(el).position === "fixed";
    };
    const describe = (el: Element, right: number) => {
      const cls = typeof el.className === "string" ? el.className.trim().split(/\s+/).slice(0, 6).join(".") : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${cls ? `.${cls}` : ""} right=${Math.round(right)}px "${text}"`;
    };
    const out: { el: Element; right: number }[] = [];
    for (const el of Array.from(document.body.querySelectorAll("*"))) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= limit || clipped(el)) continue;
      out.push({ el, right: r.right });
    }
    // The outermost element of each offending branch first: that is where the width comes from.
    const roots = out.filter((o) => !out.some((p) => p.el !== o.el && p.el.contains(o.el) && p.right >= o.right));
    roots.sort((a, b) => b.right - a.right);
    return {
      url: address,
      scrollWidth: doc.scrollWidth,
      clientWidth: doc.clientWidth,
      widest: roots.slice(0, 3).map((o) => describe(o.el, o.right)),
    };
  }, url);
}

let ids: Ids | undefined;

/** The demo's 1:1 between Jordan and Sam, its latest closed survey, its action plan, and a survey link with a token
 * (a fresh workspace's open survey, so the demo's own surveys stay as they are). */
async function demoIds(): Promise<Ids> {
  if (ids) return ids;
  const [meeting] = await superuserQuery<{ id: string }>(
    `SELECT m.id FROM "Meeting" m
       JOIN "User" e ON e."organizationId" = m."organizationId" AND e.id = m."employeeId"
      WHERE e.email = $1 ORDER BY (m.status = 'completed') DESC, m."scheduledAt" DESC LIMIT 1`,
    [WHO.employee],
  );
  const [survey] = await superuserQuery<{ id: string }>(
    `SELECT s.id FROM "Survey" s JOIN "Organization" o ON o.id = s."organizationId"
      WHERE o.subdomain = $1 AND s.status = 'closed' ORDER BY s."closesAt" DESC LIMIT 1`,
    [DEMO_SUB],
  );
  if (!meeting || !survey) throw new Error("The demo workspace has no 1:1 meeting or closed survey");
  // The demo's published action plan, with its check-back results (the widest plan page).
  const [plan] = await superuserQuery<{ id: string }>(
    `SELECT p.id FROM "ActionPlan" p JOIN "Organization" o ON o.id = p."organizationId"
      WHERE o.subdomain = $1 ORDER BY (p.status = 'published') DESC, p."createdAt" LIMIT 1`,
    [DEMO_SUB],
  );
  if (!plan) throw new Error("The demo workspace has no action plan");
  const surveyLink = await openSurveyLink(await createWorkspace("phs"));
  ids = {
    meetingId: meeting.id,
    closedSurveyId: survey.id,
    surveyLink,
    planId: plan.id,
  };
  return ids;
}

const report = (found: Overflow[]) =>
  found.map((o) => `${o.url}: ${o.scrollWidth} px wide on ${o.clientWidth} px\n    ${o.widest.join("\n    ")}`);

for (const role of ["admin", "manager", "employee", "signedOut"] as const) {
  test(`no page is wider than a 390 px phone, as ${role === "signedOut" ? "a visitor" : `the ${role}`} @phone`, async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const known = await demoIds();
    if (role !== "signedOut") await signInAs(page, DEMO_SUB, WHO[role], DEMO_PASSWORD);
    const urls = Object.values(tenantPages)
      .flat()
      .filter((v) => v.as === role)
      .map((v) => {
        const p = v.path(known);
        return p.startsWith("http") ? p : workspaceUrl(DEMO_SUB, p);
      });
    if (role === "signedOut") urls.push(...Object.values(sitePages).map((p) => `${MAIN}${p}`));
    const found: Overflow[] = [];
    for (const url of urls) {
      const o = await measure(page, url);
      if (o) found.push(o);
    }
    expect(report(found), `${urls.length} pages checked`).toEqual([]);
  });
}
