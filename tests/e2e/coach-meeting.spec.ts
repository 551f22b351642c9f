import type { Request } from "@playwright/test";
import { test, expect, type Page } from "./support/test";
import { DEMO } from "../../scripts/seed/demo-data";
import { signInAs, workspaceUrl } from "./support/pages";

// From a 1:1 review to Boss Bot, in the demo workspace (scripts/seed/one-on-ones.ts): Jordan Lee's
// next 1:1 with Sam Carter, whose submitted prep form names escalations, on-call and the tech lead
// role. "Get Boss Bot Suggestions" opens a conversation about that meeting: its first message is
// the manager's own, sent once; the answer names Sam and one of Sam's points; the page shows no id,
// timestamp or field name; follow-ups keep the meeting until the chip is removed.

const JORDAN = DEMO.teams[0].manager.email;
const OPENER = "Help me prepare for my 1:1 with Sam.";
const CHIP = "Using 1:1 context: Sam Carter";
const url = (p: string) => workspaceUrl(DEMO.subdomain, p);
/** Sam's own words in the upcoming meeting's prep form (any one of them reaching the answer). */
const SAMS_POINTS =
  /three urgent escalations|escalations and on-call|tech lead role|know earlier when deadlines move|two customers through the migration|hand over on-call/i;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO = /\d{4}-\d{2}-\d{2}T/;
const FIELD_NAMES =
  /\b(?:employeeName|employeeFirstName|meetingId|scheduledAt|workloadConcerns|careerDevelopment|teamDynamics|additionalNotes|stressLevel|prepForm|contextForBossBot|1on1_prep_analysis)\b|\bwins:/;

/** Jordan's 1:1 list -> the meeting with Sam -> Employee Prep -> the review. */
async function openReview(page: Page): Promise<void> {
  await page.goto(url("/one-on-one"));
  await page
    .getByRole("list", { name: "Upcoming meetings" })
    .getByRole("link", { name: "Open Meeting with Sam Carter" })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Meeting with Sam Carter", level: 1 })).toBeVisible();
  const review = page.getByRole("link", { name: "Open the meeting review" });
  // A press before the page's scripts have run does not switch tabs: pressed until it does.
  await expect(async () => {
    await page.getByRole("tab", { name: "Employee Prep" }).click();
    await expect(review).toBeVisible({ timeout: 1000 });
  }).toPass();
  await review.click();
  await expect(page.getByRole("heading", { name: "1:1 Meeting Review", level: 1 })).toBeVisible();
}

const streamRequest = (page: Page) =>
  page.waitForRequest((r) => r.url().endsWith("/api/ai-coach/stream") && r.method() === "POST");
const bodyOf = (r: Request) =>
  r.postDataJSON() as {
    message: string;
    conversationId?: string;
    context?: { type: string; meetingId: string; data?: unknown };
  };

async function expectNothingRaw(page: Page): Promise<void> {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(UUID);
  expect(text).not.toMatch(ISO);
  expect(text).not.toMatch(FIELD_NAMES);
}

