import { test, expect, type Page } from "./support/test";
import { randomBytes } from "node:crypto";
import { hostOf, json } from "./support/http";
import { signupBody } from "./support/signup";
import { ROOT } from "../../playwright.config";

const MAIN = `http://${ROOT}`;
const PASSWORD = "Signup-pass-2026";

const unique = () => randomBytes(3).toString("hex");

async function fillDetails(page: Page, company: string) {
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Work email").fill(`nia.${unique()}@example.com`);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Company size").selectOption("11-50");
}

test("a new company signs up in the browser and lands signed in on its own workspace", async ({ page }) => {
  const id = unique();
  const subdomain = `e2e-co-${id}`;
  await page.goto(`${MAIN}/signup?firstName=Nia`);
  await expect(page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
  await expect(page.getByLabel("First name")).toHaveValue("Nia");
  await expect(page.getByText(`.${ROOT}`, { exact: true })).toBeVisible();

  await fillDetails(page, `E2E Co ${id}`);
  const sub = page.getByLabel("Workspace address");
  await expect(sub).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();

  // A taken name is refused, blocks the button and offers the first free alternative.
  await sub.fill("freshleadershipworld");
  await expect(page.getByText("This subdomain is reserved")).toBeVisible();
  const submit = page.getByRole("button", { name: "Get Instant Access" });
  await expect(submit).toBeDisabled();
  await page.getByRole("button", { name: "Try freshleadershipworld1 instead?" }).click();
  await expect(sub).toHaveValue("freshleadershipworld1");
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();

  // Too short resets the status; a bad character gets the rule's message.
  await sub.fill("ab");
  await expect(page.locator("#subdomain-status")).toHaveText("");
  await sub.fill("bad_name");
  await expect(page.getByText("Subdomain can only contain lowercase letters, numbers, and hyphens")).toBeVisible();

  await sub.fill(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await page.screenshot({ path: "/tmp/signup-step1-desktop.png", fullPage: true });
  await submit.click();

  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await expect(page.getByText("Billing is not configured on this installation")).toBeVisible();
  await page.screenshot({ path: "/tmp/signup-step2-desktop.png", fullPage: true });
  // Back to the details keeps what was typed, passwords included.
  await page.getByRole("button", { name: "Back to company details" }).click();
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue(PASSWORD);
  await expect(sub).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await submit.click();

  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible();
  await expect(page.getByText("Your 7-day free trial has started.")).toBeVisible();
  await page.screenshot({ path: "/tmp/signup-step3-desktop.png", fullPage: true });

  // The automatic redirect after 3 seconds: through /welcome#token=... to the dashboard.
  await page.waitForURL(`http://${subdomain}.${ROOT}/`, { timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
  // The token does not linger in the address bar or history.
  expect(page.url()).not.toContain("token");
});

test("the form shows the product's messages for missing and mismatched fields", async ({ page }) => {
  await page.goto(`${MAIN}/signup`);
  await page.getByLabel("Password", { exact: true }).fill("lowercase1");
  await page.getByLabel("Confirm password", { exact: true }).fill("different");
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Please enter a valid work email",
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    "Passwords don't match",
    "Company name is required",
    "Subdomain must be at least 3 characters",
    "Please select company size",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel("First name")).toBeFocused();
});

test("a failed availability check says so; the server checks the subdomain again on submit", async ({ page }) => {
  await page.route("**/api/signup/check-subdomain/**", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/json",
      body: '{"error":"Something went wrong. Please try again."}',
    }),
  );
  await page.goto(`${MAIN}/signup`);
  await fillDetails(page, `Broken Check ${unique()}`);
  await expect(page.getByText("Error checking availability")).toBeVisible();
  // Only 'unavailable' and 'checking' disable the button; completion validates again.
  await expect(page.getByRole("button", { name: "Get Instant Access" })).toBeEnabled();
});

test("@phone the signup page works on a phone", async ({ page }) => {
  const id = unique();
  await page.goto(`${MAIN}/signup?companyName=${encodeURIComponent(`Phone Co ${id}`)}&lastName=Okafor&teamSize=25`);
  await expect(page.getByLabel("Workspace address")).toHaveValue(`phone-co-${id}`);
  await expect(page.getByLabel("Company size")).toHaveValue("11-50");
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/signup-step1-phone.png", fullPage: true });
});

test("the check-subdomain API: taken, reserved, free, and only on the main host", async () => {
  const check = (sub: string, host = ROOT) => json({ host, path: `/api/signup/check-subdomain/${sub}` });
  const taken = await check("freshleadershipworld");
  expect(taken.status).toBe(200);
  expect(taken.json()).toMatchObject({ available: false });
  const reserved = await check("admin");
  expect(reserved.json()).toMatchObject({ available: false });
  expect(await (await check(`free-${unique()}`)).json()).toEqual({
    available: true,
    message: "Great! This subdomain is available",
  });
  expect((await check("Bad_Name")).json()).toEqual({
    available: false,
    message: "Subdomain can only contain lowercase letters, numbers, and hyphens",
  });
  expect((await check("freshleadershipworld", hostOf("freshleadershipworld"))).status).toBe(404);
});

test("quick-login: a handoff token signs in once, on its own workspace only", async () => {
  const subdomain = `qk${unique()}`;
  const done = await json({
    host: ROOT,
    path: "/api/signup/complete",
    method: "POST",
    body: signupBody(subdomain, PASSWORD),
  });
  expect(done.status, done.body).toBe(200);
  const { handoffToken, workspaceUrl } = done.json() as { handoffToken: string; workspaceUrl: string };
  expect(workspaceUrl).toBe(`http://${subdomain}.${ROOT}`);

  // Naming another workspace than the Host's is a 404, and spends nothing.
  const wrongPath = await json({
    host: hostOf(subdomain),
    path: "/api/auth/quick-login/freshleadershipworld",
    method: "POST",
    body: { token: handoffToken },
  });
  expect(wrongPath.status).toBe(404);
  // On another workspace's host the token is unknown.
  const elsewhere = await json({
    host: hostOf("freshleadershipworld"),
    path: "/api/auth/quick-login/freshleadershipworld",
    method: "POST",
    body: { token: handoffToken },
  });
  expect(elsewhere.status).toBe(401);

  const first = await json({
    host: hostOf(subdomain),
    path: `/api/auth/quick-login/${subdomain}`,
    method: "POST",
    body: { token: handoffToken },
  });
  expect(first.status, first.body).toBe(204);
  const setCookie = (first.headers["set-cookie"] ?? []).find((c) => c.startsWith("next-auth.session-token="));
  expect(setCookie).toBeTruthy();
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\//);
  expect(setCookie).not.toMatch(/Domain=/i);
  const cookie = setCookie!.split(";")[0]!;
  const session = await json({ host: hostOf(subdomain), path: "/api/auth/session", cookie });
  expect(session.status).toBe(200);
  expect(session.json()).toMatchObject({ user: { firstName: "Nia", role: "admin" } });
  // The cookie is worth nothing on another workspace's host.
  expect((await json({ host: hostOf("freshleadershipworld"), path: "/api/auth/session", cookie })).status).toBe(401);

  const again = await json({
    host: hostOf(subdomain),
    path: `/api/auth/quick-login/${subdomain}`,
    method: "POST",
    body: { token: handoffToken },
  });
  expect(again.status).toBe(401);
  expect(again.headers["set-cookie"]).toBeUndefined();
  const none = await json({
    host: hostOf(subdomain),
    path: `/api/auth/quick-login/${subdomain}`,
    method: "POST",
    body: {},
  });
  expect(none.status).toBe(401);
});

test("two signups racing for one subdomain: one workspace, one 409", async () => {
  const subdomain = `race${unique()}`;
  const [a, b] = await Promise.all([
    json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: signupBody(subdomain, PASSWORD) }),
    json({
      host: ROOT,
      path: "/api/signup/complete",
      method: "POST",
      body: { ...signupBody(subdomain, PASSWORD), firstName: "Other" },
    }),
  ]);
  expect([a.status, b.status].sort()).toEqual([200, 409]);
  const loser = a.status === 409 ? a : b;
  expect(loser.json()).toMatchObject({ error: expect.stringContaining("already taken") });
});

test("a visit to /welcome without a valid token explains and links to sign-in", async ({ page }) => {
  await page.goto(`http://freshleadershipworld.${ROOT}/welcome#token=${"x".repeat(43)}`);
  await expect(page.getByRole("alert").filter({ hasText: "invalid, was already used or has expired" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  expect(page.url()).not.toContain("token");
});
