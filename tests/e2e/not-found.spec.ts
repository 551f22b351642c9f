// 'Page Not Found' inside a workspace: a real 404 either way; signed in, inside the app shell
// (sidebar on a desktop, tab bar on a phone); signed out, the standalone page without it.
import { ROOT } from "../../playwright.config";
import { expect, test } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, workspaceUrl } from "./support/pages";
import { hostOf, request, signIn } from "./support/http";

let ws: Workspace;
test.beforeAll(async () => {
  ws = await createWorkspace("nf");
});

test("signed in, an unknown path is a 404 inside the shell; signed out, the page without it", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  const res = await page.goto(workspaceUrl(ws.subdomain, "/nope"));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.locator("main")).toHaveCount(1);
  const deep = await page.goto(workspaceUrl(ws.subdomain, "/no/such/page"));
  expect(deep?.status()).toBe(404);
  await expect(sidebar).toBeVisible();

  await page.context().clearCookies();
  const out = await page.goto(workspaceUrl(ws.subdomain, "/nope"));
  expect(out?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the 404 keeps the tab bar", async ({ page }) => {
    await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
    const res = await page.goto(workspaceUrl(ws.subdomain, "/nope"));
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Tab bar" })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  });
});

/** The HTML as it paints before any script runs (the RSC payload repeats the page's text). */
const painted = (body: string) => body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

// The proxy answers a path no page serves with 404 and the catch-all renders the page itself, so
// the first HTML is the whole 'Page Not Found', with its language: before, a run-time notFound()
// sent Next's error document (<html id="__next_error__">, no lang, empty until the scripts ran).
test("a 404's first HTML is the page itself, in the shell when signed in, on the workspace and the main site", async () => {
  const host = hostOf(ws.subdomain);
  const cookie = await signIn(ws.subdomain, ws.employee.email, PASSWORD);
  expect(cookie, "sign-in").toBeTruthy();
  const cases = [
    { name: "signed out", host, path: "/nope", cookie: undefined, shell: false },
    { name: "signed out, deep", host, path: "/commitments/a/b", cookie: undefined, shell: false },
    { name: "signed in", host, path: "/no/such/page", cookie: cookie!, shell: true },
    { name: "main site, under a site page", host: ROOT, path: "/logos/no-such-page", cookie: undefined, shell: false },
    { name: "an internal segment", host, path: "/t/whatever", cookie: undefined, shell: false },
  ];
  for (const c of cases) {
    const res = await request({ host: c.host, path: c.path, cookie: c.cookie });
    expect(res.status, `${c.name}: ${c.path}`).toBe(404);
    const html = painted(res.body);
    expect(html, c.name).toMatch(/<html lang="en"/);
    expect(html, c.name).not.toContain("__next_error__");
    expect(html, c.name).toContain("Page Not Found</h1>");
    expect(html, c.name).toContain("<title>Page Not Found");
    expect(html.includes('aria-label="Sidebar"'), `${c.name}: the app shell`).toBe(c.shell);
  }
  // The pages next to them are untouched.
  for (const path of ["/login", "/surveys/not-a-real-id", "/welcome"])
    expect((await request({ host, path })).status, path).toBe(200);
  expect((await request({ host, path: "/commitments" })).status, "a signed-in page, signed out").toBe(307);
});

// An unknown workspace is only known as such by the database, after the proxy: its 404 is still a
// run-time notFound() and so Next's error document, which the client then renders over. With every
// script held back 1.5 s (about 4 s in all, as the loads chain), as on a loaded CI machine, the
// page must still end as the real 404 with its lang, and the axe check must judge that document,
// not Next's placeholder (it reported 'html-has-lang' before the watcher waited for it).
test("with slow scripts an unknown workspace's 404 still ends as the real page, with its language", async ({
  page,
}) => {
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const res = await page.goto(workspaceUrl(`gone${ws.subdomain}`, "/"), { waitUntil: "commit" });
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
