// Analytics end to end: a fresh workspace gets one closed pulse round seeded straight into the
// rollup tables (as the fold at close leaves them); the admin sees the dashboard, the emergency
// panel and the pulse heatmap with a small team hidden, exports the CSV; the manager's reports
// show only their team. The round: 14 answered — the manager's team 5, Design 6, and 3 outside
// any attributed team (Ops has 2 members: too small to be attributed).
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { ORG_ROW, seedClosedPulseRound } from "./support/pulse-round";
import { signInAs, workspaceUrl } from "./support/pages";

const NIL = ORG_ROW;
const SHOTS = process.env.PW_SHOTS; // set to a folder to keep screenshots for review

const seedRound = (ws: Workspace) =>
  seedClosedPulseRound(ws, ({ team, design }) => ({
    questions: [
      { type: "scale", text: "I feel engaged", dimension: "overall", bankKey: "overall_1" },
      { type: "scale", text: "I feel recognised", dimension: "recognition", bankKey: "recognition_1" },
      { type: "enps", text: "Would you recommend us?", dimension: null, bankKey: "enps" },
    ],
    participation: { [NIL]: [16, 14], [team]: [5, 5], [design]: [6, 6] },
    rollups: {
      [NIL]: { overall: [14, 84], recognition: [14, 105], enps: [14, 98, 6, 2], stress: [14, 70] },
      [team]: { overall: [5, 45], recognition: [5, 40], enps: [5, 40, 3, 0] },
      [design]: { overall: [6, 24], recognition: [6, 45], enps: [6, 36, 2, 1] },
    },
  }));

/** The browser's own fetch: the test runner itself cannot resolve *.localhost host names. */
const statusOf = (page: Page, path: string) => page.evaluate(async (p) => (await fetch(p)).status, path);

let ws: Workspace;
test.beforeAll(async () => {
  ws = await createWorkspace("ana");
  await seedRound(ws);
});

test("the admin sees the dashboard numbers and the emergency panel", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  const culture = page.locator("div", { has: page.getByRole("heading", { name: "Overall Culture Score" }) }).last();
  await expect(culture).toContainText("7.5");
  await expect(
    page.locator("div", { has: page.getByRole("heading", { name: "Overall eNPS Score" }) }).last(),
  ).toContainText("7.0");
  const panel = page.getByRole("region", { name: "Emergency Metrics (Below 6.5)" });
  await expect(panel).toContainText("Engagement Score");
  await expect(panel).toContainText("6.0/10");
  // Team alerts: Design's engagement (4.0) is listed; Ops (too few answers) and the manager's team
  // (all above 6.5) are not.
  const teams = panel.getByRole("list", { name: "Teams below 6.5 over the last four weeks" });
  await expect(teams.locator(":scope > li")).toHaveCount(1);
  const design = panel.getByRole("list", { name: "Low scores of Design" });
  await expect(design.getByRole("listitem").filter({ hasText: "Engagement Score" })).toContainText("4.0/10");
  await expect(panel.getByText("Ops")).toHaveCount(0);
  await expect(panel.getByText(ws.team.name)).toHaveCount(0);
  // The chart starts at the round's week (no blank weeks before it), shows its participation
  // (14 of 16), and is drawn on the server: no chart library on the page.
  const chart = page.getByRole("figure");
  await expect(chart.getByText(/^Weekly scores over (the week of|2 weeks from)/)).toBeVisible();
  await expect(chart.getByRole("table")).toContainText("88%");
  await expect(page.getByTestId("trend-picture")).toBeVisible();
  await expect(page.getByTestId("trend-picture").locator('[title^="Culture score "]').first()).toHaveAttribute(
    "title",
    /, week of [A-Z][a-z]{2} \d{1,2}$/,
  );
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-desktop.png`, fullPage: true });
});

test("the four score cards take less than half a phone's screen @phone", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  for (const [path, first, last] of [
    ["/", "Overall eNPS Score", "Standard eNPS"],
    ["/reports", "Culture Score", "Standard eNPS"],
  ] as const) {
    await page.goto(workspaceUrl(ws.subdomain, path));
    const top = (await page.getByRole("heading", { name: first, exact: true }).boundingBox())!;
    const card = page.locator("div", { has: page.getByRole("heading", { name: last, exact: true }) }).last();
    const bottom = (await card.boundingBox())!;
    expect(bottom.y + bottom.height - top.y).toBeLessThan(page.viewportSize()!.height / 2);
  }
});

test("the pulse heatmap hides the small team, and Export CSV downloads the same rows as CSV", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
  await expect(page.getByRole("heading", { name: "Pulse Overview", level: 1 })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /All employees/ })).toContainText("88%");
  const design = table.locator('tr[data-team="Design"]');
  await expect(design).toContainText("4.0");
  const ops = table.locator('tr[data-team="Ops"]');
  // Hidden: eNPS and the two dimensions the round asked; the nine others read 'not asked'.
  await expect(ops.locator('[data-suppressed="true"]')).toHaveCount(3);
  await expect(ops.locator('[data-not-asked="true"]')).toHaveCount(9);
  await expect(ops).toContainText("hidden");
  await expect(page.getByRole("heading", { name: "Current Survey Status" })).toBeVisible();
  // Only the table scrolls sideways, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-desktop.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^pulse-overview-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain("Team,Members,Participation %,eNPS,Overall engagement");
  expect(csv).toMatch(/\r\nOps,2,hidden,hidden,hidden/);
  expect(csv).toMatch(/\r\nDesign,6,100,6\.0,4\.0,7\.5/);

  // The filter counts what 'Teams and segments' lists (three teams and All employees), whichever
  // segment is shown.
  const segments = page.getByLabel("Show", { exact: true });
  const all = segments.locator('option[value="all"]');
  await expect(all).toHaveText("Teams and segments (4)");
  await segments.selectOption("organization");
  await expect(page).toHaveURL(/segment=organization/);
  await expect(table.locator('tr[data-team="Design"]')).toHaveCount(0);
  await expect(all).toHaveText("Teams and segments (4)");
});

test("the manager's reports show only their own team", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/reports"));
  await expect(page.getByRole("heading", { name: "Team Reports" })).toBeVisible();
  await expect(page.getByRole("heading", { name: ws.team.name })).toBeVisible();
  await expect(page.getByText("Design")).toHaveCount(0);
  await expect(page.getByText("Survey Participation")).toBeVisible();
  // Counts of dimensions, named as such (no person's scores exist to count people by).
  await expect(page.getByText("Strong Dimensions")).toBeVisible();
  await expect(page.getByText("High Performers")).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/reports-manager.png`, fullPage: true });
  // Managers get their own teams' figures from the API.
  expect(await statusOf(page, `/api/dashboard-metrics/${ws.orgId}`)).toBe(200);
});

