// 'Page Not Found' inside a workspace: a real 404 either way; signed in, inside the app shell
// (sidebar on a desktop, tab bar on a phone); signed out, the standalone page without it.
import { expect, test } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, workspaceUrl } from "./support/pages";

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

// Next answers a run-time notFound() with its error document (<html id="__next_error__">, no lang,
// empty head) and renders the page over it when the scripts run. With every script held back
// 1.5 s (about 4 s in all, as the loads chain), as on a loaded CI machine, the page must still end
// as the real 404 with its lang, and the axe check must judge that document, not Next's
// placeholder (it reported 'html-has-lang' here before the watcher waited for it).
test("with slow scripts the 404 still ends as the real page, with its language", async ({ page }) => {
  await page.route("**/_next/static/**/*.js", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const res = await page.goto(workspaceUrl(ws.subdomain, "/nope"), { waitUntil: "commit" });
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found", level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
