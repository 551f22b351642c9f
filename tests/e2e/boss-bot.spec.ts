import { test, expect, type Page, AxeBuilder } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";
import { setUpVault } from "./support/vault";

// Boss Bot through the browser with the built-in coach (no AI endpoint configured): a manager's
// streamed, cited answer; rename and delete; the admin of the same company cannot read it; an
// employee has no Boss Bot; the phone layout; failures roll the optimistic message back.

const PROMPT = "How do I re-engage a team member who seems disengaged lately?";
/** The title rule (docs/decisions.md (The coach and its privacy)): 50 characters, 47 plus an ellipsis when longer. */
const TITLE = PROMPT.length > 50 ? `${PROMPT.slice(0, 47)}...` : PROMPT;

async function openCoach(page: Page, ws: Workspace, email: string): Promise<void> {
  await signInAs(page, ws.subdomain, email, PASSWORD);
  // A new person's first message waits for their recovery key (vault.spec.ts): saved beforehand here.
  await setUpVault(page);
  await page.goto(url(ws.subdomain, "/ai-coach"));
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
}

const conversations = (page: Page) => page.getByRole("navigation", { name: "Conversations" });

test("a manager asks a starter prompt, reads the streamed answer with sources, renames and deletes the chat; the admin cannot read it", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("coach");
  await openCoach(page, ws, ws.manager.email);
  await expect(conversations(page).getByText("No conversations yet. Start a new chat!")).toBeVisible();
  await expect(page.getByText("Managers, HR and administrators cannot access them.").first()).toBeVisible();

  // Send is disabled while the box is empty or holds only spaces; Shift+Enter adds a line.
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  const send = page.getByRole("button", { name: "Send" });
  await expect(send).toBeDisabled();
  await box.fill("   ");
  await expect(send).toBeDisabled();
  await box.fill("first line");
  await box.press("Shift+Enter");
  await box.pressSequentially("second line");
  await expect(box).toHaveValue("first line\nsecond line");
  await box.fill("");

  await page.getByRole("button", { name: PROMPT }).click();
  await expect(page.getByTestId("user-message").filter({ hasText: PROMPT })).toBeVisible();
  const reply = page.getByTestId("ai-message").last();
  // The built-in coach composes Situation, Approach, Script and Next steps from the library.
  await expect(reply.getByText("Next steps", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(reply.getByText("Sources")).toBeVisible();
  const firstSource = reply.getByRole("listitem").filter({ hasText: "[1]" }).getByRole("button");
  const sourceTitle = (await firstSource.textContent())?.trim() ?? "";
  expect(sourceTitle.length).toBeGreaterThan(0);
  await firstSource.click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: sourceTitle })).toBeVisible();
  // The manager reads the cited item itself (built-in items have the four sections).
  await expect(dialog.getByRole("region", { name: "Library item" }).getByText("Situation")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // The conversation was created with the first message, titled by the rule, and selected.
  const item = conversations(page).getByRole("button", {
    name: new RegExp(`^${TITLE.replace(/[.?*+^$()[\]{}|\\]/g, "\\$&")}`),
  });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute("aria-current", "true");
  await expect(item).toContainText("Just now");

  const list = await page.evaluate(async (id) => (await fetch(`/api/chat/conversations/${id}`)).json(), ws.manager.id);
  expect(Array.isArray(list) && list.length).toBe(1);
  const conversationId: string = list[0].id;

  // The admin of the same company: not in their list, and every route answers 404.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAs(admin, ws.subdomain, ws.admin.email, PASSWORD);
  const seen = await admin.evaluate(
    async ({ id, adminId, managerId }) => {
      const status = async (path: string, init?: RequestInit) => (await fetch(path, init)).status;
      const own = await (await fetch(`/api/chat/conversations/${adminId}`)).json();
      return {
        own,
        messages: await status(`/api/chat/conversations/${id}/messages`),
        rename: await status(`/api/chat/conversations/${id}`, {
          method: "PATCH",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ title: "Mine now" }),
        }),
        remove: await status(`/api/chat/conversations/${id}`, { method: "DELETE" }),
        managersList: await status(`/api/chat/conversations/${managerId}`),
      };
    },
    { id: conversationId, adminId: ws.admin.id, managerId: ws.manager.id },
  );
  expect(seen).toEqual({ own: [], messages: 404, rename: 404, remove: 404, managersList: 404 });
  await admin.goto(url(ws.subdomain, "/ai-coach"));
  await expect(conversations(admin).getByText("No conversations yet. Start a new chat!")).toBeVisible();
  await adminContext.close();

  // Reload: the stored thread comes back with its sources.
  await page.reload();
  await conversations(page)
    .getByRole("button", { name: new RegExp(`^${TITLE.slice(0, 20)}`) })
    .click();
  await expect(page.getByTestId("user-message").filter({ hasText: PROMPT })).toBeVisible();
  await expect(page.getByTestId("ai-message").last().getByText("Sources")).toBeVisible();

  // Rename in place: Escape cancels, Enter saves.
  await conversations(page)
    .getByRole("button", { name: /^Options for / })
    .click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const title = conversations(page).getByRole("textbox", { name: "Conversation title" });
  await title.fill("Not this");
  await title.press("Escape");
  await expect(conversations(page).getByRole("button", { name: /^How do I re-engage/ })).toBeVisible();
  await conversations(page)
    .getByRole("button", { name: /^Options for / })
    .click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  await title.fill("Re-engaging Sam");
  await title.press("Enter");
  await expect(conversations(page).getByRole("button", { name: /^Re-engaging Sam/ })).toBeVisible();
  await page.reload();
  await expect(conversations(page).getByRole("button", { name: /^Re-engaging Sam/ })).toBeVisible();

  // Delete, after a confirmation.
  await conversations(page).getByRole("button", { name: "Options for Re-engaging Sam" }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete conversation?" });
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(conversations(page).getByText("No conversations yet. Start a new chat!")).toBeVisible();
  const gone = await page.evaluate(
    async (id) => (await fetch(`/api/chat/conversations/${id}/messages`)).status,
    conversationId,
  );
  expect(gone).toBe(404);
});

