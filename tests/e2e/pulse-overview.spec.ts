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

    // Design: asked dimensions have scores; the nine others say 'Not asked this round'.
    await expect(design).toContainText("4.0");
    await expect(design.locator('[data-not-asked="true"]')).toHaveCount(9);
    await expect(design.getByText("Not asked this round").first()).toBeAttached();
    // Ops is hidden: its asked dimensions and eNPS are hidden, the unasked ones still read 'not asked'.
    const ops = table.locator('tr[data-team="Ops"]');
    await expect(ops.locator('[data-suppressed="true"]')).toHaveCount(3);
    await expect(ops.locator('[data-not-asked="true"]')).toHaveCount(9);
    await expect(ops.locator('[data-not-asked="true"]').first()).toHaveText(/^Not asked/);

    const legend = page.getByRole("heading", { name: "Legend" }).locator("..");
    await expect(legend.getByRole("list", { name: "Score colours, out of 10" }).getByRole("listitem")).toHaveCount(5);
    await expect(legend).toContainText("Hidden: fewer than 3 responses");
    await expect(legend).toContainText("No question on it this round");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pulse-1440.png`, fullPage: true });
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
