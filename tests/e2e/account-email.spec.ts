import { test, expect } from "./support/test";
import { linkFromMail } from "./support/mail";
import { signInAs, workspaceUrl } from "./support/pages";
import { createWorkspace, PASSWORD } from "./support/workspace";

// A person changes the address they sign in with, as they would: Settings > Your account, the
// link mailed to the new address (opened signed in), then sign-in with the new address. The old
// address gets the notice with its undo link, which puts the old address back and signs out.
test("a person changes their e-mail from Settings, confirms it from the new mailbox and signs in with it", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const ws = await createWorkspace("acct");
  const fresh = `eve.new@${ws.subdomain}.example`;
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);

  await page.goto(workspaceUrl(ws.subdomain, "/settings"));
  const form = page.getByRole("form", { name: "Change e-mail" });
  await form.getByLabel("New e-mail").fill(fresh);
  await form.getByLabel("Current password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Change e-mail" }).click();
  await expect(form.getByRole("status")).toContainText(`We sent a link to ${fresh}.`);
  // Nothing has changed yet.
  await page.reload();
  await expect(page.locator("dd").getByText(ws.employee.email, { exact: true })).toBeVisible();

  await page.goto(await linkFromMail(fresh, /http:\/\/\S+\/confirm-email\?token=\S+/));
  await expect(page.getByRole("heading", { name: "Confirm your new e-mail" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm new e-mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Your e-mail is now ${fresh}.` })).toBeVisible();
  await page.getByRole("link", { name: "Sign in with your new e-mail" }).click();
  await page.waitForURL(workspaceUrl(ws.subdomain, "/login"));

  // Every session ended; the old address no longer signs in; the new one does.
  await page.getByLabel("Work email").fill(ws.employee.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Invalid email or password.")).toBeVisible();
  await signInAs(page, ws.subdomain, fresh, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/settings"));
  await expect(page.locator("dd").getByText(fresh, { exact: true })).toBeVisible();

  // The old address was told at once, with a link that undoes the change without signing in.
  const undo = await linkFromMail(ws.employee.email, /http:\/\/\S+\/undo-email-change\?token=\S+/);
  const mailbox = await browser.newContext();
  const other = await mailbox.newPage();
  await other.goto(undo);
  await expect(other.getByRole("heading", { name: "Undo the e-mail change" })).toBeVisible();
  await other.getByRole("button", { name: "Restore my e-mail" }).click();
  await expect(
    other.getByRole("status").filter({ hasText: `Your e-mail is ${ws.employee.email} again` }),
  ).toBeVisible();
  await mailbox.close();

  // The session signed in with the new address has ended.
  await page.goto(workspaceUrl(ws.subdomain, "/settings"));
  await page.waitForURL(/\/login/);
});
