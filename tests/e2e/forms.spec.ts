import { test, expect, type Page } from "./support/test";
import { randomBytes } from "node:crypto";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { MAIN, signInAs, workspaceUrl } from "./support/pages";
import { ROOT } from "../../playwright.config";

// One form pattern (components/forms): each symptom reported against the old forms, reproduced
// as a person would meet it in the browser.

const unique = () => randomBytes(3).toString("hex");

/** The field's own messages (the element its aria-describedby names next to the input). */
const messagesOf = (page: Page, id: string) => page.locator(`#${id}-messages`);

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test("signup: the messages follow what is typed and go once it is fixed", async ({ page }) => {
  await page.goto(`${MAIN}/signup`);
  const submit = page.getByRole("button", { name: "Get Instant Access" });
  await submit.click();
  await expect(page.getByText("Last name is required")).toBeVisible();
  await expect(page.getByText("Subdomain must be at least 3 characters")).toBeVisible();
  await expect(page.getByLabel("First name")).toBeFocused();

  // Filling a field removes its message at once, not on the next submit.
  await page.getByLabel("Last name").fill("Okafor");
  await expect(page.getByText("Last name is required")).toHaveCount(0);
  await expect(page.getByLabel("Last name")).not.toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Work email").fill("nia@");
  await expect(page.getByText("Please enter a valid work email")).toBeVisible();
  await page.getByLabel("Work email").fill("nia@example.com");
  await expect(page.getByText("Please enter a valid work email")).toHaveCount(0);

  // One message a line, each for the current value; the confirmation follows the password.
  await page.getByLabel("Password", { exact: true }).fill("abc");
  await expect(messagesOf(page, "password").locator("p")).toHaveText([
    "Password must be at least 8 characters",
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  ]);
  await page.getByLabel("Password", { exact: true }).fill("Signup-pass-2026");
  await expect(messagesOf(page, "password")).toHaveCount(0);
  await expect(messagesOf(page, "confirmPassword")).toHaveText("Passwords don't match");
  await page.getByLabel("Confirm password", { exact: true }).fill("Signup-pass-2026");
  await expect(messagesOf(page, "confirmPassword")).toHaveCount(0);

  // The company name fills the subdomain: its old 'at least 3 characters' goes, and the
  // availability line is the only thing said about it. The button is usable again.
  const company = `Forms Co ${unique()}`;
  await page.getByLabel("Company name").fill(company);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await expect(messagesOf(page, "subdomain")).toHaveCount(0);
  await expect(page.getByText("Subdomain must be at least 3 characters")).toHaveCount(0);
  await expect(submit).toBeEnabled();

  // Typed by hand: a format rule shows at once and alone (no availability line beside it).
  const sub = page.getByLabel("Workspace address");
  await sub.fill("ab");
  await expect(messagesOf(page, "subdomain")).toHaveText("Subdomain must be at least 3 characters");
  await expect(page.locator("#subdomain-status")).toHaveText("");
  await expect(submit).toBeEnabled();
  await sub.fill("freshleadershipworld");
  await expect(page.locator("#subdomain-status")).toHaveText("This subdomain is reserved");
  await expect(messagesOf(page, "subdomain")).toHaveCount(0);
  await expect(submit).toBeDisabled();
  await sub.fill(`forms-${unique()}`);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await expect(submit).toBeEnabled();

  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Company size").selectOption("11-50");
  await expect(page.getByRole("main").locator('[aria-invalid="true"]')).toHaveCount(0);
  await submit.click();
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
});

test("signup: the logo leads to the main site's home, not into a workspace", async ({ page }) => {
  await page.goto(`${MAIN}/signup`);
  const logo = page.getByRole("link", { name: /pulsewell/i }).first();
  await logo.click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Know how your team really feels");
  expect(new URL(page.url()).host).toBe(ROOT);
});

test("company finder: an empty submit gets our message, a miss keeps the name typed", async ({ page }) => {
  await page.goto(`${MAIN}/login`);
  const field = page.getByLabel("Company URL");
  const go = page.getByRole("button", { name: "Go to Company Login" });
  await go.click();
  // Not the browser's bubble: the form does not ask the browser to check it at all.
  expect(
    await page
      .locator("form")
      .first()
      .evaluate((f: HTMLFormElement) => f.noValidate),
  ).toBe(true);
  await expect(messagesOf(page, "company")).toHaveText("Company name is required");
  await expect(field).toBeFocused();
  await field.fill("n");
  await expect(messagesOf(page, "company")).toHaveCount(0);

  await field.fill("no-such-company-here");
  await go.click();
  await expect(messagesOf(page, "company").locator("p")).toHaveText([
    "Company not found",
    'No account found for "no-such-company-here". Please check the name or sign up for a new account.',
  ]);
  await expect(field).toHaveValue("no-such-company-here");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(`${MAIN}/login`);
  // Editing the name clears the answer about the old one.
  await field.press("End");
  await field.pressSequentially("x");
  await expect(page.getByText("Company not found")).toHaveCount(0);
});

