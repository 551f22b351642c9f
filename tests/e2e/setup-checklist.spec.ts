import { test, expect, type Page } from "./support/test";
import { randomBytes } from "node:crypto";
import { linkFromMail } from "./support/mail";
import { MAIN, signInAs, toastText, workspaceUrl } from "./support/pages";
import { DEMO } from "../../scripts/seed/demo-data";

// A new customer's first steps: signing up from a browser in New York gives the workspace that
// zone and the seats of the chosen size, and the setup checklist on the dashboard leads the admin
// through confirming the e-mail, adding three people, a team and a first pulse, ticking each step
// from what the workspace now holds.

test.use({ timezoneId: "America/New_York" });

const PASSWORD = "Setup-pass-2026";

async function signUp(page: Page, subdomain: string, company: string, email: string) {
  await page.goto(`${MAIN}/signup`);
  await page.getByLabel("First name").fill("Rosa");
  await page.getByLabel("Last name").fill("Diaz");
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Company name").fill(company);
  await page.getByLabel("Company size").selectOption("11-50");
  await expect(page.getByLabel("Workspace address")).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  // The seats the trial will have are said before it starts.
  await expect(page.getByText("50 seats for 11-50 employees; add more any time")).toBeVisible();
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await page.getByRole("button", { name: "Go to Dashboard Now" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/"));
}

const checklist = (page: Page) => page.getByRole("region", { name: "Set up your workspace" });
const stepOf = (page: Page, key: string) => checklist(page).locator(`li[data-step="${key}"]`);

/** Back on the dashboard: the checklist says how far the setup is, and so does the shell's link. */
async function expectProgress(page: Page, subdomain: string, done: number, ticked: string[]) {
  await page.goto(workspaceUrl(subdomain, "/"));
  await expect(checklist(page).getByTestId("setup-progress")).toHaveText(
    `${done} of 6 done. Each step ticks itself once it is done.`,
  );
  await expect(page.getByRole("link", { name: `Setup ${done}/6 steps done: open the setup checklist` })).toBeVisible();
  for (const key of ["email", "people", "teams", "pulse", "manager", "meeting"])
    await expect(stepOf(page, key)).toHaveAttribute("data-done", String(ticked.includes(key)));
}

async function addPerson(page: Page, first: string, email: string, opts: { role?: string; team?: string } = {}) {
  await page.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await dialog.getByLabel("First name").fill(first);
  await dialog.getByLabel("Last name").fill("Reyes");
  await dialog.getByLabel("Email").fill(email);
  if (opts.role) await dialog.getByLabel("Role").selectOption({ label: opts.role });
  if (opts.team) await dialog.getByLabel("Team").selectOption({ label: opts.team });
  await dialog.getByRole("button", { name: "Add User" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function newCustomerJourney(page: Page, project: string) {
  const id = randomBytes(3).toString("hex");
  const subdomain = `setup-${id}`;
  const email = `rosa@${subdomain}.example`;
  const shot = (name: string) => page.screenshot({ path: `/tmp/p1-${name}-${project}.png`, fullPage: true });
  await signUp(page, subdomain, `Setup ${id}`, email);

  // A brand-new workspace: the checklist leads, nothing done yet, and no cards of dashes.
  await expect(page.getByRole("heading", { name: "Welcome, Rosa" })).toBeVisible();
  await expect(checklist(page)).toBeVisible();
  await expect(page.getByText("No survey results yet")).toBeVisible();
  await expect(page.getByText("Overall eNPS Score")).toHaveCount(0);
  await expect(stepOf(page, "pulse")).toContainText("every Monday at 09:00 (America/New_York)");
  await expectProgress(page, subdomain, 0, []);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await shot("dashboard-new");

  // Seats and zone as the settings show them.
  await page.goto(workspaceUrl(subdomain, "/settings/billing"));
  await expect(page.getByText("1 / 50 seats used")).toBeVisible();
  await page.goto(workspaceUrl(subdomain, "/settings/schedule"));
  await expect(page.getByText(/^Next pulse: .* \(America\/New_York\)\.$/)).toBeVisible();
  await expect(page.getByLabel("Time", { exact: true })).toHaveValue("09:00");

  // 1. The e-mail, from the mail folder.
  await page.goto(await linkFromMail(email, /http:\/\/\S+\/verify-email\?token=\S+/));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
  await expectProgress(page, subdomain, 1, ["email"]);

  // 2. People, through the checklist's own link: a manager first, then two for the team.
  await stepOf(page, "people").getByRole("link", { name: "Add people" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/settings/users"));
  await addPerson(page, "Marco", `marco@${subdomain}.example`, { role: "Manager" });
  await expectProgress(page, subdomain, 1, ["email"]);
  await expect(stepOf(page, "people")).toContainText("1 of 3 added");
  await expect(stepOf(page, "manager")).toContainText("Invited: this ticks when a manager accepts the invitation");

  // 3. A team with Marco as its manager, then two people in it.
  await stepOf(page, "teams").getByRole("link", { name: "Arrange teams" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/settings/users?tab=teams"));
  await page.getByRole("button", { name: "Add Team" }).first().click();
  const teamDialog = page.getByRole("dialog", { name: "Create New Team" });
  await teamDialog.getByLabel("Team name").fill("Support");
  await teamDialog.getByLabel("Manager (optional)").selectOption({ label: "Marco Reyes" });
  await teamDialog.getByRole("button", { name: "Create Team" }).click();
  await expect(toastText(page, 'Team "Support" created successfully!')).toBeVisible();
  await expectProgress(page, subdomain, 1, ["email"]);

  await page.goto(workspaceUrl(subdomain, "/settings/users"));
  await addPerson(page, "Lia", `lia@${subdomain}.example`, { team: "Support" });
  await addPerson(page, "Tom", `tom@${subdomain}.example`, { team: "Support" });
  await expectProgress(page, subdomain, 3, ["email", "people", "teams"]);
  await expect(stepOf(page, "people")).toContainText("3 people added besides you.");

  // 4. The first pulse, from the checklist's link.
  await stepOf(page, "pulse").getByRole("link", { name: "Send a pulse" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/surveys"));
  await page.getByRole("button", { name: "Send Now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send Now" }).click();
  await expect(toastText(page, "Pulse survey sent")).toBeVisible();
  await expectProgress(page, subdomain, 4, ["email", "people", "teams", "pulse"]);
  // The next step to do leads with a button.
  await expect(stepOf(page, "manager").getByRole("link", { name: "Invite a manager" })).toHaveClass(/bg-brand-600/);
  await shot("dashboard-4-of-6");

  // Dismissed: gone from the dashboard and the shell, for good.
  await checklist(page).getByRole("button", { name: "Dismiss the setup checklist" }).click();
  await expect(toastText(page, "The setup checklist is hidden.")).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Setup \d/ })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Welcome, Rosa" })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
}

const JOURNEY =
  "signup in New York: the workspace's zone and seats; the checklist leads through people, a team and a first pulse";

test(JOURNEY, async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await newCustomerJourney(page, testInfo.project.name);
});

test(`@phone ${JOURNEY}`, async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await newCustomerJourney(page, testInfo.project.name);
});

test("the demo workspace is set up, so its admin sees no checklist", async ({ page }) => {
  await signInAs(page, DEMO.subdomain, DEMO.admin.email, DEMO.password);
  await expect(page.getByText("Overall eNPS Score")).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Setup \d/ })).toHaveCount(0);
});
