import { test, expect, type Page } from "./support/test";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { AI_E2E_DATA_DIR, AI_ROOT, ROOT, STRIPE_STANDIN_URL_FILE } from "../../playwright.config";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";
import { hostOf, json, signIn } from "./support/http";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";

// Billing, in the browser and over HTTP.
// - The integrations app (AI_ROOT) runs with Stripe: scripts/start.ts started the local stand-in
//   (scripts/stripe-standin) on a free port, written to STRIPE_STANDIN_URL_FILE, and pointed the app at it. Stripe.js and Stripe's
//   API, should the page ask js.stripe.com / api.stripe.com, are routed to the stand-in too. One
//   company signs up with a card, starts its subscription through the stand-in's hosted checkout,
//   cancels, resumes, changes seats, opens the portal, and ends read-only once the subscription is
//   cancelled at Stripe (the stand-in's control endpoint, then its webhook).
// - The main app (ROOT) has no Stripe: a self-hosted installation, where billing says so and no
//   billing route fails.

const STRIPE_MAIN = `http://${AI_ROOT}`;
const CARD_OK = "4242 4242 4242 4242";
const CARD_DECLINED = "4000 0000 0000 0002";
const SIGNUP_PASSWORD = "Billing-pass-2026";
const unique = () => randomBytes(3).toString("hex");
let standinUrl: string | undefined;
/** The stand-in's address, http://127.0.0.1:<port> (read once the app has started it). */
const STANDIN = (): string => (standinUrl ??= readFileSync(STRIPE_STANDIN_URL_FILE, "utf8").trim());

/** Stripe.js and Stripe's API, wherever the page would fetch them, answered by the stand-in. */
async function routeStripe(page: Page): Promise<void> {
  await page.route("https://js.stripe.com/**", async (route) => {
    const res = await route.fetch({ url: `${STANDIN()}/js/stripe.js` });
    await route.fulfill({ response: res });
  });
  await page.route("https://api.stripe.com/**", async (route) => {
    const u = new URL(route.request().url());
    const res = await route.fetch({ url: `${STANDIN()}${u.pathname}${u.search}` });
    await route.fulfill({ response: res });
  });
}

/** The stand-in's state (its customers and subscriptions), as the test sees Stripe's side. */
type StandinState = {
  customers: Record<string, { id: string; email: string | null }> | { id: string; email: string | null }[];
  subscriptions: Record<string, StandinSub> | StandinSub[];
};
type StandinSub = {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
  items: { data: { quantity: number }[] };
};

async function standin<T>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${STANDIN()}${path}`,
    body === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) },
  );
  if (!res.ok) throw new Error(`stand-in ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The newest subscription of the customer with this e-mail, at the stand-in. */
async function subscriptionOf(email: string): Promise<(StandinSub & { quantity: number | undefined }) | undefined> {
  const s = await standin<StandinState>("/_standin/state");
  const customers = Array.isArray(s.customers) ? s.customers : Object.values(s.customers);
  const ids = new Set(customers.filter((c) => c.email?.toLowerCase() === email.toLowerCase()).map((c) => c.id));
  const subs = (Array.isArray(s.subscriptions) ? s.subscriptions : Object.values(s.subscriptions)).filter((x) =>
    ids.has(x.customer),
  );
  const sub = subs.sort((a, b) => b.created - a.created || b.id.localeCompare(a.id))[0];
  return sub && { ...sub, quantity: sub.items.data[0]?.quantity };
}

/** Types a card into the stand-in's Payment Element (an iframe like Stripe's, or inline). */
async function fillCard(page: Page, number: string): Promise<void> {
  const frames = page.locator("iframe[title*='payment' i], iframe[name*='stripe' i]");
  const scope =
    (await frames.count()) > 0
      ? page.frameLocator("iframe[title*='payment' i], iframe[name*='stripe' i]").first()
      : page;
  const field = scope.getByLabel(/card number/i);
  await expect(field).toBeVisible({ timeout: 20_000 });
  await field.fill(number);
  const expiry = scope.getByLabel(/expir/i);
  if (await expiry.count()) await expiry.first().fill("12 / 34");
  const cvc = scope.getByLabel(/cvc|security code/i);
  if (await cvc.count()) await cvc.first().fill("123");
}