test("company finder: a long miss fits a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${MAIN}/login`);
  const long = `averyveryverylongcompanynamewithoutanyspaces${unique()}`;
  await page.getByLabel("Company URL").fill(long);
  await page.getByRole("button", { name: "Go to Company Login" }).click();
  await expect(page.getByText(`No account found for "${long}"`)).toBeVisible();
  expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  const box = await messagesOf(page, "company").boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(375);
  await page.screenshot({ path: test.info().outputPath("finder-miss-375.png"), fullPage: true });
});

test("change password: a wrong current password is said once and nothing typed is lost", async ({ page }) => {
  const ws = await createWorkspace("frm");
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/settings"));
  // The page also has Change e-mail, which asks for the current password too.
  const form = page.getByRole("form", { name: "Change password" });
  const current = form.getByLabel("Current password", { exact: true });
  const next = form.getByLabel("New password", { exact: true });
  const confirm = form.getByLabel("Confirm password", { exact: true });
  await current.fill("Not-my-password-1");
  await next.fill("Brand-new-pass-7");
  await confirm.fill("Brand-new-pass-7");
  await page.getByRole("button", { name: "Change password" }).click();

  await expect(page.getByText("The current password is not correct.")).toHaveCount(1);
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await expect(current).toHaveValue("Not-my-password-1");
  await expect(next).toHaveValue("Brand-new-pass-7");
  await expect(confirm).toHaveValue("Brand-new-pass-7");
  await expect(current).toBeFocused();
  await page.getByRole("heading", { name: "Change password" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("change-password-wrong.png") });

  // Retyping the current password clears the answer about the old one; the right one works.
  await current.fill(PASSWORD);
  await expect(page.getByText("The current password is not correct.")).toHaveCount(0);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Password changed." })).toBeVisible();
  await expect(current).toHaveValue("");
});

test("a people dialog gives focus back to the button that opened it", async ({ page }) => {
  const ws = await createWorkspace("frd");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/settings/users"));
  const section = page.locator("#user-management");

  const addTeam = section.getByRole("button", { name: "Add Team" });
  await addTeam.click();
  const teamDialog = page.getByRole("dialog", { name: "Create New Team" });
  await expect(teamDialog.getByLabel("Team name")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(teamDialog).toHaveCount(0);
  await expect(addTeam).toBeFocused();

  const addUser = section.getByRole("button", { name: "Add User" });
  await addUser.click();
  const userDialog = page.getByRole("dialog", { name: "Add New User" });
  // The dialog's own messages follow the values too.
  await userDialog.getByRole("button", { name: "Add User" }).click();
  await expect(userDialog.getByText("First name is required")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("user-dialog-messages.png") });
  await userDialog.getByLabel("First name").fill("Zoe");
  await expect(userDialog.getByText("First name is required")).toHaveCount(0);
  await userDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(userDialog).toHaveCount(0);
  await expect(addUser).toBeFocused();
});

test("a form pressed before the page's scripts have run is sent once they have, once, with what was typed", async ({
  page,
}) => {
  const ws = await createWorkspace("frh");
  // The page's scripts wait until released: everything below happens before hydration.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_next\/static\/chunks\/.*\.js/, async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });

  await page.goto(workspaceUrl(ws.subdomain, "/login"), { waitUntil: "commit" });
  await page.getByLabel("Work email").fill(ws.employee.email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  // Enter in the field, then the button: two presses of one form.
  await page.getByLabel("Password", { exact: true }).press("Enter");
  await page.getByRole("button", { name: "Sign in" }).click();
  // Without the hold the browser would have posted the form to the page itself and come back
  // with empty fields.
  await expect(page.getByLabel("Work email")).toHaveValue(ws.employee.email);
  expect(posts).toEqual([]);

  release();
  await expect(page.getByRole("heading", { name: "Welcome, Eve" })).toBeVisible();
  expect(posts.filter((p) => p === "/api/auth/callback/credentials")).toHaveLength(1);
  expect(posts.filter((p) => p === "/login")).toHaveLength(0);
});
