import { test, expect, type Page, AxeBuilder } from "./support/test";
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { addTeamColleagues, createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { hostOf, json } from "./support/http";
import { signInAs, toastText, workspaceUrl } from "./support/pages";

// Survey results as admins and managers read them: from the survey list's 'View Results', a
// closed custom survey's scale, eNPS and comments, 'Not enough responses' for a survey too few
// answered, the manager's own team, the employee's locked page, a foreign id, a phone, axe.
// The closed surveys' rollups are seeded as the fold at close leaves them (its numbers are proven
// by tests/integration/survey-results.test.ts); comments are answer rows, as it stores them.
// And the release itself, through the product: a survey answered from its e-mails shows
// participation only until an admin closes it with 'Close now and release results'.

const CLOSE = "Close now and release results";

const NIL = "00000000-0000-0000-0000-000000000000";

/** A custom survey sent three days ago and closed now (or still open, closing in four days):
 * `respondents` answered (in the manager's team), with the given scale and eNPS answers and
 * comments. */
async function seedSurvey(
  ws: Workspace,
  title: string,
  scale: number[],
  enps: number[],
  texts: string[],
  status: "closed" | "active" = "closed",
): Promise<string> {
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const id = randomUUID();
    const now = new Date();
    const sentAt = new Date(now.getTime() - 3 * 86_400_000);
    const closed = status === "closed";
    const [scaleQ, enpsQ, textQ] = [randomUUID(), randomUUID(), randomUUID()];
    await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        id,
        kind: "custom",
        title,
        status,
        scheduledFor: sentAt,
        sentAt,
        closesAt: closed ? now : new Date(now.getTime() + 4 * 86_400_000),
        closedAt: closed ? now : null,
        invitedCount: 6,
        responseCount: scale.length,
      },
    });
    await tx.surveyQuestion.createMany({
      data: [
        {
          organizationId: ws.orgId,
          id: scaleQ,
          surveyId: id,
          order: 1,
          type: "scale",
          text: "The offsite was worth it.",
        },
        {
          organizationId: ws.orgId,
          id: enpsQ,
          surveyId: id,
          order: 2,
          type: "enps",
          text: "Would you recommend our offsites?",
        },
        {
          organizationId: ws.orgId,
          id: textQ,
          surveyId: id,
          order: 3,
          type: "text",
          text: "What should we change?",
          isRequired: false,
        },
      ],
    });
    const counts = (values: number[]) => Array.from({ length: 11 }, (_, v) => values.filter((x) => x === v).length);
    for (const teamId of [NIL, ws.team.id]) {
      await tx.surveyParticipation.create({
        data: { organizationId: ws.orgId, surveyId: id, teamId, invited: 6, responded: scale.length },
      });
      // An open survey's answers wait in the pending pool, folded in only at close: no rollups yet.
      if (!closed) continue;
      await tx.surveyQuestionRollup.createMany({
        data: [
          {
            organizationId: ws.orgId,
            surveyId: id,
            teamId,
            questionId: scaleQ,
            n: scale.length,
            sum: scale.reduce((a, b) => a + b, 0),
            counts: counts(scale),
          },
          {
            organizationId: ws.orgId,
            surveyId: id,
            teamId,
            questionId: enpsQ,
            n: enps.length,
            sum: enps.reduce((a, b) => a + b, 0),
            counts: counts(enps),
          },
          {
            organizationId: ws.orgId,
            surveyId: id,
            teamId,
            questionId: textQ,
            n: texts.length,
            sum: 0,
            counts: counts([]),
          },
        ],
      });
    }
    // While open, participation is counted from the invitations (six sent) and the pending pool (the
    // respondents' answers, each with its link's marker).
    if (!closed) {
      await tx.surveyInvitation.createMany({
        data: Array.from({ length: 6 }, () => ({
          organizationId: ws.orgId,
          surveyId: id,
          userId: randomUUID(),
          tokenHash: randomUUID(),
          teamId: ws.team.id,
        })),
      });
      await tx.surveyPendingResponse.createMany({
        data: scale.map(() => ({
          organizationId: ws.orgId,
          surveyId: id,
          teamId: ws.team.id,
          answers: [],
          marker: randomUUID(),
        })),
      });
    }
    for (let i = 0; closed && i < scale.length; i++) {
      const responseId = randomUUID();
      await tx.surveyResponse.create({
        data: { organizationId: ws.orgId, id: responseId, surveyId: id, teamId: ws.team.id },
      });
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

test("an admin opens a custom survey's results from the list; a small survey says not enough responses", async ({
  page,
}) => {
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
  await expect(
    page.getByRole("region", { name: "All employees" }).getByText("Not enough responses", { exact: true }),
  ).toBeVisible();
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
  await expect(eve.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  await expect(eve.getByText("The survey results page is for admins and managers.")).toBeVisible();
  // From the page itself: Node cannot resolve *.localhost here (its resolver does not map it to loopback), Chromium
  // can.
  expect(await eve.evaluate(async (url) => (await fetch(url)).status, `/api/surveys/${id}/results`)).toBe(403);
  await ctx.close();
});

test("survey results fit a phone @phone", async ({ page }) => {
  const ws = await createWorkspace("resp");
  const id = await seedSurvey(
    ws,
    "Phone check",
    [1, 2, 3, 4, 5],
    [0, 3, 6, 9, 10],
    ["A rather long comment that has to wrap on a narrow screen without widening the page at all"],
  );
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Phone check" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

  // An open survey: the notice, the close button and the participation table fit as well.
  const open = await seedSurvey(
    ws,
    "A survey with a rather long title that is still open on a phone",
    [4, 4, 4],
    [9, 9, 9],
    [],
    "active",
  );
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${open}`));
  await expect(page.getByRole("heading", { name: "Results are released when the survey closes" })).toBeVisible();
  await expect(page.getByRole("button", { name: CLOSE })).toBeVisible();
  await expect(page.getByRole("row", { name: /All employees/ })).toContainText("50%");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await expect(
    page.getByRole("button", { name: `${CLOSE}: A survey with a rather long title that is still open on a phone` }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
});

/** The results page's region of a group. */
const group = (page: Page, name: string) => page.getByRole("region", { name });

test("a survey answered from its e-mails shows participation only until an admin closes it; a manager cannot close it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const ws = await createWorkspace("rel");
  // Three colleagues of Eve's: a team of four, all of them invited, above the minimum of 3.
  const colleagues = await addTeamColleagues(ws, ["Finn", "Gia", "Hal"]);

  // The admin creates it for the team, sent now, open for 14 days.
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await page.getByRole("button", { name: "Create Survey" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Offsite release check");
  await dialog
    .getByRole("listitem", { name: "Question 1" })
    .getByLabel("Question text")
    .fill("The offsite helped our team.");
  await dialog.getByLabel("Chosen teams").check();
  await dialog.getByRole("checkbox", { name: new RegExp(`Team ${ws.subdomain}`) }).check();
  await dialog.getByLabel("Open for").fill("14");
  await expect(dialog.getByText(/^Results are released when it closes: /)).toBeVisible();
  await dialog.getByRole("button", { name: "Create Survey" }).click();
  await expect(toastText(page, "Survey sent")).toBeVisible();
  const item = page
    .getByRole("list", { name: "Surveys" })
    .getByRole("listitem")
    .filter({ hasText: "Offsite release check" });
  await expect(item).toContainText("Closes");
  await expect(item.getByRole("button", { name: `${CLOSE}: Offsite release check` })).toBeVisible();
  const survey = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.survey.findFirstOrThrow({
      where: { organizationId: ws.orgId, title: "Offsite release check" },
      select: { id: true, sentAt: true, closesAt: true },
    }),
  );
  expect(survey.closesAt!.getTime() - survey.sentAt!.getTime()).toBe(14 * 86_400_000);

  // Eve answers from her e-mail in the browser (5), her colleagues through theirs by the API (4, 3, 4).
  const linkPattern = /http:\/\/\S+\/surveys\/[0-9a-f-]{36}\?token=[\w-]+/;
  const ctx = await browser.newContext();
  const eve = await ctx.newPage();
  await eve.goto(await linkFromMail(ws.employee.email, linkPattern));
  await eve.getByRole("radiogroup").getByRole("radio", { name: "5: Strongly Agree" }).check();
  await eve.getByRole("button", { name: "Submit Survey" }).click();
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await ctx.close();
  const host = hostOf(ws.subdomain);
  for (const [i, c] of colleagues.entries()) {
    const link = new URL(await linkFromMail(c.email, linkPattern));
    const token = link.searchParams.get("token")!;
    const q = await json({ host, path: `/api/surveys/${survey.id}/questions?token=${encodeURIComponent(token)}` });
    expect(q.status, q.body).toBe(200);
    const responses = (q.json() as { id: string }[]).map((x) => ({ questionId: x.id, answer: [4, 3, 4][i]! }));
    const sent = await json({
      host,
      path: "/api/surveys/responses",
      method: "POST",
      body: { surveyId: survey.id, token, responses },
    });
    expect(sent.status, sent.body).toBe(201);
  }

  // The manager sees participation only, for their team, and no close button anywhere.
  const mctx = await browser.newContext();
  const max = await mctx.newPage();
  await signInAs(max, ws.subdomain, ws.manager.email, PASSWORD);
  await max.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await expect(max.getByRole("link", { name: "View Results: Offsite release check" })).toBeVisible();
  await expect(max.getByRole("button", { name: new RegExp(CLOSE) })).toHaveCount(0);
  await max.goto(workspaceUrl(ws.subdomain, `/surveys/results/${survey.id}`));
  await expect(max.getByRole("heading", { name: "Results are released when the survey closes" })).toBeVisible();
  await expect(max.getByRole("row", { name: new RegExp(ws.team.name) })).toContainText("100%");
  await expect(max.getByRole("button", { name: new RegExp(CLOSE) })).toHaveCount(0);
  await expect(max.getByText("The offsite helped our team.")).toHaveCount(0);
  await mctx.close();

  // The admin: participation, no scores, no question; every answer is counted.
  await page.goto(workspaceUrl(ws.subdomain, `/surveys/results/${survey.id}`));
  await expect(page.getByRole("heading", { name: "Results are released when the survey closes" })).toBeVisible();
  const orgRow = page.getByRole("row", { name: /All employees/ });
  await expect(orgRow.getByRole("cell")).toHaveText(["4", "4", "100%"]);
  await expect(page.getByRole("row", { name: new RegExp(ws.team.name) }).getByRole("cell")).toHaveText([
    "4",
    "4",
    "100%",
  ]);
  await expect(page.getByText("The offsite helped our team.")).toHaveCount(0);
  await expect(page.getByText("of 5")).toHaveCount(0);
  expect((await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations).toEqual([]);

  // By keyboard: the button, then the dialog that says what happens, then confirm.
  await page.getByRole("button", { name: CLOSE }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("dialog");
  await expect(confirm).toContainText("visible to admins and managers");
  await expect(confirm).toContainText("nobody can answer it any more");
  await confirm.getByRole("button", { name: CLOSE }).click();
  await expect(toastText(page, "Survey closed")).toBeVisible();

  // Released: the scores (5, 4, 3, 4: 4.0 of 5, 7.5 of 10), for the organisation and the team.
  await expect(page.getByRole("heading", { name: "Results are released when the survey closes" })).toHaveCount(0);
  for (const name of ["All employees", ws.team.name]) {
    const card = group(page, name).getByRole("listitem").filter({ hasText: "The offsite helped our team." });
    await expect(card.getByText("4.0", { exact: true })).toBeVisible();
    await expect(card.getByText("7.5", { exact: true })).toBeVisible();
    await expect(group(page, name).getByText("4 of 4 responded (100%)")).toBeVisible();
  }
  await expect(page.getByRole("button", { name: CLOSE })).toHaveCount(0);

  // Closing again is refused with the server's reason (the API, as a stale page would).
  expect(
    await page.evaluate(async (p) => {
      const r = await fetch(p, { method: "POST" });
      return [r.status, await r.text()];
    }, `/api/surveys/${survey.id}/close`),
  ).toEqual([409, expect.stringContaining("This survey is already closed")]);
});
