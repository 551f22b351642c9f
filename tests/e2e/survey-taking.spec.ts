import { test, expect, type Page, AxeBuilder } from "./support/test";
import { randomBytes } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, toastText, workspaceUrl } from "./support/pages";
import { hostOf, request } from "./support/http";

type Made = { surveyId: string; tokens: Record<string, string> };

/** A sent survey made directly in the database, as the sender leaves it: active, closing in a
 * week, one invitation per person whose link token only the test (the 'mail') knows. */
async function makeSurvey(
  ws: Workspace,
  opts: {
    minGroupSize?: number;
    closed?: boolean;
    invite?: { id: string; email: string }[];
    attributed?: boolean;
  } = {},
): Promise<Made> {
  const invite = opts.invite ?? [ws.employee, ws.manager];
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Weekly Pulse",
        status: opts.closed ? "closed" : "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + (opts.closed ? -1 : 7) * 86_400_000),
        minGroupSize: opts.minGroupSize ?? 3,
        invitedCount: invite.length,
      },
      select: { id: true },
    });
    const questions = [
      {
        type: "scale",
        text: "I know what is expected of me at work.",
        dimension: "alignment",
        bankKey: "alignment_1",
        isRequired: true,
      },
      {
        type: "scale",
        text: "I often feel overwhelmed by stress at work.",
        dimension: "wellness",
        bankKey: "wellness_stress",
        isRequired: true,
      },
      {
        type: "enps",
        text: "How likely are you to recommend this company as a place to work?",
        dimension: null,
        bankKey: "enps",
        isRequired: true,
      },
      {
        type: "text",
        text: "Anything else you would like to share?",
        dimension: null,
        bankKey: null,
        isRequired: false,
      },
    ] as const;
    await tx.surveyQuestion.createMany({
      data: questions.map((q, i) => ({ organizationId: ws.orgId, surveyId: s.id, order: i + 1, ...q })),
    });
    const tokens: Record<string, string> = {};
    for (const p of invite) {
      tokens[p.email] = randomBytes(32).toString("base64url");
      await tx.surveyInvitation.create({
        data: {
          organizationId: ws.orgId,
          surveyId: s.id,
          userId: p.id,
          tokenHash: hashToken(tokens[p.email]!),
          teamId: opts.attributed ? ws.team.id : null,
        },
      });
    }
    return { surveyId: s.id, tokens };
  });
}

const surveyUrl = (ws: Workspace, m: Made, token?: string) =>
  workspaceUrl(ws.subdomain, `/surveys/${m.surveyId}${token ? `?token=${token}` : ""}`);

async function seriousViolations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

async function noSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