async function fillDetails(page: Page, email: string, company: string): Promise<void> {
  await page.getByLabel("First name").fill("Nia");
  await page.getByLabel("Last name").fill("Okafor");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(SIGNUP_PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(SIGNUP_PASSWORD);
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Company size").selectOption("11-50");
}

async function toPaymentStep(page: Page, email: string, subdomain: string): Promise<void> {
  await page.goto(`${STRIPE_MAIN}/signup`);
  await fillDetails(page, email, `Billing Co ${subdomain}`);
  const sub = page.getByLabel("Workspace address");
  await sub.fill(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
}

const billingSection = (page: Page) => page.locator("#billing");

/** The subscription confirmations delivered to `to` so far (.eml files of the integrations app). */
function confirmationsTo(to: string): string[] {
  const dir = path.resolve(AI_E2E_DATA_DIR, "mail");
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((m) => m.includes(`To: ${to}\r\n`) && /^Subject: .*subscription for .* is set up\r$/m.test(m));
}

/** The trial's last day as the page gives it (the workspace's zone: this browser's, UTC here). */
const trialEndDay = () =>
  new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-US", { dateStyle: "long", timeZone: "UTC" });

/** A POST from the page itself (same origin, its session): Node cannot resolve *.localhost here. */
const postFromPage = (page: Page, p: string, body: unknown) =>
  page.evaluate(
    async ([url, b]) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(b),
      });
      return { status: res.status, text: await res.text() };
    },
    [p, body] as const,
  );

/** Signs up with the test card; ends on the new workspace's dashboard. */
async function signUpWithCard(page: Page, email: string, subdomain: string): Promise<void> {
  await toPaymentStep(page, email, subdomain);
  await fillCard(page, CARD_OK);
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible({ timeout: 20_000 });
  await page.waitForURL(`http://${subdomain}.${AI_ROOT}/`, { timeout: 15_000 });
}

/** Start Subscription, the stand-in's hosted checkout, Subscribe: back on the billing page, which
 * says at once that the subscription is set up and when the first charge is. */
async function checkoutToSubscribed(page: Page, subdomain: string, email: string): Promise<void> {
  const section = billingSection(page);
  await section.getByRole("button", { name: "Start Subscription" }).click();
  await page.waitForURL(`${STANDIN()}/checkout/**`);
  await page.getByRole("button", { name: /Subscribe/ }).click();
  await page.waitForURL(`http://${subdomain}.${AI_ROOT}/settings**`, { timeout: 20_000 });
  await expect(section.getByTestId("billing-status")).toContainText("Subscribed");
  await expect(section.getByTestId("billing-detail")).toHaveText(`First charge on ${trialEndDay()}`);
  await expect(page.getByTestId("checkout-return")).toHaveText(
    `Thanks! Your subscription is set up; the first payment is due when the trial ends on ${trialEndDay()}.`,
  );
  await expect(section.getByRole("button", { name: "Start Subscription" })).toHaveCount(0);
  await expect(section.getByRole("button", { name: "Cancel Subscription" })).toBeVisible();
  await expect(section.getByRole("button", { name: "Manage billing" })).toBeVisible();
  // The confirmation e-mail, once (the return and the webhook both settle the checkout).
  await expect.poll(() => confirmationsTo(email).length, { timeout: 20_000 }).toBe(1);
  // A second checkout is refused by the server too, and nothing is offered after a reload.
  const again = await postFromPage(page, "/api/billing/upgrade", { organizationId: await orgIdOf(page) });
  expect(again.status, again.text).toBe(409);
  expect(again.text).toContain("subscription_set_up");
  await openBilling(page, subdomain);
  await expect(section.getByTestId("billing-status")).toContainText("Subscribed");
  await expect(section.getByRole("button", { name: "Start Subscription" })).toHaveCount(0);
  expect(confirmationsTo(email)).toHaveLength(1);
}

/** The signed-in workspace's id, as the session endpoint gives it. */
async function orgIdOf(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const res = await fetch("/api/auth/session");
    const body = (await res.json()) as { user?: { organizationId?: string } };
    return body.user?.organizationId ?? "";
  });
}

async function openBilling(page: Page, subdomain: string): Promise<void> {
  const url = `http://${subdomain}.${AI_ROOT}/settings/billing`;
  if (page.url() === url) await page.reload();
  else await page.goto(url);
  await expect(billingSection(page).getByTestId("billing-status")).toBeVisible();
}

