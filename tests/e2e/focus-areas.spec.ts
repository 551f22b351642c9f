// Focus areas where a manager looks: the team's report, the Pulse Overview and the dashboard's team
// alerts, each with 'Plan an action'. One closed round seeded straight into the rollup tables: the
// manager's team (5 answered) scores 3.0 on recognition (the organisation 6.0, which a manager is not shown), and 8.0 on
// relationship with manager; there are no stored answers, so the relation to engagement is not
// known yet and the explanation says so.
import { expect, test, AxeBuilder, type Locator, type Page } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { ORG_ROW, seedClosedPulseRound } from "./support/pulse-round";
import { signInAs, workspaceUrl } from "./support/pages";

let ws: Workspace;
test.beforeAll(async () => {
  ws = await createWorkspace("focus");
  await seedClosedPulseRound(ws, ({ team, design, ops }) => ({
    participation: { [ORG_ROW]: [16, 14], [team]: [5, 5], [design]: [6, 6], [ops]: [2, 2] },
    rollups: {
      [ORG_ROW]: { overall: [14, 84], recognition: [14, 84], relationship_with_manager: [14, 105] },
      [team]: { overall: [5, 30], recognition: [5, 15], relationship_with_manager: [5, 40] },
      [design]: { overall: [6, 48], recognition: [6, 48], relationship_with_manager: [6, 45] },
      [ops]: { overall: [2, 6], recognition: [2, 6], relationship_with_manager: [2, 6] },
    },
  }));
});

const planHref = () => `/commitments/new?teamId=${ws.team.id}&dimension=recognition`;

async function expectRecognitionFocus(page: Page, scope: Locator) {
  const item = scope.locator('[data-focus-area="recognition"]');
  await expect(item).toContainText("Recognition");
  await expect(item).toContainText("3.0/10");
  // A manager's team is weighed against its own history only: the organisation's figure is not theirs to see.
  await expect(item).toContainText(`${ws.team.name} scores 3.0.`);
  await expect(item).not.toContainText("the organisation");
  await expect(item).toContainText("There is not enough history yet");
  const link = item.getByRole("link", { name: "Plan an action" });
  await expect(link).toHaveAttribute("href", planHref());
  // Reachable by keyboard.
  await link.focus();
  await expect(link).toBeFocused();
  // Relationship with manager is above the organisation: not a focus area.
  await expect(scope.locator('[data-focus-area="relationship_with_manager"]')).toBeHidden();
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);
}

test("a manager sees the team's focus areas with 'Plan an action' on the report, the Pulse Overview and the dashboard", async ({
  page,
}) => {
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);

  await page.goto(workspaceUrl(ws.subdomain, "/reports"));
  await expectRecognitionFocus(page, page.locator(`[data-focus-areas="${ws.team.id}"]`));

  await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
  const overview = page.locator(`[data-focus-areas="${ws.team.id}"]`);
  await expect(overview.getByRole("heading", { name: `Focus areas · ${ws.team.name}` })).toBeVisible();
  await expectRecognitionFocus(page, overview);

  // The dashboard's team alert: the focus areas open from a button, by keyboard.
  await page.goto(workspaceUrl(ws.subdomain, "/"));
  const toggle = page.getByRole("button", { name: `Show focus areas of ${ws.team.name}` });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: `Hide focus areas of ${ws.team.name}` })).toHaveAttribute(
    "aria-expanded",
    "true",
  );
  await expectRecognitionFocus(page, page.locator(`[data-focus-areas="${ws.team.id}"]`));
});

test("the focus areas fit a phone @phone", async ({ page }) => {
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/reports"));
  const item = page.locator(`[data-focus-areas="${ws.team.id}"] [data-focus-area="recognition"]`);
  await item.scrollIntoViewIfNeeded();
  await expect(item.getByRole("link", { name: "Plan an action" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
  if (process.env.PW_SHOTS) await page.screenshot({ path: `${process.env.PW_SHOTS}/focus-phone.png`, fullPage: true });
});
