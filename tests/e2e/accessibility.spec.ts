import { test, expect, AxeBuilder, type Page } from "./support/test";
import { MAIN, signInAs, workspaceUrl as url } from "./support/pages";
import { superuserQuery } from "./support/db";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { openSurveyLink } from "./support/open-survey";
import { setUpVault } from "./support/vault";

// Every axe rule, of every impact (best practices such as heading order and landmarks included),
// on the pages the other specs scan for serious findings: none may have a single finding. Every
// test of the suite still fails on serious ones wherever it goes (support/test.ts).

const DEMO = "freshleadershipworld";
const DEMO_PASSWORD = "Pulsewell-demo-2026";
const ADMIN = "admin@freshleadershipworld.com";

/** Each finding as one line: rule, impact and where. */
async function findings(page: Page): Promise<string[]> {
  // Lists that load in the browser have a moment to arrive (a page that keeps a request open is
  // scanned after 5 s all the same).
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? n.impact}): ${n.target.join(" ")}  ${n.html.slice(0, 120)}`),
  );
}

test("the public site's pages and the workspace sign-in have no accessibility findings", async ({ page }) => {
  for (const path of ["/trial", "/logos", "/login"]) {
    await page.goto(`${MAIN}${path}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await findings(page), path).toEqual([]);
  }
  await page.goto(url(DEMO, "/login"));
  await expect(page.getByLabel("Work email")).toBeVisible();
  expect(await findings(page), "workspace /login").toEqual([]);
});

test("the dashboard, the survey results and the 1:1 list have no accessibility findings", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO, ADMIN, DEMO_PASSWORD);
  await expect(page.getByRole("heading", { name: "Weekly trends" })).toBeVisible();
  expect(await findings(page), "dashboard").toEqual([]);

  const [survey] = await superuserQuery<{ id: string }>(
    `SELECT s.id FROM "Survey" s JOIN "Organization" o ON o.id = s."organizationId"
      WHERE o.subdomain = $1 AND s.status = 'closed' ORDER BY s."closesAt" DESC LIMIT 1`,
    [DEMO],
  );
  expect(survey, "the demo has a closed survey").toBeDefined();
  await page.goto(url(DEMO, `/surveys/results/${survey!.id}`));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await findings(page), "survey results").toEqual([]);

  await page.goto(url(DEMO, "/one-on-one"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await findings(page), "1:1 list").toEqual([]);
});

test("Commitments and the plan form have no accessibility findings", async ({ page }) => {
  await signInAs(page, DEMO, ADMIN, DEMO_PASSWORD);
  await page.goto(url(DEMO, "/commitments"));
  await expect(page.getByRole("heading", { name: "Commitments", level: 1 })).toBeVisible();
  expect(await findings(page), "commitments").toEqual([]);
  await page.goto(url(DEMO, "/commitments/new"));
  await expect(page.getByRole("heading", { name: "Plan an action", level: 1 })).toBeVisible();
  // With the messages a failed submit shows.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Title is required")).toBeVisible();
  expect(await findings(page), "plan form").toEqual([]);
});

test("the content library, with and without its add dialog, has no accessibility findings", async ({ page }) => {
  const ws = await createWorkspace("axlib");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/admin/content-library"));
  await expect(page.getByTestId("content-card").first()).toBeVisible();
  expect(await findings(page), "library").toEqual([]);
  await page.getByRole("button", { name: "Add Content", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Add Content" })).toBeVisible();
  expect(await findings(page), "add dialog").toEqual([]);
});

test("Boss Bot and the survey page have no accessibility findings", async ({ page }) => {
  const ws = await createWorkspace("axcoach");
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await setUpVault(page);
  await page.goto(url(ws.subdomain, "/ai-coach"));
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
  expect(await findings(page), "Boss Bot").toEqual([]);

  await page.goto(await openSurveyLink(ws));
  await expect(page.getByText("I know what is expected of me at work.")).toBeVisible();
  expect(await findings(page), "survey").toEqual([]);
});
