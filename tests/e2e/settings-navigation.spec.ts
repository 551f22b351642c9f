import { test, expect, type Page } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

// The browser's own zone, which the picker offers.
test.use({ timezoneId: "Europe/Berlin" });

const settingsNav = (page: Page) => page.getByRole("navigation", { name: "Settings" });

test("Settings has a page per section, and the pulse's time zone is found by typing or taken from the browser", async ({
  page,
}) => {
  const ws = await createWorkspace("tz");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings"));
  const nav = settingsNav(page);
  await expect(nav.getByRole("link")).toHaveText([
    "Your account",
    "Email Settings",
    "Survey Schedule",
    "Anonymity",
    "User Management",
    "Billing & Subscription",
  ]);
  await expect(nav.getByRole("link", { name: "Your account" })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle(/^Your account · Settings/);

  await nav.getByRole("link", { name: "Survey Schedule" }).click();
  await expect(page).toHaveURL(url(ws.subdomain, "/settings/schedule"));
  await expect(page).toHaveTitle(/^Survey Schedule · Settings/);
  await expect(nav.getByRole("link", { name: "Survey Schedule" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Your account" })).not.toHaveAttribute("aria-current");

  // Typing narrows the list; Enter takes the highlighted zone instead of submitting the form.
  const zone = page.getByRole("combobox", { name: "Time zone" });
  await expect(zone).toHaveValue("UTC");
  await zone.pressSequentially("new yo");
  const list = page.getByRole("listbox", { name: "Time zones" });
  await expect(list.getByRole("option").first()).toHaveText("America/New York");
  await expect(zone).toHaveAttribute("aria-expanded", "true");
  await zone.press("Enter");
  await expect(list).toHaveCount(0);
  await expect(zone).toHaveValue("America/New York");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Schedule saved")).toBeVisible();
  await expect(page.getByTestId("pulse-next-send")).toContainText("(America/New_York)");

  await page.reload();
  await expect(zone).toHaveValue("America/New York");
  // Nothing typed: the browser's zone leads the list; arrows move the highlight, Escape keeps the value.
  await zone.press("ArrowDown");
  await expect(list.getByRole("option").first()).toContainText("Europe/Berlin");
  await expect(list.getByRole("option").first()).toContainText("Your time zone");
  await zone.press("Escape");
  await expect(list).toHaveCount(0);
  await expect(zone).toHaveValue("America/New York");
  // Nothing matches: said so, and no empty list.
  await zone.pressSequentially("atlantis");
  await expect(page.getByText("No time zone matches “atlantis”.")).toBeVisible();
  await expect(zone).toHaveAttribute("aria-expanded", "false");
  await zone.press("Escape");

  await page.getByRole("button", { name: "Use your time zone (Europe/Berlin)" }).click();
  await expect(zone).toHaveValue("Europe/Berlin");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("pulse-next-send")).toContainText("(Europe/Berlin)");
});

test("an employee lists only their account, and every other section's address says 'Access Restricted' without its content", async ({
  page,
}) => {
  const ws = await createWorkspace("tze");
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings"));
  await expect(settingsNav(page).getByRole("link")).toHaveText(["Your account"]);
  const sections = {
    "/settings/email": "Email Settings",
    "/settings/schedule": "Survey Schedule",
    "/settings/anonymity": "Anonymity",
    "/settings/users": "User Management",
    "/settings/billing": "Billing & Subscription",
  };
  for (const [path, label] of Object.entries(sections)) {
    await page.goto(url(ws.subdomain, path));
    await expect(page.getByRole("heading", { name: "Access Restricted", level: 2 })).toBeVisible();
    // One h1, the layout's 'Settings'.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(["Settings"]);
    await expect(page.getByRole("region", { name: label })).toHaveCount(0);
  }
});

test("@phone Settings on a phone: one row of sections, tabs that do not wrap, a permissions table that keeps its first column", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("tzp");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users?tab=permissions"));
  const nav = settingsNav(page);
  const navBox = (await nav.boundingBox())!;
  // One line of links (scrolling sideways), not a list down the screen.
  expect(navBox.height).toBeLessThan(60);
  await expect(nav.getByRole("link", { name: "User Management" })).toHaveAttribute("aria-current", "page");

  const tabs = page.getByRole("tablist", { name: "User management" });
  const tabBoxes = await Promise.all((await tabs.getByRole("tab").all()).map(async (t) => (await t.boundingBox())!));
  expect(new Set(tabBoxes.map((b) => Math.round(b.y))).size).toBe(1);
  await expect(page.getByRole("tab", { name: "Permissions" })).toHaveAttribute("aria-selected", "true");

  const region = page.getByRole("region", { name: "What each role can do" });
  const table = region.getByRole("table");
  await expect(table).toBeVisible();
  // The table scrolls inside its region; the capability column stays in view while it does.
  const regionBox = (await region.boundingBox())!;
  expect(regionBox.x + regionBox.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  const firstCapability = table.getByRole("rowheader").first();
  const before = (await firstCapability.boundingBox())!;
  await region.evaluate((el) => el.scrollBy({ left: 400 }));
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  const after = (await firstCapability.boundingBox())!;
  expect(after.x).toBeCloseTo(before.x, 0);
  await page.screenshot({ path: testInfo.outputPath("settings-permissions-phone.png"), fullPage: true });
});
