import { test, expect } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

test("an admin raises the minimum group size; badges follow it; a manager only reads it", async ({ page, browser }) => {
  const ws = await createWorkspace("anon");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users?tab=teams"));
  // The workspace's team has one member: two short of 3.
  const people = page.locator("#user-management");
  await expect(people.getByText("Need 2 more")).toBeVisible();
  await page.goto(url(ws.subdomain, "/settings/anonymity"));
  const section = page.locator("#anonymity");
  const size = section.getByLabel("Minimum group size");
  await expect(size).toHaveValue("3");

  await size.selectOption({ label: "5 people" });
  await expect(section.getByTestId("anonymity-summary")).toContainText("at least 5 people");
  await section.getByRole("button", { name: "Save" }).click();
  await expect(toastText(page, "Anonymity setting saved")).toBeVisible();
  await page.reload();
  await expect(page.locator("#anonymity").getByLabel("Minimum group size")).toHaveValue("5");
  await page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "User Management" }).click();
  await page.locator("#user-management").getByRole("tab", { name: /Teams/ }).click();
  await expect(page).toHaveURL(url(ws.subdomain, "/settings/users?tab=teams"));
  await expect(page.locator("#user-management").getByText("Need 4 more")).toBeVisible();

  const manager = await (await browser.newContext()).newPage();
  await signInAs(manager, ws.subdomain, ws.manager.email, PASSWORD);
  await manager.goto(url(ws.subdomain, "/settings/anonymity"));
  await expect(manager.locator("#anonymity").getByLabel("Minimum group size")).toBeDisabled();
  await expect(manager.locator("#anonymity").getByRole("button", { name: "Save" })).toHaveCount(0);
});
