import { test, expect } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl } from "./support/pages";
import { linkFromMail } from "./support/mail";

// 'Create Survey' as an admin uses it: two questions for one team, sent now, open 10 days (31 is
// refused); the team's employee finds it in the app with 'Take Survey', which points to the
// personal link in her e-mail, and answers with that link.
test("an admin creates a custom survey for a team; its member finds it in the app and answers with her e-mail's link", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("cust");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await page.getByRole("button", { name: "Create Survey" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Title").fill("Team offsite check");
  await dialog
    .getByRole("listitem", { name: "Question 1" })
    .getByLabel("Question text")
    .fill("The offsite helped our team.");
  await dialog.getByRole("button", { name: "Add question" }).click();
  const q2 = dialog.getByRole("listitem", { name: "Question 2" });
  await q2.getByLabel("Type").selectOption("text");
  await q2.getByLabel("Question text").fill("What should we do next time?");
  await q2.getByLabel("Required").uncheck();
  await dialog.getByLabel("Chosen teams").check();
  await dialog.getByRole("checkbox", { name: new RegExp(`Team ${ws.subdomain}`) }).check();
  // It stays open 7 days unless told otherwise, and at most 30: the field says so and keeps focus.
  const openFor = dialog.getByLabel("Open for");
  await expect(openFor).toHaveValue("7");
  await openFor.fill("31");
  await dialog.getByRole("button", { name: "Create Survey" }).click();
  await expect(dialog.getByText("A survey stays open 1 to 30 days")).toBeVisible();
  await expect(openFor).toBeFocused();
  await openFor.fill("10");
  await expect(dialog.getByText(/^Results are released when it closes: /)).toBeVisible();
  await dialog.getByRole("button", { name: "Create Survey" }).click();
  await expect(toastText(page, "Survey sent")).toBeVisible();
  await expect(page.getByRole("list", { name: "Surveys" }).getByText("Team offsite check")).toBeVisible();

  const ctx = await browser.newContext();
  const eve = await ctx.newPage();
  await signInAs(eve, ws.subdomain, ws.employee.email, PASSWORD);
  await eve.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await eve.getByRole("link", { name: "Take Survey" }).first().click();
  await expect(eve.getByRole("heading", { name: "Answer with the link in your e-mail" })).toBeVisible();
  await expect(eve.getByText(/"Team offsite check" is answered with your personal link/)).toBeVisible();
  await eve.goto(await linkFromMail(ws.employee.email, /http:\/\/\S+\/surveys\/[0-9a-f-]{36}\?token=[\w-]+/));
  await expect(eve.getByText("Team offsite check")).toBeVisible();
  // She alone in her team was asked: too few for the team, so the answers go with everyone asked.
  await expect(eve.getByTestId("survey-group-note")).toContainText("never reported alone");
  await eve.getByRole("radiogroup").getByRole("radio").nth(3).check();
  await eve.getByRole("button", { name: "Submit Survey" }).click();
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // The product cannot tell who answered: the survey stays listed as open for her.
  await eve.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await expect(eve.getByRole("heading", { name: '"Team offsite check" is open' })).toBeVisible();
  await ctx.close();
});
