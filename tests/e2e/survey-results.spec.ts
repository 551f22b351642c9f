import { test, expect } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, workspaceUrl } from "./support/pages";

// Survey results as admins and managers read them: from the survey list's 'View Results', a
// custom survey's scale, eNPS and comments, 'Not enough responses yet' for a survey too few
// answered, the manager's own team, the employee's locked page, a foreign id, a phone, axe.
// The rollups are seeded as the submission function keeps them (its numbers are proven by
// tests/integration/survey-results.test.ts); comments are answer rows, as the function stores them.

const NIL = "00000000-0000-0000-0000-000000000000";

/** A sent custom survey: `respondents` answered (in the manager's team), with the given scale
 * and eNPS answers and comments. */
async function seedSurvey(ws: Workspace, title: string, scale: number[], enps: number[], texts: string[]): Promise<string> {
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const id = randomUUID();
    const now = new Date();
    const [scaleQ, enpsQ, textQ] = [randomUUID(), randomUUID(), randomUUID()];
    await tx.survey.create({
      data: { organizationId: ws.orgId, id, kind: "custom", title, status: "active", scheduledFor: now, sentAt: now, closesAt: new Date(now.getTime() + 7 * 86_400_000), invitedCount: 6, responseCount: scale.length },
    });
    await tx.surveyQuestion.createMany({
      data: [
        { organizationId: ws.orgId, id: scaleQ, surveyId: id, order: 1, type: "scale", text: "The offsite was worth it." },
        { organizationId: ws.orgId, id: enpsQ, surveyId: id, order: 2, type: "enps", text: "Would you recommend our offsites?" },
        { organizationId: ws.orgId, id: textQ, surveyId: id, order: 3, type: "text", text: "What should we change?", isRequired: false },
      ],
    });
    const counts = (values: number[]) => Array.from({ length: 11 }, (_, v) => values.filter((x) => x === v).length);
    for (const teamId of [NIL, ws.team.id]) {
      await tx.surveyParticipation.create({ data: { organizationId: ws.orgId, surveyId: id, teamId, invited: 6, responded: scale.length } });
      await tx.surveyQuestionRollup.createMany({
        data: [
          { organizationId: ws.orgId, surveyId: id, teamId, questionId: scaleQ, n: scale.length, sum: scale.reduce((a, b) => a + b, 0), counts: counts(scale) },
          { organizationId: ws.orgId, surveyId: id, teamId, questionId: enpsQ, n: enps.length, sum: enps.reduce((a, b) => a + b, 0), counts: counts(enps) },
          { organizationId: ws.orgId, surveyId: id, teamId, questionId: textQ, n: texts.length, sum: 0, counts: counts([]) },
        ],
      });
    }
    for (let i = 0; i < scale.length; i++) {
      const responseId = randomUUID();
      await tx.surveyResponse.create({ data: { organizationId: ws.orgId, id: responseId, surveyId: id, teamId: ws.team.id } });
      await tx.surveyAnswer.createMany({
        data: [
          { organizationId: ws.orgId, responseId, questionId: scaleQ, value: scale[i]! },
          { organizationId: ws.orgId, responseId, questionId: enpsQ, value: enps[i]! },
          ...(texts[i] ? [{ organizationId: ws.orgId, responseId, questionId: textQ, text: texts[i]! }] : []),
        ],
      });
    }
    return id;
  });
}

test("an admin opens a custom survey's results from the list; a small survey says not enough responses", async ({ page }) => {
  const ws = await createWorkspace("res");
  await seedSurvey(ws, "Offsite feedback", [1, 2, 4, 5, 5], [10, 9, 8, 6, 0], ["More walks", "Less slides"]);
  const small = await seedSurvey(ws, "Tiny poll", [4, 5], [9, 9], ["hi"]);
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  // By keyboard: focus the survey's 'View Results' link and press Enter.
  const link = page.getByRole("link", { name: "View Results: Offsite feedback" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Offsite feedback" })).toBeVisible();
  const org = page.getByRole("region", { name: "All employees" });
  await expect(org.getByText("5 of 6 responded (83%)")).toBeVisible();
  const scale = org.getByRole("listitem").filter({ hasText: "The offsite was worth it." });
  await expect(scale.getByText("3.4", { exact: true })).toBeVisible();
  await expect(scale.getByText("6.0", { exact: true })).toBeVisible();
  await expect(scale.getByRole("list", { name: /Answers per value/ }).getByRole("listitem")).toHaveCount(5);
  const enps = org.getByRole("listitem").filter({ hasText: "Would you recommend our offsites?" });
  await expect(enps.getByText("6.6", { exact: true })).toBeVisible();
  await expect(enps.getByText("2 / 1 / 2")).toBeVisible();
  const comments = org.getByRole("list", { name: "Comments" });
  await expect(comments.getByText("More walks")).toBeVisible();
  await expect(comments.getByText("Less slides")).toBeVisible();
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);

  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${small}`));
  await expect(page.getByRole("region", { name: "All employees" }).getByText("Not enough responses yet")).toBeVisible();
  await expect(page.getByText("hi", { exact: true })).toHaveCount(0);

  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${randomUUID()}`));
  await expect(page.getByRole("heading", { name: "Survey not found" })).toBeVisible();
});

test("a manager sees their team's results; an employee sees none", async ({ page, browser }) => {
  const ws = await createWorkspace("resm");
  const id = await seedSurvey(ws, "Team check", [3, 3, 4, 4, 5], [7, 8, 9, 10, 10], []);
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${id}`));
  await expect(page.getByRole("region", { name: ws.team.name })).toBeVisible();
  await expect(page.getByRole("region", { name: "All employees" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: ws.team.name }).getByText("+60")).toBeVisible();

  const ctx = await browser.newContext();
  const eve = await ctx.newPage();
  await signInAs(eve, ws.subdomain, ws.employee.email, PASSWORD);
  await eve.goto(workspaceUrl(ws.subdomain, `/surveys/results/${id}`));
  await expect(eve.getByRole("heading", { name: "Survey results are for managers and administrators" })).toBeVisible();
  // From the page itself: Node cannot resolve *.localhost here (stack-notes.md), Chromium can.
  expect(await eve.evaluate(async (url) => (await fetch(url)).status, `/api/surveys/${id}/results`)).toBe(403);
  await ctx.close();
});

test("survey results fit a phone @phone", async ({ page }) => {
  const ws = await createWorkspace("resp");
  const id = await seedSurvey(ws, "Phone check", [1, 2, 3, 4, 5], [0, 3, 6, 9, 10], ["A rather long comment that has to wrap on a narrow screen without widening the page at all"]);
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Phone check" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
});
