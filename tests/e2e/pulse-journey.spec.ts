import { test, expect, type Page } from "./support/test";
import { addTeamColleagues, createWorkspace, PASSWORD } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { json, hostOf } from "./support/http";
import { signInAs, toastText, workspaceUrl } from "./support/pages";

/** The big number on the dashboard's 'Overall Culture Score' card. */
const cultureScore = (page: Page) =>
  page.getByRole("heading", { name: "Overall Culture Score" }).locator("xpath=following-sibling::p[1]");

// The heart of the product, as its people live it: an admin sends a pulse, an employee answers
// from the e-mail on a phone, a second answer with the same link is refused, and the results
// appear only once the round is closed (docs/decisions.md (Anonymity and the minimum group)) and enough colleagues
// have answered.
test("Send Now, answer from the mail on a phone, one answer per link, results at close once the group is large enough", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const ws = await createWorkspace("pulse");
  // Three more colleagues in Eve's team: four members, above the minimum of 3. The admin was
  // invited too, so the organisation's figures need one answer more than the minimum before the
  // admin sees them (a viewer never counts toward a minimum that protects others: docs/decisions.md
  // (Anonymity and the minimum group)).
  const colleagues = await addTeamColleagues(ws, ["Finn", "Gia", "Hal"]);

  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await page.getByRole("button", { name: "Send Now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Send Now" }).click();
  await expect(toastText(page, "Pulse survey sent")).toBeVisible();

  // Eve, on her phone, from the e-mail.
  const linkPattern = /http:\/\/\S+\/surveys\/[0-9a-f-]{36}\?token=[\w-]+/;
  const eveLink = await linkFromMail(ws.employee.email, linkPattern);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const eve = await phone.newPage();
  await eve.goto(eveLink);
  await expect(eve.getByText(/reported only in groups of at least 3 people/)).toBeVisible();
  // And in which groups, with how many people each: her team (four) and everyone asked (six).
  await expect(eve.getByTestId("survey-group-note")).toHaveText(
    `Your answers are reported with ${ws.team.name} (4 people) and the whole organisation (6 people), never alone.`,
  );
  const submit = eve.getByRole("button", { name: "Submit Survey" });
  await expect(submit).toBeDisabled();
  for (const group of await eve.getByRole("radiogroup").all()) await group.getByRole("radio").last().check();
  await expect(submit).toBeEnabled();
  const overflow = await eve.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await submit.click();
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  // The same link again: refused, in the page and at the API.
  await eve.goto(eveLink);
  await expect(eve.getByText(/already answered/i).first()).toBeVisible();
  await phone.close();

  // One answer, and the round still open: the dashboard shows no numbers yet.
  await page.goto(workspaceUrl(ws.subdomain, "/"));
  await expect(page.getByText("Overall Culture Score")).toBeVisible();
  await expect(cultureScore(page)).toHaveText("--");

  // Three colleagues answer through the API with their own links; a reused link is refused.
  for (const c of colleagues) {
    const link = new URL(await linkFromMail(c.email, linkPattern));
    const surveyId = link.pathname.split("/").pop()!;
    const token = link.searchParams.get("token")!;
    const host = hostOf(ws.subdomain);
    const q = await json({ host, path: `/api/surveys/${surveyId}/questions?token=${encodeURIComponent(token)}` });
    expect(q.status, q.body).toBe(200);
    const responses = (q.json() as { id: string; type: string }[]).map((x) => ({
      questionId: x.id,
      answer: x.type === "enps" ? 9 : x.type === "scale" ? 4 : "More pairing, please.",
    }));
    const first = await json({
      host,
      path: "/api/surveys/responses",
      method: "POST",
      body: { surveyId, token, responses },
    });
    expect(first.status, first.body).toBe(201);
    const again = await json({
      host,
      path: "/api/surveys/responses",
      method: "POST",
      body: { surveyId, token, responses },
    });
    expect(again.status).toBe(409);
  }

  // Four answers, but the round is open: still no numbers, only participation.
  await page.goto(workspaceUrl(ws.subdomain, "/"));
  await expect(cultureScore(page)).toHaveText("--");

  // The admin closes the round early; the organisation's and the team's numbers appear.
  await page.goto(workspaceUrl(ws.subdomain, "/surveys"));
  await page
    .getByRole("list", { name: "Surveys" })
    .getByRole("button", { name: /^Close now and release results/ })
    .click();
  await page.getByRole("dialog").getByRole("button", { name: "Close now and release results" }).click();
  await expect(toastText(page, "Survey closed")).toBeVisible();
  await page.goto(workspaceUrl(ws.subdomain, "/"));
  await expect(cultureScore(page)).toHaveText(/^\d+\.\d$/);
  await page.goto(workspaceUrl(ws.subdomain, "/pulse"));
  const row = page.getByRole("row").filter({ hasText: ws.team.name });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^\d+\.\d$/).first()).toBeVisible();
});