test("@phone an employee answers from the personal link on a phone, once", async ({ page }, testInfo) => {
  const ws = await createWorkspace("take");
  const m = await makeSurvey(ws, { minGroupSize: 4 });
  const link = surveyUrl(ws, m, m.tokens[ws.employee.email]);
  await page.goto(link);

  // Headed with the company asking, not the product.
  await expect(page.getByRole("heading", { name: `Company ${ws.subdomain} Survey` })).toBeVisible();
  await expect(page.getByText("Weekly Pulse")).toBeVisible();
  await expect(page.getByText("This survey is anonymous and takes 2-3 minutes.")).toBeVisible();
  // Before answering, it says how the answers will be reported (the survey's own minimum), and in
  // which groups: two people were asked, fewer than the minimum, so none is shown.
  await expect(
    page.getByText(
      /Your answers are reported only in groups of at least 4 people, comments only in groups of at least 5, and never with your name/,
    ),
  ).toBeVisible();
  await expect(page.getByTestId("survey-group-note")).toHaveText(
    "Fewer than 4 people were asked, so this survey's results are never shown and your answers are never reported alone.",
  );
  await expect(page.getByText("Strongly Disagree").first()).toBeVisible();
  await expect(page.getByText("Not at all likely")).toBeVisible();
  await expect(page.getByText("Extremely likely")).toBeVisible();
  const groups = page.getByRole("radiogroup");
  await expect(groups).toHaveCount(3);
  await expect(groups.nth(0)).toContainText("1. I know what is expected of me at work.");
  await expect(groups.nth(2).getByRole("radio")).toHaveCount(11);
  expect(await seriousViolations(page)).toEqual([]);
  await noSidewaysScroll(page);

  const submit = page.getByRole("button", { name: "Submit Survey" });
  await expect(submit).toBeDisabled();
  await groups.nth(0).getByRole("radio", { name: "4: Agree" }).check();
  await groups.nth(1).getByRole("radio", { name: "2: Disagree" }).check();
  await expect(submit).toBeDisabled();
  await groups.nth(2).getByRole("radio", { name: "9", exact: true }).check();
  // The comment is optional: Submit is ready without it.
  await expect(submit).toBeEnabled();
  const comment = page.getByPlaceholder("Your response...");
  await comment.fill("More focus time, please.");
  await expect(page.getByText("24 / 2,000")).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("survey-phone.png"), fullPage: true });

  await submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await expect(page.getByText(/anonymous responses help improve the culture/)).toBeVisible();
  await expect(toastText(page, "Survey Submitted")).toBeVisible();
  await expect(toastText(page, "Thank you for your feedback!")).toBeVisible();

  // Stored once in the survey's pending pool (folded into the results at close), with its link's
  // marker; nothing is written about the invitation and no counter moves at submit (an open
  // survey's count is its pool).
  const stored = await runInOrg(e2eDb(), ws.orgId, async (tx) => ({
    pending: await tx.surveyPendingResponse.count({
      where: { organizationId: ws.orgId, surveyId: m.surveyId, marker: { not: null } },
    }),
    responses: await tx.surveyResponse.count({ where: { organizationId: ws.orgId, surveyId: m.surveyId } }),
    spent: await tx.surveyInvitation.count({ where: { organizationId: ws.orgId, surveyId: m.surveyId, used: true } }),
  }));
  expect(stored).toEqual({ pending: 1, responses: 0, spent: 0 });
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Survey" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test("invalid links, unknown surveys and closed rounds each get their own screen", async ({ page }) => {
  const ws = await createWorkspace("takex");
  const m = await makeSurvey(ws);
  const closed = await makeSurvey(ws, { closed: true });

  await page.goto(surveyUrl(ws, m, randomBytes(32).toString("base64url")));
  await expect(page.getByRole("heading", { name: "This survey link is invalid" })).toBeVisible();
  await expect(page.getByText("This survey may have expired or the link is invalid.")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Without a link and not signed in, the survey is as unknown as a made-up id.
  await page.goto(surveyUrl(ws, m));
  await expect(page.getByRole("heading", { name: "Survey Not Found" })).toBeVisible();
  await expect(page.getByText("This survey may have expired or the link is invalid.")).toBeVisible();
  await page.goto(workspaceUrl(ws.subdomain, "/surveys/not-a-uuid"));
  await expect(page.getByRole("heading", { name: "Survey Not Found" })).toBeVisible();

  await page.goto(surveyUrl(ws, closed, closed.tokens[ws.employee.email]));
  await expect(page.getByRole("heading", { name: "This survey is closed" })).toBeVisible();

  // The API says the same: 404 for a wrong link, so ids cannot be probed.
  const host = hostOf(ws.subdomain);
  expect((await request({ host, path: `/api/surveys/${m.surveyId}?token=${"x".repeat(43)}` })).status).toBe(404);
  expect((await request({ host, path: `/api/surveys/${m.surveyId}/questions` })).status).toBe(404);
  const ok = await request({ host, path: `/api/surveys/${m.surveyId}/questions?token=${m.tokens[ws.employee.email]}` });
  expect(ok.status).toBe(200);
  expect((ok.json() as { question: string }[]).map((q) => q.question)).toContain(
    "I know what is expected of me at work.",
  );
  const survey = await request({ host, path: `/api/surveys/${m.surveyId}?token=${m.tokens[ws.employee.email]}` });
  expect(survey.status).toBe(200);
  expect(survey.json()).toMatchObject({
    id: m.surveyId,
    status: "active",
    alreadyAnswered: false,
    questions: expect.arrayContaining([
      expect.objectContaining({ question: "I know what is expected of me at work." }),
    ]),
  });
});