test("an employee sees a welcome without organisation numbers and gets 403 from the APIs", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  await expect(page.getByText("Overall Culture Score")).toHaveCount(0);
  expect(await statusOf(page, `/api/team-rankings/${ws.orgId}`)).toBe(403);
  expect(await statusOf(page, "/api/pulse?round=latest")).toBe(403);
});

test("the pulse overview shows one team at a time on a phone @phone", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/dashboard-phone.png`, fullPage: true });
  await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
  // No sideways table on a phone (tests/e2e/pulse-overview.spec.ts covers the phone layout).
  await expect(page.getByRole("region", { name: "Pulse heatmap" })).toBeHidden();
  await expect(page.getByRole("list", { name: "Scores of All employees" })).toBeVisible();
  // The page itself does not scroll sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-phone.png`, fullPage: true });
});

// The demo workspace (seeded at start through the product's own code): Customer Success is below
// 6.5 while the organisation's averages are not, and its alert leads to its own Pulse Overview.
const DEMO = {
  subdomain: "freshleadershipworld",
  email: "admin@freshleadershipworld.com",
  password: "Pulsewell-demo-2026",
};

async function demoTeamAlert(page: Page, phone: boolean) {
  await signInAs(page, DEMO.subdomain, DEMO.email, DEMO.password);
  const panel = page.getByRole("region", { name: "Emergency Metrics (Below 6.5)" });
  await expect(panel).toBeVisible();
  await expect(page.getByText("All metrics looking good!")).toHaveCount(0);
  const teams = panel.getByRole("list", { name: "Teams below 6.5 over the last four weeks" });
  await expect(teams.locator(":scope > li").first()).toContainText("Customer Success");
  const low = panel.getByRole("list", { name: "Low scores of Customer Success" });
  await expect(low.getByRole("listitem").first()).toContainText(/\d\.\d\/10/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  if (SHOTS)
    await page.screenshot({ path: `${SHOTS}/demo-team-alerts-${phone ? "phone" : "desktop"}.png`, fullPage: true });

  await panel.getByRole("link", { name: "Customer Success" }).click();
  await expect(page).toHaveURL(/\/pulse\?round=recent&team=[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: /^Last 4 weeks · \d rounds? · Customer Success$/ })).toBeVisible();
  if (phone) {
    await expect(page.getByLabel("Team", { exact: true })).toHaveValue(/^[0-9a-f-]{36}$/);
    await expect(page.getByRole("list", { name: "Scores of Customer Success" })).toBeVisible();
  } else {
    const rows = page.getByRole("region", { name: "Pulse heatmap" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-team", "Customer Success");
  }
  await page.getByRole("link", { name: "Show every team" }).click();
  await expect(page.getByRole("heading", { name: /^Last 4 weeks · \d rounds?$/ })).toBeVisible();
}

test("the demo dashboard lists Customer Success below 6.5 and links to its Pulse Overview", async ({ page }) => {
  await demoTeamAlert(page, false);
});

test("the demo dashboard's team alerts on a phone @phone", async ({ page }) => {
  await demoTeamAlert(page, true);
});
