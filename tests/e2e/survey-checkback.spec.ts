import { test, expect, type Page, AxeBuilder } from "./support/test";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, workspaceUrl } from "./support/pages";

// An action plan's check-back on the survey page: a choice question ("Did this action happen?")
// asked of the plan's team only, answered with the keyboard or a tap, stored as the option's index.

const PLAN_TITLE = "Weekly 1:1s for everyone";
const HAPPENED = `Did this action happen? \u201c${PLAN_TITLE}\u201d`;

/** An open survey with a question for everyone and the check-back's choice question for the
 * workspace's team; the employee's invitation is attributed to that team, the manager's to none. */
async function makeSurvey(ws: Workspace) {
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Weekly Pulse",
        status: "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + 7 * 86_400_000),
        minGroupSize: 3,
        invitedCount: 2,
      },
      select: { id: true },
    });
    await tx.surveyQuestion.createMany({
      data: [
        { order: 1, type: "scale" as const, text: "I know what is expected of me at work.", isRequired: true },
        {
          order: 2,
          type: "choice" as const,
          text: HAPPENED,
          isRequired: false,
          options: ["Yes", "Partly", "No"],
          audienceTeamId: ws.team.id,
        },
      ].map((q) => ({ organizationId: ws.orgId, surveyId: s.id, ...q })),
    });
    const tokens: Record<string, string> = {};
    for (const [p, teamId] of [
      [ws.employee, ws.team.id],
      [ws.manager, null],
    ] as const) {
      tokens[p.email] = randomBytes(32).toString("base64url");
      await tx.surveyInvitation.create({
        data: {
          organizationId: ws.orgId,
          surveyId: s.id,
          userId: p.id,
          tokenHash: hashToken(tokens[p.email]!),
          teamId,
        },
      });
    }
    return { surveyId: s.id, tokens };
  });
}

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

const pendingAnswers = z.array(z.object({ q: z.string(), v: z.number().nullable(), t: z.string().nullable() }));

test("@phone the team answers a check-back's choice question by keyboard; another person never sees it", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("chk");
  const m = await makeSurvey(ws);
  const url = (email: string) => workspaceUrl(ws.subdomain, `/surveys/${m.surveyId}?token=${m.tokens[email]}`);

  // Someone outside the plan's team: the survey's question for everyone, nothing of the plan.
  await page.goto(url(ws.manager.email));
  await expect(page.getByRole("radiogroup")).toHaveCount(1);
  await expect(page.getByText(PLAN_TITLE, { exact: false })).toHaveCount(0);

  await page.goto(url(ws.employee.email));
  const groups = page.getByRole("radiogroup");
  await expect(groups).toHaveCount(2);
  const happened = page.getByRole("radiogroup", { name: /Did this action happen\?/ });
  await expect(happened).toBeVisible();
  await expect(happened.getByRole("radio")).toHaveCount(3);
  for (const option of ["Yes", "Partly", "No"])
    await expect(happened.getByRole("radio", { name: option, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);

  await groups.nth(0).getByRole("radio", { name: "4: Agree" }).check();
  // By keyboard: into the group on its first option, then the arrow key moves to the next one.
  await happened.getByRole("radio", { name: "Yes", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(happened.getByRole("radio", { name: "Yes", exact: true })).toBeChecked();
  await page.keyboard.press("ArrowRight");
  await expect(happened.getByRole("radio", { name: "Partly", exact: true })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("checkback-choice.png"), fullPage: true });

  await page.getByRole("button", { name: "Submit Survey" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

  // Stored as the option's index: Partly is 1.
  const pool = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.surveyPendingResponse.findMany({ where: { organizationId: ws.orgId, surveyId: m.surveyId } }),
  );
  expect(pool).toHaveLength(1);
  const answers = pendingAnswers.parse(pool[0]!.answers);
  expect(answers.map((a) => a.v)).toEqual([4, 1]);
});

test("an admin sees a check-back's split by option in the survey's results, for the team and the organisation", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("chkr");
  // A closed survey as the fold leaves it: 4 of the team answered the question for everyone and
  // the team's choice question (Yes 2, Partly 1, No 1); the organisation's rows are the same people.
  const surveyId = await runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Weekly Pulse",
        status: "closed",
        scheduledFor: new Date(now - 8 * 86_400_000),
        sentAt: new Date(now - 8 * 86_400_000),
        closesAt: new Date(now - 86_400_000),
        closedAt: new Date(now - 86_400_000),
        minGroupSize: 3,
        invitedCount: 4,
        responseCount: 4,
      },
      select: { id: true },
    });
    const everyone = await tx.surveyQuestion.create({
      data: {
        organizationId: ws.orgId,
        surveyId: s.id,
        order: 1,
        type: "scale",
        text: "I know what is expected of me at work.",
        isRequired: true,
      },
      select: { id: true },
    });
    const happened = await tx.surveyQuestion.create({
      data: {
        organizationId: ws.orgId,
        surveyId: s.id,
        order: 2,
        type: "choice",
        text: HAPPENED,
        isRequired: false,
        options: ["Yes", "Partly", "No"],
        audienceTeamId: ws.team.id,
      },
      select: { id: true },
    });
    const ORG = "00000000-0000-0000-0000-000000000000";
    const counts = (xs: number[]) => [...xs, ...Array<number>(11 - xs.length).fill(0)];
    for (const teamId of [ORG, ws.team.id]) {
      await tx.surveyParticipation.create({
        data: { organizationId: ws.orgId, surveyId: s.id, teamId, invited: 4, responded: 4 },
      });
      await tx.surveyQuestionRollup.createMany({
        data: [
          { questionId: everyone.id, n: 4, sum: 16, counts: counts([0, 0, 0, 0, 4]) },
          { questionId: happened.id, n: 4, sum: 3, counts: counts([2, 1, 1]) },
        ].map((r) => ({ organizationId: ws.orgId, surveyId: s.id, teamId, ...r })),
      });
    }
    return s.id;
  });

  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${surveyId}`));
  for (const group of ["All employees", ws.team.name]) {
    const section = page.getByRole("region", { name: group });
    const split = section.getByRole("list", { name: "Answers per option" });
    await expect(split).toBeVisible();
    await expect(split.getByRole("listitem")).toHaveText([
      /Yes\s*:?\s*2\s*\(50%\)/,
      /Partly\s*:?\s*1\s*\(25%\)/,
      /No\s*:?\s*1\s*\(25%\)/,
    ]);
    await expect(section.getByText(`Asked of ${ws.team.name} only, as an action plan's check-back.`)).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("checkback-results.png"), fullPage: true });
});
