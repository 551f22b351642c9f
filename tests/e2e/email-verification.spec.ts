import { test, expect } from "./support/test";
import { randomBytes } from "node:crypto";
import { hasMailTo, linkFromMail, linksFromMail } from "./support/mail";
import { MAIN, toastText, workspaceUrl } from "./support/pages";

// Signup e-mail verification (docs/decisions.md (Accounts and sign-in)), as a new customer lives it: the new workspace
// says that mail to other people waits, an invitation indeed waits, a new link replaces the first, and opening it
// (signed in or not) confirms the address, sends the waiting invitation and removes the banner.
test("a new workspace confirms its admin's address from the mailbox, and the mail that waited goes out", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const id = randomBytes(3).toString("hex");
  const subdomain = `verify-${id}`;
  const ava = `ava@${subdomain}.example`;
  const omar = `omar@${subdomain}.example`;
  const password = "Verify-pass-2026";
  const verifyLink = /http:\/\/\S+\/verify-email\?token=\S+/;

  await page.goto(`${MAIN}/signup`);
  await page.getByLabel("First name").fill("Ava");
  await page.getByLabel("Last name").fill("Lindqvist");
  await page.getByLabel("Work email").fill(ava);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByLabel("Company name").fill(`Verify ${id}`);
  await page.getByLabel("Company size").selectOption("11-50");
  await expect(page.getByLabel("Workspace address")).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.getByRole("button", { name: "Go to Dashboard Now" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/"));
  await expect(page.getByRole("heading", { name: "Welcome, Ava" })).toBeVisible();

  const banner = page.getByRole("region", { name: "Confirm your e-mail address" });
  await expect(banner).toContainText(
    "E-mails to other people, such as invitations and surveys, wait until the workspace's e-mail address is confirmed",
  );
  await expect(banner).toContainText(`Open the link we sent to ${ava}.`);

  // An invitation now waits in the outbox.
  await page.goto(workspaceUrl(subdomain, "/settings/users"));
  await expect(banner).toBeVisible();
  const people = page.locator("#user-management");
  await people.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await dialog.getByLabel("First name").fill("Omar");
  await dialog.getByLabel("Last name").fill("Haddad");
  await dialog.getByLabel("Email").fill(omar);
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();

  // A new link replaces the first one.
  await banner.getByRole("button", { name: "Resend verification e-mail" }).click();
  await expect(banner.getByRole("status")).toHaveText(
    `We sent a new confirmation link to ${ava}. The earlier link no longer works.`,
  );
  const [first, second] = await linksFromMail(ava, verifyLink, 2);
  expect(second).not.toBe(first);
  // The resent link was queued after the invitation and has been delivered; the invitation has not.
  expect(hasMailTo(omar)).toBe(false);

  const stranger = await browser.newContext();
  const other = await stranger.newPage();
  await other.goto(first!);
  await expect(other.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  // Opening the current link confirms the address, signed in or not.
  await other.goto(second!);
  await expect(other.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await other.goto(second!);
  await expect(other.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await stranger.close();

  // The invitation that waited is sent, and the banner is gone.
  expect(await linkFromMail(omar, /http:\/\/\S+\/accept-invite\?token=\S+/)).toContain(`${subdomain}.`);
  await page.goto(workspaceUrl(subdomain, "/"));
  await expect(page.getByRole("heading", { name: "Welcome, Ava" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Confirm your e-mail address" })).toHaveCount(0);
});
