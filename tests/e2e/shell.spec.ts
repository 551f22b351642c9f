import { test, expect, AxeBuilder } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { signInAs, workspaceUrl as url } from "./support/pages";

const DEMO = { email: "admin@freshleadershipworld.com", password: "Pulsewell-demo-2026" };
test("the demo admin signs in, sees the shell, reads a notification and signs out", async ({ page }) => {
  await page.goto(url("freshleadershipworld", "/"));
  await expect(page).toHaveURL(url("freshleadershipworld", "/login"));
  await signInAs(page, "freshleadershipworld", DEMO.email, DEMO.password);
  await expect(page.getByRole("heading", { name: "Welcome, Alex" })).toBeVisible();
  const nav = page.getByRole("navigation").first();
  for (const label of ["Dashboard", "Surveys", "Commitments", "1-on-1s", "Boss Bot", "Settings", "Content Library"]) {
    await expect(nav.getByRole("link", { name: label })).toBeVisible();
  }
  // The demo comes with eight weeks of answered pulse rounds: real scores, not '--'.
  await expect(page.getByText(/^\d{1,2}\.\d$/).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Weekly trends" })).toBeVisible();

  // The bell names its unread count once the client has loaded the list: waiting for that name
  // also waits for hydration, so the click below is never lost on a server-rendered button.
  const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  const pop = page.getByRole("dialog");
  await expect(pop.getByText("1 unread")).toBeVisible();
  await expect(pop.getByText("Welcome to your workspace")).toBeVisible();
  await pop.getByRole("button", { name: /mark .*read/i }).click();
  await expect(pop.getByText("All caught up!")).toBeVisible();
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: /Alex Morgan/ }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page).toHaveURL(url("freshleadershipworld", "/login"));
  await page.goto(url("freshleadershipworld", "/settings"));
  await expect(page).toHaveURL(url("freshleadershipworld", "/login?callbackUrl=%2Fsettings"));
});

test("a wrong password is refused with one message for both cases", async ({ page }) => {
  await page.goto(url("freshleadershipworld", "/login"));
  await page.getByLabel("Work email").fill(DEMO.email);
  await page.getByLabel("Password", { exact: true }).fill("Not-the-password-1");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
  await page.getByLabel("Work email").fill("nobody@freshleadershipworld.com");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
});

