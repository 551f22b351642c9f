// Pulse Overview at 1440 px and on a 390 px phone. A fresh workspace gets one closed round seeded
// straight into the rollup tables (as the fold at close leaves them) that asked about overall
// engagement, recognition and eNPS only: the other nine dimensions were not asked. 14 answered:
// the manager's team 5, Design 6, and 3 outside any team; Ops (2 members) is hidden.
import { expect, test, type Page } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { ORG_ROW, seedClosedPulseRound } from "./support/pulse-round";
import { signInAs, workspaceUrl } from "./support/pages";

const NIL = ORG_ROW;
const SHOTS = process.env.PW_SHOTS; // set to a folder to keep screenshots for review

const seedRound = (ws: Workspace) =>
  seedClosedPulseRound(ws, ({ team, design, ops }) => ({
    participation: { [NIL]: [16, 14], [team]: [5, 5], [design]: [6, 6], [ops]: [2, 2] },
    rollups: {
      [NIL]: { overall: [14, 98], recognition: [14, 105], enps: [14, 98] },
      [team]: { overall: [5, 45], recognition: [5, 40], enps: [5, 40] },
      [design]: { overall: [6, 24], recognition: [6, 45], enps: [6, 36] },
      [ops]: { overall: [2, 14], recognition: [2, 12], enps: [2, 14] },
    },
  }));

let ws: Workspace;
test.beforeAll(async () => {
  ws = await createWorkspace("pov");
  await seedRound(ws);
});

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

test.describe("at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("the team column stays while the rest scrolls to the last dimension; hidden and not asked read differently; a legend explains both", async ({
    page,
  }) => {
    await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
    await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
    // The default view: the last four weeks (here the one seeded round).
    await expect(page.getByRole("heading", { name: "Last 4 weeks · 1 round", level: 2 })).toBeVisible();
    await expect(page.getByLabel("Round", { exact: true })).toHaveValue("recent");
    const region = page.getByRole("region", { name: "Pulse heatmap" });
    const table = region.getByRole("table");
    await expect(table).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);

    // Scrolled to the end: the last column is fully inside the box, the team column still at its left edge.
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    const box = (await region.boundingBox())!;
    const last = (await table.getByRole("columnheader", { name: "Ambassadorship" }).boundingBox())!;
    expect(last.x + last.width).toBeLessThanOrEqual(box.x + box.width + 1);
    const design = table.locator('tr[data-team="Design"]');
    const teamCell = (await design.getByRole("rowheader").boundingBox())!;
    expect(Math.abs(teamCell.x - box.x)).toBeLessThanOrEqual(2);
    await expect(design.getByRole("rowheader")).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-1440-scrolled.png` });
    await region.evaluate((el) => el.scrollTo({ left: 0 }));

    // Design: asked dimensions have scores; the nine others say 'Not asked in these rounds'.
    await expect(design).toContainText("4.0");
    await expect(design.locator('[data-not-asked="true"]')).toHaveCount(9);
    await expect(design.getByText("Not asked in these rounds").first()).toBeAttached();
    // Ops is hidden: its asked dimensions and eNPS are hidden, the unasked ones still read 'not asked'.
    const ops = table.locator('tr[data-team="Ops"]');
    await expect(ops.locator('[data-suppressed="true"]')).toHaveCount(3);
    await expect(ops.locator('[data-not-asked="true"]')).toHaveCount(9);
    await expect(ops.locator('[data-not-asked="true"]').first()).toHaveText(/^Not asked/);

    const legend = page.getByRole("heading", { name: "Legend" }).locator("..");
    await expect(legend.getByRole("list", { name: "Score colours, out of 10" }).getByRole("listitem")).toHaveCount(5);
    await expect(legend).toContainText("Hidden: fewer than 3 responses");
    await expect(legend).toContainText("No question on it in these rounds");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-1440.png`, fullPage: true });
  });
});

test.describe("at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the wide table says it scrolls, shows a shadow on the side that hides columns, and scrolls by keyboard", async ({
    page,
  }) => {
    await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
    await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
    const region = page.getByRole("region", { name: "Pulse heatmap" });
    await expect(region).toBeVisible();
    const hint = page.getByTestId("heatmap-scroll-hint");
    const start = page.getByTestId("heatmap-shadow-start");
    const end = page.getByTestId("heatmap-shadow-end");
    // Columns are out of view on the right: the cue says so, and is the region's description.
    await expect(hint).toHaveText("Scroll sideways for more columns");
    await expect(end).toHaveAttribute("data-shown", "true");
    await expect(start).toHaveAttribute("data-shown", "false");
    await expect(region).toHaveAccessibleDescription("Scroll sideways for more columns");
    expect(await pageScrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-1280.png` });

    // By keyboard: Tab reaches the region (after the filters and the export link), the arrow keys scroll it.
    await page.getByRole("link", { name: "Export CSV" }).focus();
    await page.keyboard.press("Tab");
    await expect(region).toBeFocused();
    for (let i = 0; i < 60; i++) await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(start).toHaveAttribute("data-shown", "true");
    // The team names stay in view while the columns move under the shadow.
    await expect(region.locator('tr[data-team="Design"]').getByRole("rowheader")).toBeInViewport();
    await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(end).toHaveAttribute("data-shown", "false");
    await expect(hint).toHaveText("Scroll back for the first columns");
    await expect(region.getByRole("columnheader", { name: "Ambassadorship" })).toBeInViewport();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-1280-scrolled.png` });
  });
});

