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
