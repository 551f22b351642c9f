import { test, expect, type Page } from "./support/test";
import { createWorkspace, PASSWORD, sessionCount } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { MAIN, signInAs, toastText, workspaceUrl as url } from "./support/pages";

// Sign-in that lands where people meant to go: a link from an e-mail or a bookmarked page opened
// signed out comes back after signing in; only a path of the same workspace is followed. An
// accepted invitation signs the person in; signing out says so; a local start's root is the
// public site, one click from the demo workspace. Each journey runs on a desktop and on a phone.

const DEMO = "freshleadershipworld";

/** A call from inside the page (its session, its origin): Node here cannot resolve *.localhost. */
async function call(
  page: Page,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ([m, u, b]) => {
      const res = await fetch(u, {
        method: m,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(b),
      });
      return { status: res.status, json: (await res.json().catch(() => null)) as unknown };
    },
    [method, path, body] as const,
  );
}

/** The sign-in form, filled and sent, from wherever the browser was sent to it. */
async function signInHere(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

for (const device of ["desktop", "phone"] as const) {
  const tag = device === "phone" ? " @phone" : "";

  test(`a signed-out person opens the 1:1 link from their e-mail and lands on the meeting after signing in (${device})${tag}`, async ({
    page,
    browser,
  }) => {
    const ws = await createWorkspace("sirm");
    // The manager schedules the 1:1 in their own browser; the employee's invitation goes out.
    const managerContext = await browser.newContext();
    const manager = await managerContext.newPage();
    await signInAs(manager, ws.subdomain, ws.manager.email, PASSWORD);
    const at = new Date(Date.now() + 3 * 86_400_000);
    at.setUTCHours(9, 30, 0, 0);
    const res = await call(manager, "POST", "/api/meetings/one-on-one", {
      employeeId: ws.employee.id,
      scheduledAt: at.toISOString(),
      timeZone: "Europe/Berlin",
    });
    expect(res.status).toBe(201);
    await managerContext.close();

    const link = await linkFromMail(
      ws.employee.email,
      new RegExp(`http://${ws.subdomain}\\.[^/\\s"<>]+/one-on-one/[0-9a-f-]{36}`),
    );
    const meetingPath = new URL(link).pathname;
    await page.goto(link);
    await expect(page).toHaveURL(url(ws.subdomain, `/login?callbackUrl=${encodeURIComponent(meetingPath)}`));
    await signInHere(page, ws.employee.email);
    await expect(page).toHaveURL(link);
    await expect(page.getByRole("heading", { level: 1, name: /Max Tester/ })).toBeVisible();
  });

  test(`a signed-out admin opening /settings/billing lands there after signing in (${device})${tag}`, async ({
    page,
  }) => {
    const ws = await createWorkspace("sirb");
    await page.goto(url(ws.subdomain, "/settings/billing?from=mail"));
    await expect(page).toHaveURL(url(ws.subdomain, "/login?callbackUrl=%2Fsettings%2Fbilling%3Ffrom%3Dmail"));
    await signInHere(page, ws.admin.email);
    await expect(page).toHaveURL(url(ws.subdomain, "/settings/billing?from=mail"));
    await expect(page).toHaveTitle(/Billing/);
  });

  test(`an accepted invitation lands signed in, with a real session, and the link works once (${device})${tag}`, async ({
    page,
    browser,
  }) => {
    const ws = await createWorkspace("siri");
    const email = `nia.${device}@${ws.subdomain}.example`;
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAs(admin, ws.subdomain, ws.admin.email, PASSWORD);
    const added = await call(admin, "POST", "/api/users", {
      firstName: "Nia",
      lastName: "Okafor",
      email,
      role: "employee",
    });
    expect(added.status).toBe(201);
    const userId = (added.json as { id: string }).id;
    await adminContext.close();

    const link = await linkFromMail(email, /http:\/\/[^\s"<>]+\/accept-invite\?token=[\w-]+/);
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill("Welcome-aboard-9");
    await page.getByLabel("Confirm password", { exact: true }).fill("Welcome-aboard-9");
    await page.getByRole("button", { name: "Set password" }).click();
    await expect(page).toHaveURL(url(ws.subdomain, "/"));
    await expect(page.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
    // A session on the server like a sign-in's, not only a cookie: it survives a reload, and the
    // sign-in page sends a signed-in person on.
    expect(await sessionCount(ws, userId)).toBe(1);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
    await page.goto(url(ws.subdomain, "/login"));
    await expect(page).toHaveURL(url(ws.subdomain, "/"));
    // Single-use: the same link again signs nobody in.
    await page.goto(link);
    await expect(page.getByText("This invitation cannot be used")).toBeVisible();
    expect(await sessionCount(ws, userId)).toBe(1);
  });

  test(`signing out shows 'Logged out' on the sign-in page, once (${device})${tag}`, async ({ page }) => {
    const ws = await createWorkspace("siro");
    await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
    // The bell names its unread count once the client has loaded: the shell is hydrated, so the
    // menu's button answers the press (a press on the server-rendered button alone is lost).
    await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
    await page.getByRole("button", { name: /Ada Tester/ }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page).toHaveURL(url(ws.subdomain, "/login"));
    const toasts = page.getByRole("region", { name: /Notifications/ });
    await expect(toasts.getByText("Logged out", { exact: true })).toBeVisible();
    await expect(toastText(page, "You have been successfully logged out.")).toBeVisible();
    await page.screenshot({ path: `/tmp/p3-logged-out-${device}.png` });
    // Once: a reload of the sign-in page says nothing more.
    await page.reload();
    await expect(page.getByLabel("Work email")).toBeVisible();
    await expect(toasts.getByText("Logged out", { exact: true })).toHaveCount(0);
  });

  test(`a local start's root shows the public site, one click from the demo workspace (${device})${tag}`, async ({
    page,
  }) => {
    await page.goto(`${MAIN}/`);
    await expect(page).toHaveURL(`${MAIN}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Know how your team really feels");
    const demo = page.getByRole("complementary", { name: "Demo workspace" });
    await page.screenshot({ path: `/tmp/p3-local-root-${device}.png` });
    await demo.getByRole("link", { name: "Open the demo workspace" }).click();
    await expect(page).toHaveURL(url(DEMO, "/login"));
    await expect(page.getByLabel("Work email")).toBeVisible();
    if (device === "phone") {
      await page.goto(`${MAIN}/`);
      const width = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(width).toBeLessThanOrEqual(0);
    }
  });

  test(`hostile return addresses end on the dashboard (${device})${tag}`, async ({ page }) => {
    const ws = await createWorkspace("sirh");
    const hostile = [
      "//evil.example/settings",
      "https://evil.example/settings",
      "/\\evil.example",
      "javascript:alert(1)",
      "/a/..//evil.example",
      "/login?callbackUrl=%2F%2Fevil.example",
      `http://${ws.subdomain}.evil.example/settings`,
    ];
    // Through the form: the first one, signed out.
    await page.goto(url(ws.subdomain, `/login?callbackUrl=${encodeURIComponent(hostile[0]!)}`));
    await signInHere(page, ws.admin.email);
    await expect(page).toHaveURL(url(ws.subdomain, "/"));
    await expect(page.getByRole("heading", { name: "Welcome, Ada" })).toBeVisible();
    // Signed in, the sign-in page sends on at once, through the same check on the server.
    for (const value of hostile) {
      await page.goto(url(ws.subdomain, `/login?callbackUrl=${encodeURIComponent(value)}`));
      await expect(page, value).toHaveURL(url(ws.subdomain, "/"));
    }
    await page.goto(url(ws.subdomain, `/login?callbackUrl=${encodeURIComponent("/settings/users")}`));
    await expect(page).toHaveURL(url(ws.subdomain, "/settings/users"));
  });
}
