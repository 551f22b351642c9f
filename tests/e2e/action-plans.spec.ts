// From results to action, as the people live it: after a closed pulse round a manager opens a
// focus area on the team's report, plans an action with a step for a team member and publishes
// it; the employee sees it under Commitments and ticks her step; the 30-day check-back goes out
// with that week's pulse and she answers it from the e-mail; with her answer alone the manager
// reads 'Not enough answers yet', and at the 60-day check-back, answered by the whole team, the
// change against the baseline and the "Did this action happen?" split. Desktop and phone (the
// same journey, the phone's run tagged), by keyboard where a form is filled, every page scanned
// with every axe rule.
import { test, expect, AxeBuilder, type Page } from "./support/test";
import { addTeamColleagues, createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { linksFromMail } from "./support/mail";
import { superuserQuery } from "./support/db";
import { hostOf, json } from "./support/http";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

const LINK = /http:\/\/\S+\/surveys\/[0-9a-f-]{36}\?token=[\w-]+/;
const PHONE = { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true };

/** Every axe rule, of every impact (as the accessibility spec scans its pages). */
async function axeClean(page: Page, what: string): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => undefined);
  const result = await new AxeBuilder({ page }).analyze();
  const found = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(" ")}`));
  expect(found, what).toEqual([]);
}

/** A screenshot to look at, when PW_SHOTS names a folder. */
async function shot(page: Page, name: string, phone: boolean): Promise<void> {
  if (process.env.PW_SHOTS)
    await page.screenshot({
      path: `${process.env.PW_SHOTS}/plans-${name}-${phone ? "phone" : "desktop"}.png`,
      fullPage: true,
    });
}

async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, what).toBeLessThanOrEqual(0);
}

/** Answers a survey link through the API as a script would: every scale question `scale`, the
 * eNPS 9, a choice question its first option ("Yes"), comments left out. */
async function answerByApi(ws: Workspace, link: string, scale: number): Promise<void> {
  const u = new URL(link);
  const surveyId = u.pathname.split("/").pop()!;
  const token = u.searchParams.get("token")!;
  const host = hostOf(ws.subdomain);
  const q = await json({ host, path: `/api/surveys/${surveyId}/questions?token=${encodeURIComponent(token)}` });
  expect(q.status, q.body).toBe(200);
  const responses = (q.json() as { id: string; type: string }[])
    .filter((x) => x.type !== "text")
    .map((x) => ({ questionId: x.id, answer: x.type === "enps" ? 9 : x.type === "choice" ? 0 : scale }));
  const sent = await json({
    host,
    path: "/api/surveys/responses",
    method: "POST",
    body: { surveyId, token, responses },
  });
  expect(sent.status, sent.body).toBe(201);
}

/** The newest survey link mailed to `email`, once `count` have arrived. */
const newestLink = async (email: string, count: number) => (await linksFromMail(email, LINK, count)).at(-1)!;

async function sendNow(admin: Page, ws: Workspace): Promise<void> {
  await admin.goto(url(ws.subdomain, "/surveys"));
  await admin.getByRole("button", { name: "Send Now" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Send Now" }).click();
  await expect(toastText(admin, "Pulse survey sent")).toBeVisible();
}

async function closeRound(admin: Page, ws: Workspace): Promise<void> {
  await admin.goto(url(ws.subdomain, "/surveys"));
  await admin
    .getByRole("list", { name: "Surveys" })
    .getByRole("button", { name: /^Close now and release results/ })
    .click();
  await admin.getByRole("dialog").getByRole("button", { name: "Close now and release results" }).click();
  await expect(toastText(admin, "Survey closed")).toBeVisible();
}

/** A check-back falls due: as if its day had come (the scheduler's clock cannot be moved). */
async function makeDue(planId: string, ordinal: number): Promise<void> {
  const moved = await superuserQuery(
    `UPDATE "ActionCheckBack" SET "dueAt" = now() - interval '1 hour'
      WHERE "planId" = $1 AND ordinal = $2 AND status = 'scheduled' RETURNING id`,
    [planId, ordinal],
  );
  expect(moved).toHaveLength(1);
}

async function journey(page: Page, browser: import("@playwright/test").Browser, phone: boolean) {
  test.setTimeout(300_000);
  const device = phone ? PHONE : {};
  const ws = await createWorkspace("plan");
  // Eve and four colleagues: five in the team, above the minimum of 3.
  const colleagues = await addTeamColleagues(ws, ["Finn", "Gia", "Hal", "Ivy"]);
  const team = [ws.employee.email, ...colleagues.map((c) => c.email)];

  // The admin's round: the whole team answers low (2 of 5), and the round closes.
  const adminCtx = await browser.newContext(device);
  const admin = await adminCtx.newPage();
  await signInAs(admin, ws.subdomain, ws.admin.email, PASSWORD);
  await sendNow(admin, ws);
  for (const email of team) await answerByApi(ws, await newestLink(email, 1), 2);
  await closeRound(admin, ws);

  // The manager opens the team's focus areas on the report and plans an action from the first.
  const mgr = page;
  await signInAs(mgr, ws.subdomain, ws.manager.email, PASSWORD);
  await mgr.goto(url(ws.subdomain, "/reports"));
  const area = mgr.locator(`[data-focus-areas="${ws.team.id}"] [data-focus-area]`).first();
  await expect(area).toBeVisible();
  const dimension = (await area.getAttribute("data-focus-area"))!;
  const planLink = area.getByRole("link", { name: /Plan an action/ });
  await planLink.focus();
  await mgr.keyboard.press("Enter");
  await expect(mgr.getByRole("heading", { name: "Plan an action", level: 1 })).toBeVisible();
  await expect(mgr).toHaveURL(new RegExp(`/commitments/new\\?teamId=${ws.team.id}&dimension=${dimension}$`));
  // Prefilled from the focus area; the team's manager owns it by default.
  await expect(mgr.getByLabel("Team")).toHaveValue(ws.team.id);
  await expect(mgr.getByLabel("Dimension")).toHaveValue(dimension);
  await expect(mgr.getByLabel("Owner")).toHaveValue(ws.manager.id);
  if (phone) await noSidewaysScroll(mgr, "plan form");

  // By keyboard: a submit without a title is refused in words, then the title and one step.
  const title = mgr.getByLabel("Title");
  await title.focus();
  await mgr.keyboard.press("Enter");
  await expect(mgr.getByText("Title is required")).toBeVisible();
  await expect(title).toBeFocused();
  await mgr.keyboard.type("Thank one another every Friday");
  const addStep = mgr.getByRole("button", { name: "Add a step" });
  await addStep.focus();
  await mgr.keyboard.press("Enter");
  await expect(mgr.getByLabel("Step 1", { exact: true })).toBeFocused();
  await mgr.keyboard.type("Start a shout-out channel");
  await mgr.getByLabel("Step 1 owner").selectOption({ label: "Eve Tester" });
  await axeClean(mgr, "plan form");
  await shot(mgr, "form", phone);
  await mgr.getByRole("button", { name: "Save draft" }).focus();
  await mgr.keyboard.press("Enter");

  // The plan's page: a draft with the baseline of that moment (the team's five answers).
  await expect(mgr).toHaveURL(/\/commitments\/[0-9a-f-]{36}$/);
  const planId = mgr.url().split("/").pop()!;
  await expect(mgr.getByRole("heading", { name: "Thank one another every Friday", level: 1 })).toBeVisible();
  await expect(mgr.getByTestId("plan-status")).toHaveText("Draft");
  await expect(mgr.getByTestId("plan-baseline")).toContainText(/\d\.\d\/10/);
  await expect(mgr.getByTestId("plan-baseline")).toContainText("from 5 answers");
  await axeClean(mgr, "draft plan");
  await shot(mgr, "draft", phone);

  // Publish, by keyboard, after the dialog says who is told and when the check-backs go.
  await mgr.getByRole("button", { name: "Publish" }).focus();
  await mgr.keyboard.press("Enter");
  const dialog = mgr.getByRole("dialog", { name: "Publish this plan?" });
  await expect(dialog).toContainText(`${ws.team.name} will be notified`);
  await expect(dialog).toContainText("30, 60 and 90 days");
  await dialog.getByRole("button", { name: "Publish" }).click();
  await expect(toastText(mgr, "Plan published")).toBeVisible();
  await expect(mgr.getByTestId("plan-status")).toHaveText("Published");
  await expect(mgr.locator("[data-check-back]")).toHaveCount(3);
  await expect(mgr.locator('[data-check-back][data-status="scheduled"]')).toHaveCount(3);
  if (phone) await noSidewaysScroll(mgr, "published plan");

  // Eve finds it under Commitments (the tab bar's 'Plans' on a phone) and ticks her step.
  const eveCtx = await browser.newContext(device);
  const eve = await eveCtx.newPage();
  await signInAs(eve, ws.subdomain, ws.employee.email, PASSWORD);
  const nav = phone
    ? eve.getByRole("navigation", { name: "Tab bar" })
    : eve.getByRole("complementary", { name: "Sidebar" });
  await nav.getByRole("link", { name: phone ? "Plans" : "Commitments" }).click();
  await expect(eve.getByRole("heading", { name: "Commitments", level: 1 })).toBeVisible();
  const item = eve.locator(`[data-plan="${planId}"]`);
  await expect(item).toContainText(ws.team.name);
  await expect(item.getByTestId("plan-progress")).toHaveText("0 of 1 step done");
  // Employees plan nothing.
  await expect(eve.getByRole("link", { name: "Plan an action" })).toHaveCount(0);
  await axeClean(eve, "commitments, as an employee");
  await shot(eve, "list-employee", phone);
  await item.getByRole("link", { name: "Thank one another every Friday" }).click();
  const step = eve.getByRole("checkbox", { name: "Start a shout-out channel" });
  await step.focus();
  await eve.keyboard.press("Space");
  await expect(eve.getByTestId("plan-progress")).toHaveText("1 of 1 step done");
  await expect(eve.getByRole("button", { name: "Publish" })).toHaveCount(0);
  await expect(eve.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await axeClean(eve, "plan, as an employee");

  // The 30-day check-back goes out with that week's pulse; Eve answers from the e-mail alone.
  await makeDue(planId, 1);
  await sendNow(admin, ws);
  await eve.goto(await newestLink(ws.employee.email, 2));
  const happened = eve.getByRole("radiogroup", { name: /Did this action happen\?/ });
  await expect(happened).toContainText("Thank one another every Friday");
  for (const group of await eve.getByRole("radiogroup").all()) await group.getByRole("radio").last().check();
  await happened.getByRole("radio", { name: "Yes" }).check();
  await eve.getByRole("button", { name: "Submit Survey" }).click();
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await closeRound(admin, ws);

  await mgr.reload();
  const first = mgr.locator('[data-check-back="1"]');
  await expect(first).toHaveAttribute("data-status", "sent");
  await expect(first).toContainText("Not enough answers yet");
  await expect(first.getByTestId("plan-effect")).toHaveCount(0);
  await expect(first.getByTestId("plan-happened")).toHaveCount(0);

  // The 60-day check-back: the whole team answers (higher), and the results show.
  await makeDue(planId, 2);
  await sendNow(admin, ws);
  await eve.goto(await newestLink(ws.employee.email, 3));
  for (const group of await eve.getByRole("radiogroup").all()) await group.getByRole("radio").last().check();
  await eve
    .getByRole("radiogroup", { name: /Did this action happen\?/ })
    .getByRole("radio", { name: "Yes" })
    .check();
  await eve.getByRole("button", { name: "Submit Survey" }).click();
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  for (const c of colleagues) await answerByApi(ws, await newestLink(c.email, 3), 4);
  await closeRound(admin, ws);

  await mgr.reload();
  const second = mgr.locator('[data-check-back="2"]');
  await expect(second.getByTestId("plan-effect")).toContainText("Change since the baseline");
  await expect(second.getByTestId("plan-effect")).toContainText(/[+\u2212]\d\.\d \(\d\.\d \u2192 \d\.\d, 5 answers\)/);
  await expect(second.getByTestId("plan-happened")).toContainText("Yes 100%");
  await expect(second).not.toContainText("Not enough answers yet");
  // The first stays as it was.
  await expect(first).toContainText("Not enough answers yet");
  await axeClean(mgr, "plan with results");
  await shot(mgr, "results", phone);
  if (phone) await noSidewaysScroll(mgr, "plan with results");

  // The manager adds a step (the one already done stays done), then marks the plan done.
  await mgr.getByRole("button", { name: "Edit" }).click();
  const edit = mgr.getByRole("dialog", { name: "Edit plan" });
  await expect(edit.getByLabel("Step 1", { exact: true })).toHaveValue("Start a shout-out channel");
  await edit.getByRole("button", { name: "Add a step" }).focus();
  await mgr.keyboard.press("Enter");
  await expect(edit.getByLabel("Step 2", { exact: true })).toBeFocused();
  await mgr.keyboard.type("Share the results with the team");
  await axeClean(mgr, "edit dialog");
  await mgr.keyboard.press("Enter");
  await expect(toastText(mgr, "Plan updated")).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(mgr.getByTestId("plan-progress")).toHaveText("1 of 2 steps done");
  await mgr.getByRole("button", { name: "Mark done" }).click();
  await mgr.getByRole("dialog", { name: "Mark this plan as done?" }).getByRole("button", { name: "Mark done" }).click();
  await expect(toastText(mgr, "Plan marked as done")).toBeVisible();
  await expect(mgr.getByTestId("plan-status")).toHaveText("Done");
  await expect(mgr.getByRole("button", { name: "Edit" })).toHaveCount(0);
  // Eve sees it among the finished ones.
  await eve.goto(url(ws.subdomain, "/commitments"));
  await expect(eve.getByRole("region", { name: "Finished" }).locator(`[data-plan="${planId}"]`)).toBeVisible();

  await eveCtx.close();
  await adminCtx.close();
}

test("a manager plans and publishes an action from a focus area; the team sees it, answers its check-backs from the e-mail, and the results show only above the minimum", async ({
  page,
  browser,
}) => {
  await journey(page, browser, false);
});

test("the same journey on a phone @phone", async ({ page, browser }) => {
  await journey(page, browser, true);
});
