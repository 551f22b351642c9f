import { readFileSync } from "node:fs";
import { randomInt } from "node:crypto";
import { test, expect, type Page } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";
import { askedGroup, completeVaultSetup, groupOf, setupDialog, shownRecoveryKey } from "./support/vault";

// The personal vault through the browser: a new manager's first Boss Bot message waits for their
// recovery key to be saved (shown once; copy, download, print; one group typed back); the chat
// survives signing out and in; a password reset opens a new, empty vault (the reset page says so
// first), the old chat is sealed, and the recovery key brings it back. Also on a phone.

const SEALED = "Some of your conversations and private notes are sealed";
const RESET_WARNING =
  "Resetting your password opens a new, empty vault. Your Boss Bot conversations and private notes stay sealed until you enter your recovery key.";
const QUESTION = "How do I tell my team about a reorganisation?";
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

const conversations = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const messageBox = (page: Page) => page.getByPlaceholder("Ask for leadership guidance...");

/** A recovery key of the right shape that opens nothing. */
function strangerKey(): string {
  return Array.from({ length: 8 }, () =>
    Array.from({ length: 4 }, () => CROCKFORD[randomInt(CROCKFORD.length)]).join(""),
  ).join("-");
}

async function signIn(page: Page, sub: string, email: string, password: string, firstName: string): Promise<void> {
  await page.goto(url(sub, "/login"));
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${firstName}` })).toBeVisible();
}

async function openBossBot(page: Page, sub: string): Promise<void> {
  await page.goto(url(sub, "/ai-coach"));
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
}

/** "Forgot password?" from the sign-in page, the link from the e-mail, a new password; the reset
 * page tells the person about the vault before they confirm. Ends signed in again. */
async function resetPassword(
  page: Page,
  sub: string,
  email: string,
  password: string,
  firstName: string,
): Promise<void> {
  await page.goto(url(sub, "/login"));
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // A client-side navigation: until the heading is there, "Work email" is still the sign-in form's.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Work email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
  const link = await linkFromMail(email, /http:\/\/\S+\/reset-password\?token=\S+/);
  await page.goto(link);
  await expect(page.getByText(RESET_WARNING)).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: `Welcome, ${firstName}` })).toBeVisible();
}

/** Boss Bot after a reset: sealed, the old chat not listed; a stranger's key is refused with the
 * field's message; the saved key (typed in lower case, groups split by spaces) brings it back. */
async function recoverChat(page: Page, sub: string, key: string): Promise<void> {
  await openBossBot(page, sub);
  const notice = page.getByRole("status").filter({ hasText: SEALED });
  await expect(notice).toBeVisible();
  // On a phone the list is a sheet behind the 'Conversations' button.
  const phone = page.viewportSize()!.width < 768;
  if (phone) await page.getByRole("button", { name: "Conversations", exact: true }).click();
  await expect(conversations(page).getByText("No conversations yet. Start a new chat!")).toBeVisible();
  if (phone) {
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Conversations" })).toHaveCount(0);
  }
  await expect(page.getByTestId("user-message")).toHaveCount(0);

  await notice.getByRole("button", { name: "Enter recovery key" }).click();
  const dialog = page.getByRole("dialog", { name: "Enter recovery key" });
  const field = dialog.getByLabel("Recovery key");
  await field.fill("ABCD-EFGH");
  await dialog.getByRole("button", { name: "Open sealed vault" }).click();
  await expect(dialog.getByText("A recovery key has 32 characters (8 groups of 4)")).toBeVisible();
  await expect(field).toBeFocused();
  await field.fill(strangerKey());
  await dialog.getByRole("button", { name: "Open sealed vault" }).click();
  await expect(dialog.getByText("This recovery key does not open any of your sealed vaults")).toBeVisible();
  await expect(page.getByText(SEALED)).toBeVisible();

  await field.fill(key.toLowerCase().replaceAll("-", " "));
  await dialog.getByRole("button", { name: "Open sealed vault" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toastText(page, "1 conversation is back.")).toBeVisible();
  await expect(page.getByText(SEALED)).toHaveCount(0);
}

test("a new manager saves their recovery key at their first Boss Bot message; after a password reset the chat is sealed until the key brings it back", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ws = await createWorkspace("vault");
  const email = `lena.${ws.subdomain}@example.com`;
  const firstPassword = "Lena-first-pass-1";
  const newPassword = "Lena-second-pass-2";

  // The admin adds a new manager, who accepts the invitation from the e-mail.
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users"));
  await page.locator("#user-management").getByRole("button", { name: "Add User" }).click();
  const userDialog = page.getByRole("dialog", { name: "Add New User" });
  await userDialog.getByLabel("First name").fill("Lena");
  await userDialog.getByLabel("Last name").fill("Park");
  await userDialog.getByLabel("Email").fill(email);
  await userDialog.getByLabel("Role").selectOption({ label: "Manager" });
  await userDialog.getByRole("button", { name: "Add User" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();

  const origin = url(ws.subdomain, "/").replace(/\/$/, "");
  const context = await browser.newContext();
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const m = await context.newPage();
  await m.goto(await linkFromMail(email, /http:\/\/\S+\/accept-invite\?token=\S+/));
  await m.getByLabel("New password", { exact: true }).fill(firstPassword);
  await m.getByLabel("Confirm password", { exact: true }).fill(firstPassword);
  await m.getByRole("button", { name: "Set password" }).click();
  // Setting the password signs her in, with the vault opened as a sign-in opens it.
  await expect(m.getByRole("heading", { name: "Welcome, Lena" })).toBeVisible();

  // Settings says the vault is not set up yet.
  await m.goto(url(ws.subdomain, "/settings"));
  await expect(m.getByTestId("vault-status")).toHaveText(/^Not set up yet\./);

  // The first message: the dialog comes first, and nothing is sent before the key is saved.
  await openBossBot(m, ws.subdomain);
  await messageBox(m).fill(QUESTION);
  await messageBox(m).press("Enter");
  const dialog = setupDialog(m);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^Only you can read your Boss Bot conversations and private notes/)).toBeVisible();
  await expect(m.getByTestId("user-message")).toHaveCount(0);
  const key = await shownRecoveryKey(m);

  await dialog.getByRole("button", { name: "Copy" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Recovery key copied to the clipboard." })).toBeVisible();
  expect(await m.evaluate(() => navigator.clipboard.readText())).toBe(key);

  const downloading = m.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download" }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe("pulsewell-recovery-key.txt");
  expect(readFileSync(await file.path(), "utf8")).toContain(key);

  // Print: the browser's print is stood in for; what goes on paper is the key's sheet.
  await m.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await dialog.getByRole("button", { name: "Print" }).click();
  expect(await m.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(m.locator("[data-vault-print]")).toContainText(key);

  // The confirmation: live checks, the server's word on a wrong group, Back keeps the same key.
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  let n = await askedGroup(m);
  const field = () => dialog.getByLabel(`Type group ${n} of your recovery key`);
  await expect(field()).toBeFocused();
  await field().fill("7K");
  await expect(dialog.getByText("A group has 4 characters")).toBeVisible();
  await dialog.getByRole("button", { name: "Back" }).click();
  expect(await shownRecoveryKey(m)).toBe(key);
  await expect(dialog.getByRole("button", { name: "I have saved it" })).toBeFocused();
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  n = await askedGroup(m);
  const right = groupOf(key, n);
  await field().fill(`${right[0] === "0" ? "1" : "0"}${right.slice(1)}`);
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog.getByText("That does not match your recovery key")).toBeVisible();
  await expect(m.getByTestId("user-message")).toHaveCount(0);
  await field().fill(right.toLowerCase());
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog).toHaveCount(0);

  // The held message goes out and the reply streams.
  await expect(m.getByTestId("user-message").filter({ hasText: QUESTION })).toBeVisible();
  await expect(m.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  const chat = conversations(m).getByRole("button", { name: /^How do I tell my team about a reorganisation\?/ });
  await expect(chat).toBeVisible();

  // Signed out and in again: the chat reads as before, and no dialog asks again.
  await m.getByRole("button", { name: /Lena Park/ }).click();
  await m.getByRole("menuitem", { name: "Log out" }).click();
  await expect(m).toHaveURL(url(ws.subdomain, "/login"));
  await signIn(m, ws.subdomain, email, firstPassword, "Lena");
  await openBossBot(m, ws.subdomain);
  await expect(m.getByText(SEALED)).toHaveCount(0);
  await chat.click();
  await expect(m.getByTestId("user-message").filter({ hasText: QUESTION })).toBeVisible();
  await expect(m.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible();
  await m.goto(url(ws.subdomain, "/settings"));
  await expect(m.getByTestId("vault-status")).toHaveText(/^Ready\./);

  // A password reset from the e-mail: sealed until the recovery key is entered.
  await m.getByRole("button", { name: /Lena Park/ }).click();
  await m.getByRole("menuitem", { name: "Log out" }).click();
  await expect(m).toHaveURL(url(ws.subdomain, "/login"));
  await resetPassword(m, ws.subdomain, email, newPassword, "Lena");
  await m.goto(url(ws.subdomain, "/settings"));
  await expect(m.locator("#vault-card-title").locator("..").getByText(SEALED)).toBeVisible();
  await recoverChat(m, ws.subdomain, key);
  await chat.click();
  await expect(m.getByTestId("user-message").filter({ hasText: QUESTION })).toBeVisible();
  await expect(m.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible();
  await context.close();
});

test("on a phone the vault's dialogs and notices fit the screen @phone", async ({ page }) => {
  test.setTimeout(120_000);
  const ws = await createWorkspace("vaultph");
  const overflow = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await openBossBot(page, ws.subdomain);
  await messageBox(page).fill("How can I delegate more without micromanaging?");
  await page.getByRole("button", { name: "Send" }).click();

  // The key wraps between its groups and the dialog stays inside the screen.
  const dialog = setupDialog(page);
  await expect(dialog).toBeVisible();
  await shownRecoveryKey(page);
  const width = page.viewportSize()!.width;
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  const keyFits = await dialog.getByTestId("recovery-key").evaluate((el) => el.scrollWidth <= el.clientWidth);
  expect(keyFits).toBe(true);
  for (const name of ["Copy", "Download", "Print", "I have saved it"])
    await expect(dialog.getByRole("button", { name })).toBeInViewport();
  expect(await overflow()).toBeLessThanOrEqual(0);
  const key = await completeVaultSetup(page);
  await expect(page.getByTestId("ai-message").last().getByText("Sources")).toBeVisible({ timeout: 20_000 });

  // Signed out (the menu's Log out is tested on the desktop), then the reset from the e-mail.
  expect(await page.evaluate(async () => (await fetch("/api/auth/logout", { method: "POST" })).status)).toBe(200);
  await resetPassword(page, ws.subdomain, ws.manager.email, "Phone-reset-pass-3", "Max");
  await recoverChat(page, ws.subdomain, key);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Conversations", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Conversations" });
  await sheet.getByRole("button", { name: /^How can I delegate more/ }).click();
  await expect(
    page.getByTestId("user-message").filter({ hasText: "How can I delegate more without micromanaging?" }),
  ).toBeVisible();
});