test.describe("the demo workspace", () => {
  const DEMO = {
    subdomain: "freshleadershipworld",
    email: "admin@freshleadershipworld.com",
    password: "Pulsewell-demo-2026",
  };

  test("opens on the last four weeks with every dimension asked", async ({ page }) => {
    await signInAs(page, DEMO.subdomain, DEMO.email, DEMO.password);
    await page.goto(workspaceUrl(DEMO.subdomain, "/pulse"));
    await expect(page.getByRole("heading", { name: /^Last 4 weeks · [34] rounds$/, level: 2 })).toBeVisible();
    const region = page.getByRole("region", { name: "Pulse heatmap" });
    await expect(region.locator("tbody tr")).toHaveCount(4);
    // The weekly rotation asks every dimension within any three rounds: no dimension column reads
    // 'Not asked' (eNPS is monthly, so it may). Cells: team, participation, eNPS, then the eleven.
    const dimensionCells = "td:nth-child(n+4)";
    await expect(region.locator(`${dimensionCells}[data-not-asked="true"]`)).toHaveCount(0);
    const all = region.locator('tr[data-team="All employees"]');
    await expect(all.locator(dimensionCells).filter({ hasText: /^\d+\.\d$/ })).toHaveCount(11);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-demo.png`, fullPage: true });
  });

  test("opens on the last four weeks with every dimension asked, on a phone @phone", async ({ page }) => {
    await signInAs(page, DEMO.subdomain, DEMO.email, DEMO.password);
    await page.goto(workspaceUrl(DEMO.subdomain, "/pulse"));
    await expect(page.getByRole("heading", { name: /^Last 4 weeks · [34] rounds$/, level: 2 })).toBeVisible();
    const scores = page.getByRole("list", { name: "Scores of All employees" });
    await expect(scores.getByRole("listitem")).toHaveCount(13);
    await expect(
      scores.getByRole("listitem").filter({ hasNotText: "eNPS" }).locator('[data-not-asked="true"]'),
    ).toHaveCount(0);
    expect(await pageScrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-demo-phone.png`, fullPage: true });
  });
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("one team or one dimension at a time, picked by keyboard, as a list that never scrolls sideways", async ({
    page,
  }) => {
    await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
    await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
    await expect(page.getByRole("heading", { name: "Pulse Overview", level: 1 })).toBeVisible();
    // No table here: a list of dimension → score for the chosen team.
    await expect(page.getByRole("region", { name: "Pulse heatmap" })).toBeHidden();
    const teamPicker = page.getByLabel("Team", { exact: true });
    await expect(teamPicker).toHaveValue("organization");
    await expect(page.getByRole("list", { name: "Scores of All employees" })).toContainText("Overall engagement");

    // By keyboard: focus the picker and choose Design.
    await teamPicker.focus();
    await teamPicker.selectOption({ label: "Design" });
    const scores = page.getByRole("list", { name: "Scores of Design" });
    await expect(scores.getByRole("listitem").filter({ hasText: "Overall engagement" })).toContainText("4.0");
    await expect(scores.getByRole("listitem").filter({ hasText: "Wellness" })).toContainText("Not asked");
    await expect(scores.getByRole("listitem").filter({ hasText: "Participation" })).toContainText("100%");
    // Comfortable to read: a row per figure, 14 px text, nothing cut off or scrolling sideways.
    const sizes = await scores.getByRole("listitem").evaluateAll((items) =>
      items.map((li) => ({
        h: li.getBoundingClientRect().height,
        font: parseFloat(getComputedStyle(li.querySelector("span span")!).fontSize),
        over: li.scrollWidth - li.clientWidth,
      })),
    );
    expect(sizes).toHaveLength(13);
    for (const s of sizes) {
      expect(s.h).toBeGreaterThanOrEqual(40);
      expect(s.font).toBeGreaterThanOrEqual(14);
      expect(s.over).toBeLessThanOrEqual(0);
    }
    expect(await pageScrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-390-team.png`, fullPage: true });

    // Switch to one dimension with the arrow keys on the tabs.
    await page.getByRole("tab", { name: "One team" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "One dimension" })).toHaveAttribute("aria-selected", "true");
    const dimension = page.getByLabel("Dimension", { exact: true });
    await dimension.focus();
    await dimension.selectOption({ label: "Recognition" });
    const byTeam = page.getByRole("list", { name: "Recognition by team" });
    await expect(byTeam.getByRole("listitem")).toHaveCount(4);
    await expect(byTeam.getByRole("listitem").filter({ hasText: "Design" })).toContainText("7.5");
    await expect(
      byTeam.getByRole("listitem").filter({ hasText: "Ops" }).locator('[data-suppressed="true"]'),
    ).toHaveCount(1);
    await dimension.selectOption({ label: "Wellness" });
    await expect(page.getByRole("list", { name: "Wellness by team" }).locator('[data-not-asked="true"]')).toHaveCount(
      4,
    );
    expect(await pageScrollsSideways(page)).toBe(false);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-390-dimension.png`, fullPage: true });
  });
});