test("by keyboard, with a failed submit retried; signed in without a link, the page points to the e-mail", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("takek");
  const m = await makeSurvey(ws, { minGroupSize: 2, attributed: true });
  await page.goto(surveyUrl(ws, m, m.tokens[ws.manager.email]));
  const groups = page.getByRole("radiogroup");
  await expect(page.getByTestId("survey-group-note")).toHaveText(
    `Your answers are reported with ${ws.team.name} (2 people) and the whole organisation (2 people), never alone.`,
  );

  // Tab into a radio group, then arrow keys choose within it.
  await groups.nth(0).getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(groups.nth(0).getByRole("radio", { name: "3: Neutral" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await expect(groups.nth(1).getByRole("radio", { name: "1: Strongly Disagree" })).toBeChecked();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowLeft");
  await expect(groups.nth(2).getByRole("radio", { name: "10: Extremely likely" })).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath("survey-desktop.png"), fullPage: true });

  // A failure keeps the answers and says so; the retry goes through.
  await page.route(
    "**/api/surveys/responses",
    (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: '{"error":"Something went wrong. Please try again."}',
      }),
    { times: 1 },
  );
  await page.getByRole("button", { name: "Submit Survey" }).click();
  await expect(toastText(page, "Failed to submit survey. Please try again.")).toBeVisible();
  await expect(groups.nth(0).getByRole("radio", { name: "3: Neutral" })).toBeChecked();
  await page.getByRole("button", { name: "Submit Survey" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();

  // Eve signed in, without the link: the page tells her where it is, and offers no form (an answer
  // made from her session would carry something that leads back to her).
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  await page.goto(surveyUrl(ws, m));
  await expect(page.getByRole("heading", { name: "Answer with the link in your e-mail" })).toBeVisible();
  await expect(
    page.getByText(
      /^Your link is in the e-mail we sent on [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, "Weekly Culture Check - Your Voice Matters"; it works until /,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Submit Survey" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  // With her link she answers, once.
  await page.goto(surveyUrl(ws, m, m.tokens[ws.employee.email]));
  for (const g of await groups.all()) await g.getByRole("radio").last().check();
  await page.getByRole("button", { name: "Submit Survey" }).click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await page.goto(surveyUrl(ws, m, m.tokens[ws.employee.email]));
  await expect(page.getByRole("heading", { name: "Already answered" })).toBeVisible();
});

test("a choice tapped before the page's scripts have run counts once they have", async ({ page }) => {
  const ws = await createWorkspace("takeh");
  const m = await makeSurvey(ws);
  // The page's scripts wait until released: the first choice is made before hydration.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/_next\/static\/chunks\/.*\.js/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(surveyUrl(ws, m, m.tokens[ws.employee.email]), { waitUntil: "commit" });
  const groups = page.getByRole("radiogroup");
  await groups.nth(0).getByRole("radio", { name: "4: Agree" }).check();
  release();

  // Only the other two are answered after: Submit is ready, so the first choice was taken in.
  await groups.nth(1).getByRole("radio", { name: "2: Disagree" }).check();
  await groups.nth(2).getByRole("radio", { name: "9", exact: true }).check();
  const submit = page.getByRole("button", { name: "Submit Survey" });
  await expect(submit).toBeEnabled();
  await expect(groups.nth(0).getByRole("radio", { name: "4: Agree" })).toBeChecked();
  await submit.click();
  await expect(page.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // The one answer sent carries the early choice.
  const pending = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.surveyPendingResponse.findMany({
      where: { organizationId: ws.orgId, surveyId: m.surveyId },
      select: { answers: true },
    }),
  );
  expect(pending).toHaveLength(1);
  const values = (pending[0]!.answers as { v: number | null }[]).map((a) => a.v);
  expect(values.slice(0, 3)).toEqual([4, 2, 9]);
});