test("'Get Boss Bot Suggestions' opens a conversation about the meeting: Sam and Sam's points, no ids or field names, follow-ups keep the meeting", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.subdomain, JORDAN, DEMO.password);
  await openReview(page);
  const meetingId = new URL(page.url()).searchParams.get("meetingId");
  expect(meetingId).toMatch(UUID);

  const first = streamRequest(page);
  await page.getByRole("button", { name: "Get Boss Bot Suggestions" }).click();
  await expect(page).toHaveURL(/\/ai-coach$/);
  // The conversation starts by itself, with the manager's own first message and the meeting's id
  // (the meeting is read on the server; the browser's copy of the data is not sent).
  const sent = bodyOf(await first);
  expect(sent).toEqual({ message: OPENER, context: { type: "1on1_prep_analysis", meetingId } });
  await expect(page.getByTestId("user-message").filter({ hasText: OPENER })).toHaveCount(1);
  await expect(page.getByText(CHIP)).toBeVisible();

  const reply = page.getByTestId("ai-message").last();
  await expect(reply.getByText("Next steps", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(reply).toContainText("Sam");
  await expect(reply).toContainText(SAMS_POINTS);
  await expectNothingRaw(page);
  // The hand-over is used once: taken out of storage as the conversation starts.
  expect(await page.evaluate(() => localStorage.getItem("boss-bot-context"))).toBeNull();

  // A follow-up, by keyboard, goes to the same conversation with the meeting.
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill("And what if he says everything is fine?");
  const second = streamRequest(page);
  await box.press("Enter");
  const follow = bodyOf(await second);
  expect(follow.context).toEqual({ type: "1on1_prep_analysis", meetingId });
  expect(follow.conversationId).toMatch(UUID);
  await expect(page.getByTestId("ai-message")).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(CHIP)).toBeVisible();
  await expectNothingRaw(page);

  // Removing the chip stops sending the meeting.
  await page.getByRole("button", { name: "Remove 1:1 context for Sam Carter" }).click();
  await expect(page.getByText(CHIP)).toHaveCount(0);
  await box.fill("How do I delegate more of the escalations?");
  const third = streamRequest(page);
  await page.getByRole("button", { name: "Send" }).click();
  const plain = bodyOf(await third);
  expect(plain.context).toBeUndefined();
  expect(plain.conversationId).toBe(follow.conversationId);
  await expect(page.getByTestId("ai-message")).toHaveCount(3, { timeout: 30_000 });

  // A reload starts nothing again: a blank chat, the conversation once in the list.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
  await expect(page.getByText(CHIP)).toHaveCount(0);
  const list = page.getByRole("navigation", { name: "Conversations" });
  await expect(list.getByRole("button", { name: /^Help me prepare for my 1:1 with Sam\./ })).toHaveCount(1);
  await expect(page.getByTestId("user-message")).toHaveCount(0);
});

test("a hand-over whose meeting the server does not find says so and starts nothing", async ({ page }) => {
  await signInAs(page, DEMO.subdomain, JORDAN, DEMO.password);
  // Stored on the dashboard, as a review would before going to Boss Bot.
  await page.evaluate(() =>
    localStorage.setItem(
      "boss-bot-context",
      JSON.stringify({
        type: "1on1_prep_analysis",
        meetingId: "00000000-0000-4000-8000-000000000000",
        data: { meeting: { employeeName: "Eve Tester" } },
      }),
    ),
  );
  await page.goto(url("/ai-coach"));
  await expect(
    page.getByRole("region", { name: /Notifications/ }).getByText("Failed to create conversation. Please try again."),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  // The first message is handed back to the box, the chip stays for another try or removal.
  await expect(page.getByPlaceholder("Ask for leadership guidance...")).toHaveValue(
    "Help me prepare for my 1:1 with Eve.",
  );
  await expect(page.getByText("Using 1:1 context: Eve Tester")).toBeVisible();
  await expect(
    page
      .getByRole("navigation", { name: "Conversations" })
      .getByRole("button", { name: /^Help me prepare for my 1:1 with Eve/ }),
  ).toHaveCount(0);
});

test("@phone the admin's 1:1 with Priya opens its conversation on a phone", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, DEMO.subdomain, DEMO.admin.email, DEMO.password);
  await page.goto(url("/one-on-one"));
  await page.getByRole("link", { name: "Open Meeting with Priya Shah" }).first().click();
  await expect(page.getByRole("heading", { name: "Meeting with Priya Shah", level: 1 })).toBeVisible();
  const meetingId = new URL(page.url()).pathname.split("/").at(-1)!;
  await page.goto(url(`/one-on-one-meeting?meetingId=${meetingId}`));
  await page.getByRole("button", { name: "Get Boss Bot Suggestions" }).click();
  await expect(
    page.getByTestId("user-message").filter({ hasText: "Help me prepare for my 1:1 with Priya." }),
  ).toHaveCount(1);
  const chip = page.getByText("Using 1:1 context: Priya Shah");
  await expect(chip).toBeVisible();
  const reply = page.getByTestId("ai-message").last();
  await expect(reply.getByText("Next steps", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(reply).toContainText("Priya");
  // Nothing wider than the screen: the chip and the thread fit a phone.
  const viewport = page.viewportSize()!;
  const box = (await chip.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await expectNothingRaw(page);
});