test("another organisation's browser cannot see the first one's pages", async ({ browser }) => {
  const other: Workspace = await createWorkspace("ctx");
  const first = await browser.newContext();
  const second = await browser.newContext();
  const p1 = await first.newPage();
  const p2 = await second.newPage();
  await signInAs(p1, "freshleadershipworld", DEMO.email, DEMO.password);
  await signInAs(p2, other.subdomain, other.admin.email, PASSWORD);
  await expect(p2.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
  // The second context holds a valid session, but only for its own host.
  await p2.goto(url("freshleadershipworld", "/settings"));
  await expect(p2).toHaveURL(url("freshleadershipworld", "/login?callbackUrl=%2Fsettings"));
  const status = await p2.evaluate(async () => (await fetch("/api/auth/session")).status);
  expect(status).toBe(401);
  await p1.goto(url("freshleadershipworld", "/settings"));
  await expect(p1.getByText("admin@freshleadershipworld.com").first()).toBeVisible();
  await expect(p1.getByText(other.admin.email)).toHaveCount(0);
  await first.close();
  await second.close();
});

test("an unknown path in the workspace shows 'Page Not Found'", async ({ page }) => {
  await signInAs(page, "freshleadershipworld", DEMO.email, DEMO.password);
  const res = await page.goto(url("freshleadershipworld", "/no/such/page"));
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("forgot password: the e-mail from the outbox resets it and ends old sessions", async ({ page, browser }) => {
  const ws = await createWorkspace("pw");
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, ws.subdomain, ws.employee.email, PASSWORD);

  await page.goto(url(ws.subdomain, "/login"));
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Work email").fill(ws.employee.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();

  const link = await linkFromMail(ws.employee.email, /http:\/\/\S+\/reset-password\?token=\S+/);

  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("Brand-new-pass-7");
  await page.getByLabel("Confirm password", { exact: true }).fill("Brand-new-pass-7");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await page.getByLabel("Work email").fill(ws.employee.email);
  await page.getByLabel("Password", { exact: true }).fill("Brand-new-pass-7");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Welcome, Eve" })).toBeVisible();
  // Employees get no Content Library entry.
  await expect(page.getByRole("link", { name: "Content Library" })).toHaveCount(0);

  // The session opened before the reset is over.
  await otherPage.goto(url(ws.subdomain, "/settings"));
  await expect(otherPage).toHaveURL(url(ws.subdomain, "/login?callbackUrl=%2Fsettings"));
  // The link is single-use.
  await page.goto(link);
  await expect(page.getByText("This link cannot be used")).toBeVisible();
  await other.close();
});

test("while a navigation waits for the server, the link pressed says so, and the page then arrives whole", async ({
  page,
}) => {
  await signInAs(page, "freshleadershipworld", DEMO.email, DEMO.password);
  await expect(page.getByRole("heading", { name: "Welcome, Alex" })).toBeVisible();
  // Pages have no loading.tsx (their first HTML carries their content): between the press and the
  // new page, the link is all there is to show. The server's answer is held until checked.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/reports\?_rsc=/, async (route) => {
    await held;
    await route.continue();
  });
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  const reports = nav.getByRole("link", { name: /^Reports/ });
  await reports.click();
  await expect(reports.getByRole("status")).toHaveText("Loading reports...");
  await expect(page.getByRole("heading", { name: "Welcome, Alex" })).toBeVisible();
  release();
  await expect(page.getByRole("heading", { name: "Reports", exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Team Rankings" })).toBeVisible();
  await expect(reports.getByRole("status")).toHaveText("");
  await expect(reports).toHaveAttribute("aria-current", "page");
});

test("sign-in and dashboard pages have no serious accessibility violations", async ({ page }) => {
  await page.goto(url("freshleadershipworld", "/login"));
  const login = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(login.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
  await signInAs(page, "freshleadershipworld", DEMO.email, DEMO.password);
  const dash = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(dash.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
});

test("on a phone the bottom tab bar has one column per page the role may use: 7 for an admin, 6 for a manager, 5 for an employee @phone", async ({
  page,
  browser,
}) => {
  await signInAs(page, "freshleadershipworld", DEMO.email, DEMO.password);
  const bar = page.getByRole("navigation", { name: /tab/i });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link")).toHaveCount(7);
  await expect(bar.getByRole("link", { name: "Content" })).toBeVisible();
  // Seven columns still fit the phone, every label whole (none cut short with an ellipsis).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  for (const label of await bar.locator("span.truncate").all())
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), await label.innerText()).toBe(true);

  const ws = await createWorkspace("ph");
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  const mgrCtx = await browser.newContext(phone);
  const mgr = await mgrCtx.newPage();
  await signInAs(mgr, ws.subdomain, ws.manager.email, PASSWORD);
  const mgrBar = mgr.getByRole("navigation", { name: /tab/i });
  await expect(mgrBar.getByRole("link")).toHaveCount(6);
  await expect(mgrBar.getByRole("link", { name: "Boss Bot" })).toBeVisible();
  await mgrCtx.close();

  const ctx = await browser.newContext(phone);
  const p = await ctx.newPage();
  await signInAs(p, ws.subdomain, ws.employee.email, PASSWORD);
  const empBar = p.getByRole("navigation", { name: /tab/i });
  await expect(empBar.getByRole("link")).toHaveCount(5);
  await expect(empBar.getByRole("link")).toHaveText(["Home", "Surveys", "Plans", "1-on-1s", "Settings"]);
  // The tab bar fits the phone: no column is cut off and nothing scrolls sideways.
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // Nor does the slide-out menu offer what employees may not use.
  await p.getByRole("button", { name: "Open menu" }).click();
  const menu = p.getByRole("dialog");
  await expect(menu.getByRole("link", { name: "Settings" })).toBeVisible();
  for (const href of EMPLOYEES_NEVER) await expect(p.locator(`a[href="${href}"]`)).toHaveCount(0);
  await ctx.close();
});

// Employees have no analytics, no Boss Bot and none of the admins' pages (docs/decisions.md (Roles and permissions)).
const EMPLOYEES_NEVER = ["/pulse", "/reports", "/ai-coach", "/admin/content-library", "/bulk-import"];

test("an employee's sidebar has no Boss Bot, Pulse Overview or Reports, and those pages say 'Access Restricted'", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("emp");
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "1-on-1s" })).toBeVisible();
  // Counted in the whole document, hidden sub-lists included: the links are not there at all.
  for (const href of EMPLOYEES_NEVER) await expect(page.locator(`a[href="${href}"]`)).toHaveCount(0);
  for (const label of ["Boss Bot", "Pulse Overview", "Reports", "Content Library", "Bulk Import"]) {
    await expect(page.getByRole("link", { name: label, includeHidden: true })).toHaveCount(0);
  }

  for (const [path, sentence] of [
    ["/pulse", "Pulse Overview is for admins and managers."],
    ["/reports", "The Reports page is for admins and managers."],
    ["/ai-coach", "Boss Bot is for admins and managers."],
    ["/admin/content-library", "The Content Library is for admins."],
  ] as const) {
    await page.goto(url(ws.subdomain, path));
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expect(page.getByText(sentence)).toBeVisible();
    await expect(page.getByText("under development")).toHaveCount(0);
  }
  // 1:1s are every role's: the employee gets the page, not the restriction.
  await page.goto(url(ws.subdomain, "/one-on-one"));
  await expect(page.getByRole("heading", { name: "1:1 Meetings" })).toBeVisible();

  // A manager is offered Pulse Overview, Reports and Boss Bot, and Boss Bot opens.
  const mgrCtx = await browser.newContext();
  const mgr = await mgrCtx.newPage();
  await signInAs(mgr, ws.subdomain, ws.manager.email, PASSWORD);
  for (const href of ["/pulse", "/reports", "/ai-coach"])
    await expect(mgr.locator(`aside a[href="${href}"]`)).toHaveCount(1);
  await expect(mgr.locator('a[href="/admin/content-library"], a[href="/bulk-import"]')).toHaveCount(0);
  await mgr.goto(url(ws.subdomain, "/ai-coach"));
  await expect(mgr.getByRole("heading", { name: "Boss Bot" })).toBeVisible();
  await mgrCtx.close();
});