test("a failed first message is rolled back with the product's toast; a 429 shows the server's message", async ({
  page,
}) => {
  const ws = await createWorkspace("coachfail");
  await openCoach(page, ws, ws.manager.email);
  const box = page.getByPlaceholder("Ask for leadership guidance...");

  await page.route("**/api/ai-coach/stream", (route) =>
    route.fulfill({
      status: 500,
      contentType: "application/problem+json",
      body: JSON.stringify({ detail: "Something went wrong. Please try again." }),
    }),
  );
  await box.fill("How do I run a good one-on-one?");
  await box.press("Enter");
  await expect(toastText(page, "Failed to create conversation. Please try again.")).toBeVisible();
  await expect(page.getByTestId("user-message")).toHaveCount(0);
  // What was typed is handed back.
  await expect(box).toHaveValue("How do I run a good one-on-one?");

  await page.unroute("**/api/ai-coach/stream");
  await page.route("**/api/ai-coach/stream", (route) =>
    route.fulfill({
      status: 429,
      headers: { "Retry-After": "120" },
      contentType: "application/problem+json",
      body: JSON.stringify({ code: "rate_limited", detail: "Too many messages. Please wait 2 minutes." }),
    }),
  );
  await page.getByRole("button", { name: "Send" }).click();
  await expect(toastText(page, "Too many messages. Please wait 2 minutes.")).toBeVisible();
  await expect(page.getByTestId("user-message")).toHaveCount(0);
});

test("the 1:1 context from local storage shows as a removable chip", async ({ page }) => {
  const ws = await createWorkspace("coachctx");
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  // The hand-over starts its conversation at once (coach-meeting.spec.ts); with no such meeting the
  // server refuses it, and the chip stays to be removed.
  await setUpVault(page);
  await page.evaluate(() =>
    localStorage.setItem(
      "boss-bot-context",
      JSON.stringify({
        type: "1on1_prep_analysis",
        meetingId: "m1",
        data: { meeting: { employeeName: "Eve Tester" } },
      }),
    ),
  );
  await page.goto(url(ws.subdomain, "/ai-coach"));
  await expect(page.getByText("Using 1:1 context: Eve Tester")).toBeVisible();
  await page.getByRole("button", { name: "Remove 1:1 context for Eve Tester" }).click();
  await expect(page.getByText("Using 1:1 context: Eve Tester")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("boss-bot-context"))).toBeNull();
});

test("an employee has no Boss Bot", async ({ page }) => {
  const ws = await createWorkspace("coachemp");
  await signInAs(page, ws.subdomain, ws.employee.email, PASSWORD);
  await expect(page.getByRole("link", { name: "Boss Bot" })).toHaveCount(0);
  await page.goto(url(ws.subdomain, "/ai-coach"));
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  await expect(page.getByPlaceholder("Ask for leadership guidance...")).toHaveCount(0);
  const status = await page.evaluate(
    async (id) => (await fetch(`/api/chat/conversations/${id}`)).status,
    ws.employee.id,
  );
  expect([403, 404]).toContain(status);
});

test("Boss Bot has no serious accessibility violations, empty and with a reply", async ({ page }) => {
  const ws = await createWorkspace("coachaxe");
  await openCoach(page, ws, ws.manager.email);
  const serious = async () =>
    (await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze()).violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
  expect(await serious()).toEqual([]);
  await page.getByRole("button", { name: PROMPT }).click();
  await expect(page.getByTestId("ai-message").last().getByText("Sources")).toBeVisible({ timeout: 20_000 });
  expect(await serious()).toEqual([]);
});

test("on a phone the chat fits the screen and the conversations open as a sheet @phone", async ({ page }) => {
  const ws = await createWorkspace("coachphone");
  await openCoach(page, ws, ws.manager.email);
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill("How can I delegate more without micromanaging?");
  await box.press("Enter");
  await expect(page.getByTestId("ai-message").last().getByText("Sources")).toBeVisible({ timeout: 20_000 });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Conversations", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Conversations" });
  await expect(sheet.getByRole("button", { name: /^How can I delegate more/ })).toBeVisible();
  await sheet.getByRole("button", { name: "New Chat" }).click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole("button", { name: PROMPT })).toBeVisible();
});
