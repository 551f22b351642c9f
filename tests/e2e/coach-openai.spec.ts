import { test, expect, type Page } from "./support/test";
import { AI_ROOT } from "../../playwright.config";
import { DEMO } from "../../scripts/seed/demo-data";
import { ASK, CUT_SHOWN, REPLY_SHOWN } from "../support/fake-openai-server";
import { toastText } from "./support/pages";

// Boss Bot's OpenAI-compatible path through the browser: the second app of playwright.config.ts
// (AI_BASE_URL pointed at tests/support/fake-openai-server.ts), signed in as the demo's people.
// The fake picks its answer from the question (its ASK table): a normal streamed reply, a 500, a
// 429, a stream cut midway. The promise: the user sees the product's error message, and nothing
// written is lost.

const SEND_FAILED = "Failed to send message. Please try again.";
const appUrl = (p: string) => `http://${DEMO.subdomain}.${AI_ROOT}${p}`;
const [jordan, priya, chris] = [DEMO.teams[0].manager.email, DEMO.teams[1].manager.email, DEMO.teams[2].manager.email];

async function openCoach(page: Page, email: string): Promise<void> {
  await page.goto(appUrl("/login"));
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
  await page.goto(appUrl("/ai-coach"));
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
}

async function ask(page: Page, question: string): Promise<void> {
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill(question);
  await box.press("Enter");
  await expect(page.getByTestId("user-message").filter({ hasText: question })).toBeVisible();
}

const conversations = (page: Page) => page.getByRole("navigation", { name: "Conversations" });
const anyToast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

/** The built-in coach's answer: its four sections, from the library, with sources. */
async function expectBuiltinAnswer(page: Page): Promise<void> {
  const reply = page.getByTestId("ai-message").last();
  await expect(reply.getByText("Next steps", { exact: true })).toBeVisible({ timeout: 20_000 });
  for (const heading of ["Situation", "Approach", "Script"])
    await expect(reply.getByText(heading, { exact: true })).toBeVisible();
  await expect(reply.getByText("Sources")).toBeVisible();
  await expect(reply.getByRole("listitem").filter({ hasText: "[1]" }).getByRole("button")).toBeVisible();
  // Nothing of the provider's own text: it answered with an error before its first token.
  await expect(reply).not.toContainText("private conversation");
}

test("the provider's reply streams in, with the library's sources and without the number it invented", async ({
  page,
}) => {
  await openCoach(page, jordan);
  await ask(page, "How do I re-engage a quiet team member?");
  // Seen half written in the browser: the first chunks are there, the last is not yet (the fake
  // spaces its chunks 400 ms apart).
  await page.waitForFunction(
    () => {
      const text = [...document.querySelectorAll('[data-testid="ai-message"]')].at(-1)?.textContent ?? "";
      return text.includes("Start with a private") && !text.includes("next step together");
    },
    undefined,
    { polling: "raf", timeout: 20_000 },
  );
  const reply = page.getByTestId("ai-message").last();
  await expect(reply).toContainText(REPLY_SHOWN, { timeout: 20_000 });
  await expect(reply.getByText("Sources")).toBeVisible();
  await expect(reply.getByRole("listitem").filter({ hasText: "[1]" }).getByRole("button")).toBeVisible();
  // [9] was not among the numbered items the model was given: removed, in the text and the list.
  await expect(reply).not.toContainText("[9]");
  await expect(anyToast(page)).toHaveCount(0);

  // Stored as shown.
  await page.reload();
  await conversations(page)
    .getByRole("button", { name: /^How do I re-engage a quiet team member\?/ })
    .click();
  await expect(page.getByTestId("ai-message").last()).toContainText(REPLY_SHOWN);
});

for (const status of [500, 429] as const) {
  test(`a ${status} from the provider before any token: the built-in coach answers, with no error shown`, async ({
    page,
  }) => {
    await openCoach(page, status === 500 ? priya : chris);
    const question = status === 500 ? ASK.error500 : ASK.error429;
    await ask(page, question);
    await expectBuiltinAnswer(page);
    await expect(anyToast(page)).toHaveCount(0);
    await expect(page.getByTestId("user-message")).toHaveCount(1);
  });
}

test("a reply cut midway: what arrived stays on screen with the product's toast, and both messages are stored", async ({
  page,
}) => {
  await openCoach(page, DEMO.admin.email);
  const question = ASK.cut;
  await ask(page, question);
  const reply = page.getByTestId("ai-message").last();
  await expect(toastText(page, SEND_FAILED)).toBeVisible({ timeout: 20_000 });
  await expect(reply).toContainText(CUT_SHOWN);
  // The question stays (the server had saved it), and the box is not refilled with it.
  await expect(page.getByTestId("user-message").filter({ hasText: question })).toBeVisible();
  await expect(page.getByPlaceholder("Ask for leadership guidance...")).toHaveValue("");

  // Nothing written is lost: after a reload the conversation holds the question and the partial reply.
  await page.reload();
  await conversations(page)
    .getByRole("button", { name: /^How do I delegate more without micromanaging\?/ })
    .click();
  await expect(page.getByTestId("user-message").filter({ hasText: question })).toBeVisible();
  await expect(page.getByTestId("ai-message")).toHaveCount(1);
  await expect(page.getByTestId("ai-message").last()).toContainText(CUT_SHOWN);
  await expect(page.getByTestId("ai-message").last().getByText("Sources")).toBeVisible();
});

test("a follow-up whose request never reaches the app is rolled back, with the product's toast and the text back in the box", async ({
  page,
}) => {
  await openCoach(page, jordan);
  await ask(page, "How do I run a good one-on-one?");
  await expect(page.getByTestId("ai-message").last()).toContainText(REPLY_SHOWN, { timeout: 20_000 });

  // The network drops the next request (no answer at all, unlike boss-bot.spec.ts's 500 on a first message).
  await page.route("**/api/ai-coach/stream", (route) => route.abort("connectionreset"));
  const followUp = "And what should I ask first?";
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill(followUp);
  await box.press("Enter");
  await expect(toastText(page, SEND_FAILED)).toBeVisible();
  await expect(page.getByTestId("user-message")).toHaveCount(1);
  await expect(page.getByTestId("user-message").filter({ hasText: followUp })).toHaveCount(0);
  await expect(box).toHaveValue(followUp);
  // The earlier exchange is untouched.
  await expect(page.getByTestId("ai-message")).toHaveCount(1);
  await expect(page.getByTestId("ai-message").last()).toContainText(REPLY_SHOWN);
});
