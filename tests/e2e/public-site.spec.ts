import { test, expect, type Page, AxeBuilder } from "./support/test";
import { ROOT } from "../../playwright.config";

// The public main site on the root host (localhost:<port>), not on a workspace subdomain.
const main = (p: string) => `http://${ROOT}${p}`;
const workspace = (sub: string, p: string) => `http://${sub}.${ROOT}${p}`;

async function expectLanding(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Know how your team really feels");
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Pulsewell home" })).toHaveText("pulsewell");
  await expect(header.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Sign Up" })).toHaveAttribute("href", "/signup");
  for (const claim of ["Set up in 10 minutes", "2-minute weekly surveys", "Anonymous by design"])
    await expect(page.getByText(claim, { exact: true })).toBeVisible();
  const badges = page.getByRole("list", { name: "Trial terms" });
  for (const badge of ["7-day free trial", "No setup fees", "Cancel anytime"])
    await expect(badges.getByText(badge)).toBeVisible();
  const features = [
    "Weekly pulse surveys",
    "Culture dashboards and eNPS",
    "Boss Bot AI leadership coach",
    "1:1 meeting tools",
    "Anonymous feedback",
    "Culture alerts",
  ];
  for (const f of features) await expect(page.getByRole("heading", { level: 3, name: f })).toBeVisible();
  const pricing = page.getByRole("region", { name: "One simple price" });
  await expect(pricing.getByText("$6", { exact: true })).toBeVisible();
  await expect(pricing.getByText("per user / month")).toBeVisible();
  await expect(pricing.getByText("After your 7-day free trial.")).toBeVisible();
  for (const [users, total] of [
    ["10 users", "$60 / month"],
    ["25 users", "$150 / month"],
    ["50 users", "$300 / month"],
  ] as const) {
    await expect(pricing.getByRole("row", { name: `${users} ${total}` })).toBeVisible();
  }
  await expect(page.getByText("Sample company names, shown as examples.")).toBeVisible();
}

test("the landing page at /, /trial and /landing shows the offer and the price", async ({ page }) => {
  // A local start's root address is the public site too (not the demo workspace).
  await page.goto(main("/"));
  await expect(page).toHaveURL(main("/"));
  await expect(page).toHaveTitle("Pulsewell: weekly pulse surveys and culture dashboards");
  await expectLanding(page);
  await page.goto(main("/trial"));
  await expect(page).toHaveTitle("Start your 7-day free trial · Pulsewell");
  await expectLanding(page);
  await page.goto(main("/landing"));
  await expect(page).toHaveTitle(/· Pulsewell$/);
  await expectLanding(page);
});

test("the lead form needs its first four fields and hands them to signup", async ({ page }) => {
  await page.goto(main("/trial"));
  const form = page.getByRole("form", { name: "Start your free trial" });
  const submit = form.getByRole("button", { name: "Start My Free Trial" });
  await submit.click();
  // The browser refuses the empty form: nothing was sent.
  await expect(page).toHaveURL(main("/trial"));
  for (const label of ["Company name", "Your name", "Work email", "Team size"]) {
    expect(await form.getByLabel(label).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
  }
  expect(await form.getByLabel("Phone").evaluate((el: HTMLInputElement) => el.required)).toBe(false);

  await form.getByLabel("Company name").fill("Acme & Sons");
  await form.getByLabel("Your name").fill("Ada King Lovelace");
  await form.getByLabel("Work email").fill("ada@acme.example");
  await form.getByLabel("Team size").fill("12");
  await form.getByLabel("Phone").fill("+44 20 7946 0000");
  await submit.click();
  await page.waitForURL((u) => u.pathname === "/signup");
  const params = new URL(page.url()).searchParams;
  expect(Object.fromEntries(params)).toEqual({
    companyName: "Acme & Sons",
    firstName: "Ada",
    lastName: "King Lovelace",
    workEmail: "ada@acme.example",
    teamSize: "12",
  });
});

test("/logos shows the wordmark in six colours on three backgrounds", async ({ page }) => {
  await page.goto(main("/logos"));
  await expect(page).toHaveTitle("Logo colours · Pulsewell");
  const tiles = page.getByRole("figure");
  await expect(tiles).toHaveCount(18);
  for (const colour of ["Default", "Blue", "Purple", "Green", "Orange", "Pink"]) {
    for (const bg of ["light", "dark", "neutral"])
      await expect(tiles.filter({ hasText: `${colour}on ${bg}` })).toHaveCount(1);
  }
  await expect(tiles.first()).toContainText("pulsewell");
});

test("the company finder sends a known company to its sign-in page", async ({ page }) => {
  await page.goto(main("/login"));
  await expect(page).toHaveTitle("Company login · Pulsewell");
  await expect(page.getByText(`.${ROOT}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign up for a free trial" })).toHaveAttribute("href", "/signup");
  await page.getByLabel("Company URL").fill("freshleadershipworld");
  await page.getByRole("button", { name: "Go to Company Login" }).click();
  await expect(page).toHaveURL(workspace("freshleadershipworld", "/login"));
  await expect(page.getByLabel("Work email")).toBeVisible();

  // A pasted workspace address finds it too.
  await page.goto(main("/login"));
  await page.getByLabel("Company URL").fill(`http://freshleadershipworld.${ROOT}/settings`);
  await page.getByRole("button", { name: "Go to Company Login" }).click();
  await expect(page).toHaveURL(workspace("freshleadershipworld", "/login"));
});

test("the company finder says so when no company has that name", async ({ page }) => {
  await page.goto(main("/login"));
  await page.getByLabel("Company URL").fill("no-such-company-here");
  await page.getByRole("button", { name: "Go to Company Login" }).click();
  // Under the field it is about, read out with it (its description) when focus returns to it.
  const field = page.getByLabel("Company URL");
  await expect(field).toHaveAccessibleDescription(
    /Company not found No account found for "no-such-company-here"\. Please check the name or sign up for a new account\./,
  );
  await expect(field).toBeFocused();
  await expect(page).toHaveURL(main("/login"));
  await expect(field).toHaveAttribute("aria-invalid", "true");
});

test("the landing page has no serious accessibility violations", async ({ page }) => {
  for (const path of ["/", "/trial", "/logos", "/login"]) {
    await page.goto(main(path));
    const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
    expect(
      result.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      path,
    ).toEqual([]);
  }
});

test("the main site never scrolls sideways on a phone @phone", async ({ page }) => {
  for (const path of ["/", "/trial", "/logos", "/login"]) {
    await page.goto(main(path));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth, path).toBeLessThanOrEqual(clientWidth);
  }
});