/** Reloads the billing section until its status reads `text` (the webhook's job lands in a moment). */
async function untilBillingShows(page: Page, subdomain: string, text: string | RegExp): Promise<void> {
  await expect(async () => {
    await openBilling(page, subdomain);
    await expect(billingSection(page).getByTestId("billing-status")).toContainText(text, { timeout: 1_000 });
  }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
}

test.describe("with Stripe (the integrations app and the stand-in)", () => {
  test.describe.configure({ mode: "serial" });
  const id = unique();
  const subdomain = `bill-${id}`;
  const email = `nia.${id}@example.com`;
  let trialSubscriptionId = "";

  test("a failed SetupIntent and a declined card are told; a good card starts the trial", async ({ page }) => {
    await routeStripe(page);
    // The server cannot make a SetupIntent: the product's message.
    await page.route("**/api/signup/setup-intent", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/problem+json",
        body: JSON.stringify({ title: "Internal error", status: 500 }),
      }),
    );
    await toPaymentStep(page, email, subdomain);
    await expect(page.getByText(/Failed to initialize payment\. Please try again\./)).toBeVisible();
    await page.unroute("**/api/signup/setup-intent");
    await page.getByRole("button", { name: "Try again" }).click();

    // A declined card: 'Payment Setup Failed' with Stripe's message; nothing is created.
    await fillCard(page, CARD_DECLINED);
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByText("Payment Setup Failed")).toBeVisible();
    await expect(page.getByText(/declined/i)).toBeVisible();

    // The test card: the workspace, in trial, its subscription at Stripe.
    await fillCard(page, CARD_OK);
    await page.getByRole("button", { name: "Start Free Trial" }).click();
    await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible({ timeout: 20_000 });
    await page.waitForURL(`http://${subdomain}.${AI_ROOT}/`, { timeout: 15_000 });

    const trialEnd = new Date(Date.now() + 7 * 86_400_000).toLocaleDateString("en-US", {
      dateStyle: "long",
      timeZone: "UTC",
    });
    await untilBillingShows(page, subdomain, "Free Trial");
    await expect.poll(async () => (await subscriptionOf(email))?.status, { timeout: 20_000 }).toBe("trialing");
    // Once provisioned, the trial says the signup's card will be charged when it ends.
    await expect(async () => {
      await openBilling(page, subdomain);
      await expect(billingSection(page).getByTestId("billing-detail")).toHaveText(
        `Your card on file will be charged on ${trialEnd} unless you cancel.`,
        { timeout: 1_000 },
      );
    }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
    trialSubscriptionId = (await subscriptionOf(email))!.id;
  });

  test("start the subscription at checkout, cancel, resume, change seats, manage billing", async ({ page }) => {
    await routeStripe(page);
    await page.goto(`http://${subdomain}.${AI_ROOT}/login`);
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(SIGNUP_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await openBilling(page, subdomain);
    // Before subscribing, the trial offers one thing: to subscribe.
    const section = billingSection(page);
    await expect(section.getByTestId("billing-status")).toContainText("Free Trial");
    await expect(section.getByRole("button", { name: "Start Subscription" })).toBeVisible();
    await expect(section.getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Manage billing" })).toHaveCount(0);

    // Cancel trial: confirmed, the signup's subscription ends with the trial, no charge; the trial
    // still offers a subscription, and Resume brings the charge back.
    await section.getByRole("button", { name: "Cancel trial" }).click();
    const confirm = page.getByRole("dialog");
    await expect(confirm).toContainText("stays usable until the trial ends and then becomes read-only");
    await confirm.getByRole("button", { name: "Cancel trial" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(section.getByTestId("billing-detail")).toHaveText(
      `Trial ends ${trialEndDay()}. Nothing will be charged; the workspace then becomes read-only until you subscribe.`,
    );
    await expect.poll(async () => (await subscriptionOf(email))?.cancel_at_period_end).toBe(true);
    await expect(section.getByRole("button", { name: "Cancel trial" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Start Subscription" })).toBeVisible();
    await section.getByRole("button", { name: "Resume subscription" }).click();
    await expect(section.getByTestId("billing-detail")).toHaveText(
      `Your card on file will be charged on ${trialEndDay()} unless you cancel.`,
    );
    await expect.poll(async () => (await subscriptionOf(email))?.cancel_at_period_end).toBe(false);

    // A checkout left open in one tab: another tab is not offered a second one, and the server refuses it.
    await section.getByRole("button", { name: "Start Subscription" }).click();
    await page.waitForURL(`${STANDIN()}/checkout/**`);
    const other = await page.context().newPage();
    await openBilling(other, subdomain);
    await expect(billingSection(other).getByTestId("billing-checkout-open")).toContainText(
      "A checkout is open on the payment page.",
    );
    await expect(billingSection(other).getByRole("button", { name: "Start Subscription" })).toHaveCount(0);
    const second = await postFromPage(other, "/api/billing/upgrade", { organizationId: await orgIdOf(other) });
    expect(second.status, second.text).toBe(409);
    expect(second.text).toContain("checkout_in_progress");
    // Its Back link gives it up, and Start Subscription is offered again.
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL(`http://${subdomain}.${AI_ROOT}/settings**`);
    await expect(page.getByTestId("checkout-return")).toHaveText("Checkout was cancelled; nothing was charged.");
    await expect(section.getByRole("button", { name: "Start Subscription" })).toBeVisible();
    await other.close();

    // Start Subscription again: the stand-in's hosted checkout, Subscribe, back on the billing page: 'Subscribed'.
    await checkoutToSubscribed(page, subdomain, email);
    await page.screenshot({ path: "/tmp/p2-billing-desktop-subscribed.png", fullPage: true });
    // Checkout's subscription keeps what is left of the trial (the signup's is cancelled); when the
    // trial ends and the card is charged, Stripe's webhook makes the workspace Active.
    await expect
      .poll(
        async () => {
          const s = await subscriptionOf(email);
          return s && s.id !== trialSubscriptionId ? s.status : null;
        },
        { timeout: 20_000 },
      )
      .toBe("trialing");
    await standin("/_standin/end-trial", { subscriptionId: (await subscriptionOf(email))!.id, outcome: "paid" });
    await untilBillingShows(page, subdomain, "Active");
    await expect(billingSection(page).getByTestId("billing-detail")).toContainText("Renews on");

    // Cancel: the product's texts; it stays active until the period ends, and can be resumed.
    await billingSection(page).getByRole("button", { name: "Cancel Subscription" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel Subscription" }).click();
    await expect(page.getByText("Subscription Cancelled").first()).toBeVisible();
    await expect(
      page.getByText("Your subscription will remain active until the end of the billing period.").first(),
    ).toBeVisible();
    await expect(billingSection(page).getByTestId("billing-detail")).toContainText("Cancels on");
    await billingSection(page).getByRole("button", { name: "Resume subscription" }).click();
    await expect(billingSection(page).getByRole("button", { name: "Cancel Subscription" })).toBeVisible();

    // Seats: 3 more than the one user; the subscription's quantity follows.
    await billingSection(page).getByLabel("Seats", { exact: true }).fill("4");
    await billingSection(page).getByRole("button", { name: "Save" }).click();
    await expect(billingSection(page).getByTestId("billing-usage")).toHaveText("1 / 4 seats used");
    await expect.poll(async () => (await subscriptionOf(email))?.quantity, { timeout: 20_000 }).toBe(4);

    // Manage billing: Stripe's customer portal (the stand-in's), in this tab or a new one.
    const popup = page.waitForEvent("popup", { timeout: 5_000 }).catch(() => null);
    await billingSection(page)
      .getByRole("button", { name: "Manage billing" })
      .or(billingSection(page).getByRole("link", { name: "Manage billing" }))
      .click();
    const portal = (await popup) ?? page;
    await portal.waitForURL(`${STANDIN()}/portal/**`);
  });

  test("a subscription cancelled at Stripe makes the workspace read-only, its data still readable", async ({
    page,
  }) => {
    const sub = await subscriptionOf(email);
    expect(sub, "the workspace's subscription at the stand-in").toBeTruthy();
    await standin("/_standin/cancel-now", { subscriptionId: sub!.id });

    await page.goto(`http://${subdomain}.${AI_ROOT}/login`);
    await page.getByLabel("Work email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(SIGNUP_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("subscription-banner")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [500, 1_000, 2_000] });
    await expect(page.getByTestId("subscription-banner")).toContainText("read-only");

    // Adding a user and sending a pulse are refused with the message; reading works.
    // From the page itself (same origin, its session): Node cannot resolve *.localhost here.
    const post = (path: string, body: unknown) =>
      page.evaluate(
        async ([p, b]) => {
          const res = await fetch(p, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(b),
          });
          return { status: res.status, text: await res.text() };
        },
        [path, body] as const,
      );
    const add = await post("/api/users", {
      firstName: "Ola",
      lastName: "Late",
      email: `ola.${id}@example.com`,
      role: "employee",
    });
    expect(add.status, add.text).toBe(409);
    expect(add.text).toContain(READ_ONLY_MESSAGE);
    const send = await post("/api/surveys/send-now", {});
    expect(send.status, send.text).toBe(409);
    expect(send.text).toContain(READ_ONLY_MESSAGE);
    // Still readable: the people in Settings; and the way out, a new subscription.
    await page.goto(`http://${subdomain}.${AI_ROOT}/settings/users`);
    await expect(page.getByRole("list", { name: "Users" }).getByText(email)).toBeVisible();
    await openBilling(page, subdomain);
    await expect(billingSection(page).getByRole("button", { name: "Start Subscription" })).toBeVisible();
  });
});

test("on a phone, checkout ends on 'Subscribed' with the first charge and one confirmation e-mail @phone", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await routeStripe(page);
  const id = unique();
  const subdomain = `billp-${id}`;
  const email = `nia.${id}@example.com`;
  await signUpWithCard(page, email, subdomain);
  await untilBillingShows(page, subdomain, "Free Trial");
  await expect(billingSection(page).getByRole("button", { name: "Cancel Subscription" })).toHaveCount(0);
  await checkoutToSubscribed(page, subdomain, email);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/p2-billing-phone-subscribed.png", fullPage: true });
});

test.describe("without Stripe (the main app: a self-hosted installation)", () => {
  let ws: Workspace;
  let cookie: string;
  test.beforeAll(async () => {
    ws = await createWorkspace("nobill");
    cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
    expect(cookie).toBeTruthy();
  });

  test("billing routes answer 409 billing_not_configured, never 500; seats change", async () => {
    const call = (method: string, path: string, body?: unknown) =>
      json({ host: hostOf(ws.subdomain), path, method, cookie, body });
    for (const action of ["upgrade", "cancel", "resume", "portal"]) {
      const res = await call("POST", `/api/billing/${action}`, { organizationId: ws.orgId });
      expect(res.status, `${action}: ${res.body}`).toBe(409);
      expect(res.body).toContain("billing_not_configured");
    }
    const seats = await call("PUT", "/api/billing/seats", { organizationId: ws.orgId, seats: 12 });
    expect(seats.status, seats.body).toBe(200);
    expect((seats.json() as { billing: { seats: number; configured: boolean } }).billing).toMatchObject({
      seats: 12,
      configured: false,
    });
    const below = await call("PUT", "/api/billing/seats", { organizationId: ws.orgId, seats: 2 });
    expect(below.status, below.body).toBe(409);
    expect(below.body).toContain("seats_below_users");
    const hook = await json({
      host: ROOT,
      path: "/api/billing/webhook",
      method: "POST",
      body: { id: "evt_x", object: "event" },
    });
    expect(hook.status, hook.body).toBe(409);
    const intent = await json({
      host: ROOT,
      path: "/api/signup/setup-intent",
      method: "POST",
      body: { email: "nia@example.com", name: "Nia Okafor", companyName: "Nia Co" },
    });
    expect(intent.status, intent.body).toBe(409);
  });

  test("the billing section says billing is not configured, and seats can change", async ({ page }) => {
    await page.goto(`http://${ws.subdomain}.${ROOT}/login`);
    await page.getByLabel("Work email").fill(ws.admin.email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
    await page.goto(`http://${ws.subdomain}.${ROOT}/settings/billing`);
    const section = billingSection(page);
    await expect(section.getByText(/Billing is not configured on this installation/)).toBeVisible();
    await expect(section.getByRole("button", { name: "Start Subscription" })).toHaveCount(0);
    await section.getByLabel("Seats", { exact: true }).fill("15");
    await section.getByRole("button", { name: "Save" }).click();
    await expect(section.getByTestId("billing-usage")).toHaveText("3 / 15 seats used");
  });
});
