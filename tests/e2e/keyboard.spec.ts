import { test, expect, type Locator, type Page } from "./support/test";
import { randomBytes } from "node:crypto";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { MAIN, toastText, workspaceUrl as url } from "./support/pages";
import { askedGroup, groupOf, setupDialog, shownRecoveryKey } from "./support/vault";
import { ROOT } from "../../playwright.config";

// The date field is typed segment by segment in en-US order (mm dd yyyy hh mm AM), whatever the machine's locale.
test.use({ locale: "en-US" });

// Every main flow by keyboard alone: no click, fill or check; page.goto only for a flow's start
// address and for links taken from e-mails. Each flow prints how many Tab presses it took.

/** Tab presses of the running test (reset per test; printed at its end). */
let tabs = 0;
test.beforeEach(() => {
  tabs = 0;
});
test.afterEach(({}, info) => {
  console.log(`[keyboard] ${info.title}: ${tabs} Tab presses`);
});

async function press(page: Page, key: string): Promise<void> {
  if (key === "Tab" || key === "Shift+Tab") tabs += 1;
  await page.keyboard.press(key);
}

const isFocused = (target: Locator) => target.evaluateAll((els) => els.some((el) => el === document.activeElement));

/** Presses Tab until `target` has focus (fails with the count when it never does), then checks the
 * focus is visible: :focus-visible matches and an outline or a ring (box-shadow) is drawn. */
async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, back = false }: { max?: number; back?: boolean } = {},
): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await isFocused(target)) {
      await expectFocusVisible(page);
      return;
    }
    if (i < max) await press(page, back ? "Shift+Tab" : "Tab");
  }
  const at = await page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`
      : "nothing";
  });
  throw new Error(`${target} not reached after ${max} Tab presses (focus is on ${at})`);
}

async function expectFocusVisible(page: Page): Promise<void> {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const s = getComputedStyle(el);
    return {
      visible: el.matches(":focus-visible"),
      outline: s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0,
      ring: s.boxShadow !== "none",
      tag: el.tagName,
    };
  });
  expect(style?.visible, "focus is :focus-visible").toBe(true);
  expect(style!.outline || style!.ring, `${style?.tag} has a visible focus outline or ring`).toBe(true);
}

/** Presses an arrow key until `target` has focus (roving focus: tabs, menus). */
async function arrowTo(page: Page, target: Locator, key: "ArrowRight" | "ArrowDown", max = 8): Promise<void> {
  for (let i = 0; i < max && !(await isFocused(target)); i++) await page.keyboard.press(key);
  await expect.poll(() => isFocused(target), `${target} reached with ${key}`).toBe(true);
}

async function expectFocused(target: Locator): Promise<void> {
  await expect.poll(() => isFocused(target), `${target} has focus`).toBe(true);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** Signs in through the form by keyboard and waits for the dashboard. */
async function signIn(page: Page, subdomain: string, email: string, password: string): Promise<void> {
  await page.goto(url(subdomain, "/login"));
  await typeInto(page, page.getByLabel("Work email"), email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), password);
  await press(page, "Enter");
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
}

/** Follows a link of the app's navigation by keyboard. */
async function navigate(page: Page, name: string, heading: string): Promise<void> {
  await tabTo(page, page.getByRole("link", { name, exact: true }), { max: 60 });
  await press(page, "Enter");
  await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
}

test("a company signs up on the main site by keyboard and lands in its workspace", async ({ page }) => {
  const id = randomBytes(3).toString("hex");
  const subdomain = `kbd-co-${id}`;
  const password = "Signup-pass-2026";
  await page.goto(`${MAIN}/signup`);
  await expect(page.getByRole("heading", { name: "Start your free trial" })).toBeVisible();
  await typeInto(page, page.getByLabel("First name"), "Nia");
  await typeInto(page, page.getByLabel("Last name"), "Okafor");
  await typeInto(page, page.getByLabel("Work email"), `nia.${id}@example.com`);
  await typeInto(page, page.getByLabel("Password", { exact: true }), password);
  await typeInto(page, page.getByLabel("Confirm password", { exact: true }), password);
  await typeInto(page, page.getByLabel("Company name"), `Kbd Co ${id}`);
  // A native select: typing picks the option that starts with what was typed.
  await typeInto(page, page.getByLabel("Company size"), "11");
  await expect(page.getByLabel("Company size")).toHaveValue("11-50");
  await expect(page.getByLabel("Workspace address")).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Get Instant Access" }));
  await press(page, "Enter");

  await expect(page.getByRole("heading", { name: "Complete Your Payment" })).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Start Free Trial" }));
  await press(page, "Enter");
  await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible();
  await page.waitForURL(`http://${subdomain}.${ROOT}/`, { timeout: 15_000 });
  await expect(page.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
});

test("an admin adds a user by keyboard, who accepts the invitation and sets a password by keyboard; dialogs give focus back", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("kbdu");
  await signIn(page, ws.subdomain, ws.admin.email, PASSWORD);
  await navigate(page, "Settings", "Settings");
  await navigate(page, "User Management", "User Management");

  // Add Team: Escape and Cancel both give focus back to the button that opened it.
  const addTeam = page.getByRole("button", { name: "Add Team" });
  await tabTo(page, addTeam);
  await press(page, "Enter");
  const teamDialog = page.getByRole("dialog", { name: "Create New Team" });
  await expect(teamDialog).toBeVisible();
  await press(page, "Escape");
  await expect(teamDialog).toHaveCount(0);
  await expectFocused(addTeam);
  await press(page, "Enter");
  await tabTo(page, teamDialog.getByRole("button", { name: "Cancel" }));
  await press(page, "Enter");
  await expect(teamDialog).toHaveCount(0);
  await expectFocused(addTeam);

  const addUser = page.getByRole("button", { name: "Add User", exact: true });
  await tabTo(page, addUser);
  await press(page, "Space");
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  await expect(dialog).toBeVisible();
  await press(page, "Escape");
  await expect(dialog).toHaveCount(0);
  await expectFocused(addUser);

  const email = `nia.${ws.subdomain}@example.com`;
  await press(page, "Enter");
  await typeInto(page, dialog.getByLabel("First name"), "Nia");
  await typeInto(page, dialog.getByLabel("Last name"), "Okafor");
  await typeInto(page, dialog.getByLabel("Email"), email);
  await tabTo(page, dialog.getByRole("button", { name: "Add User" }));
  await press(page, "Enter");
  await expect(toastText(page, "User added successfully")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expectFocused(addUser);

  // The invitation from the mail: setting a password by keyboard signs the person in.
  const link = await linkFromMail(email, /http:\/\/\S+\/accept-invite\?token=\S+/);
  const guest = await browser.newContext();
  const p = await guest.newPage();
  await p.goto(link);
  await expect(p.getByRole("heading", { name: `Join Company ${ws.subdomain}` })).toBeVisible();
  await typeInto(p, p.getByLabel("New password", { exact: true }), "Welcome-aboard-9");
  await typeInto(p, p.getByLabel("Confirm password", { exact: true }), "Welcome-aboard-9");
  await press(p, "Enter");
  await expect(p.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
  await guest.close();
});

test("an admin sends a pulse by keyboard and an employee answers it from the mail by keyboard", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("kbds");
  await signIn(page, ws.subdomain, ws.admin.email, PASSWORD);
  await navigate(page, "Surveys", "Surveys");
  const sendNow = page.getByRole("button", { name: "Send Now" }).first();
  await tabTo(page, sendNow);
  await press(page, "Enter");
  const confirm = page.getByRole("dialog");
  await expect(confirm).toBeVisible();
  await press(page, "Escape");
  await expect(confirm).toHaveCount(0);
  await expectFocused(sendNow);
  await press(page, "Enter");
  await tabTo(page, confirm.getByRole("button", { name: "Send Now" }));
  await press(page, "Enter");
  await expect(toastText(page, "Pulse survey sent")).toBeVisible();

  const link = await linkFromMail(ws.employee.email, /http:\/\/\S+\/surveys\/[0-9a-f-]{36}\?token=[\w-]+/);
  const context = await browser.newContext();
  const eve = await context.newPage();
  await eve.goto(link);
  const submit = eve.getByRole("button", { name: "Submit Survey" });
  await expect(submit).toBeDisabled();
  // Each question is a native radio group: Tab enters it, an arrow key picks a choice.
  const groups = await eve.getByRole("radiogroup").all();
  expect(groups.length).toBeGreaterThan(0);
  for (const group of groups) {
    await tabTo(eve, group.getByRole("radio").first());
    await eve.keyboard.press("ArrowRight");
    await expect(group.getByRole("radio").nth(1)).toBeChecked();
  }
  await tabTo(eve, submit);
  await press(eve, "Enter");
  await expect(eve.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  await context.close();
});

/** Tomorrow at 10:00 in the browser's zone: what the datetime-local field takes, typed segment by segment (en-US: mm dd yyyy hh mm AM). */
function tomorrowAtTen(): { date: string; time: string; value: string } {
  const d = new Date(Date.now() + 24 * 3600 * 1000);
  const mm = String(d.getMonth() + 1).padStart(2, "0");
  const dd = String(d.getDate()).padStart(2, "0");
  return { date: `${mm}${dd}${d.getFullYear()}`, time: "1000A", value: `${d.getFullYear()}-${mm}-${dd}T10:00` };
}

// Chromium's datetime-local field is segmented (en-US: mm/dd/yyyy, hh:mm AM): digits fill a segment
// and move on, but the year takes up to six digits, so ArrowRight leaves it for the time.
test("a manager schedules a 1:1 by keyboard", async ({ page }) => {
  const ws = await createWorkspace("kbdo");
  await signIn(page, ws.subdomain, ws.manager.email, PASSWORD);
  await navigate(page, "1-on-1s", "1:1 Meetings");
  await expect(page.getByTestId("meetings-skeleton")).toHaveCount(0);
  // Tabs: one tab stop, arrow keys move between them (and show them).
  await tabTo(page, page.getByRole("tab", { selected: true }));
  await arrowTo(page, page.getByRole("tab", { name: "Schedule New" }), "ArrowRight");
  const form = page.getByRole("form", { name: "Schedule a 1:1 meeting" });
  await expect(form).toBeVisible();
  await typeInto(page, form.getByLabel("Team member"), "Eve");
  await expect(form.getByLabel("Team member")).not.toHaveValue("");
  const when = tomorrowAtTen();
  await typeInto(page, form.getByLabel("Date and time"), when.date);
  await press(page, "ArrowRight");
  await page.keyboard.type(when.time);
  await expect(form.getByLabel("Date and time")).toHaveValue(when.value);
  await tabTo(page, form.getByRole("button", { name: "Schedule Meeting" }));
  await press(page, "Enter");
  await expect(toastText(page, "Meeting Scheduled")).toBeVisible();
});

/** The setup dialog a new person's first private entry opens, by keyboard: the key is read, the
 * group asked for is typed, and focus goes back to where the person was writing. Returns the key. */
async function saveRecoveryKey(page: Page, writingIn: Locator): Promise<string> {
  const dialog = setupDialog(page);
  await expect(dialog).toBeVisible();
  const key = await shownRecoveryKey(page);
  await tabTo(page, dialog.getByRole("button", { name: "I have saved it" }));
  await press(page, "Enter");
  const n = await askedGroup(page);
  await expectFocused(dialog.getByLabel(`Type group ${n} of your recovery key`));
  await page.keyboard.type(groupOf(key, n));
  await press(page, "Enter");
  await expect(dialog).toHaveCount(0);
  await expectFocused(writingIn);
  return key;
}

/** A new manager's first Boss Bot question, by keyboard (the recovery key is saved first). Returns the key. */
async function askBossBot(page: Page, ws: Workspace, question: string): Promise<string> {
  await signIn(page, ws.subdomain, ws.manager.email, PASSWORD);
  await navigate(page, "Boss Bot", "Boss Bot");
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await typeInto(page, box, question);
  await press(page, "Enter");
  const key = await saveRecoveryKey(page, box);
  await expect(page.getByTestId("user-message").filter({ hasText: question })).toBeVisible();
  await expect(page.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  return key;
}

test("a manager asks Boss Bot by keyboard; the delete dialog opened from a menu gives focus back to the menu's button", async ({
  page,
}) => {
  const ws = await createWorkspace("kbdb");
  const question = "How do I give feedback to a quiet team member?";
  await askBossBot(page, ws, question);

  // The conversation's menu: Enter opens it, arrows reach Delete, Enter opens the confirmation.
  const options = page.getByRole("button", { name: `Options for ${question}` });
  await tabTo(page, options, { back: true, max: 60 });
  const openDelete = async () => {
    await press(page, "Enter");
    await arrowTo(page, page.getByRole("menuitem", { name: "Delete" }), "ArrowDown");
    await press(page, "Enter");
    await expect(page.getByRole("dialog", { name: "Delete conversation?" })).toBeVisible();
  };
  const confirm = page.getByRole("dialog", { name: "Delete conversation?" });
  await openDelete();
  await press(page, "Escape");
  await expect(confirm).toHaveCount(0);
  await expectFocused(options);
  await openDelete();
  await tabTo(page, confirm.getByRole("button", { name: "Cancel" }));
  await press(page, "Enter");
  await expect(confirm).toHaveCount(0);
  await expectFocused(options);

  // A second conversation, by keyboard: New Chat, then the question. It is listed first.
  const newChat = page.getByRole("button", { name: "New Chat" });
  const second = "How do I run a good first 1:1?";
  await tabTo(page, newChat, { back: true, max: 60 });
  await press(page, "Enter");
  await typeInto(page, page.getByPlaceholder("Ask for leadership guidance..."), second);
  await press(page, "Enter");
  await expect(page.getByTestId("ai-message").last().getByText("Next steps", { exact: true })).toBeVisible({
    timeout: 20_000,
  });

  // Deleted: the row and its menu are gone, and focus stays in the list, not the top of the
  // document: on the next conversation, and once the list is empty on New Chat.
  const secondOptions = page.getByRole("button", { name: `Options for ${second}` });
  await tabTo(page, secondOptions, { back: true, max: 60 });
  await openDelete();
  await tabTo(page, confirm.getByRole("button", { name: "Delete" }));
  await press(page, "Enter");
  await expect(confirm).toHaveCount(0);
  await expect(secondOptions).toHaveCount(0);
  await expectFocused(
    page.getByRole("navigation", { name: "Conversations" }).getByRole("button", { name: /^How do I give feedback/ }),
  );
  await tabTo(page, options);
  await openDelete();
  await tabTo(page, confirm.getByRole("button", { name: "Delete" }));
  await press(page, "Enter");
  await expect(confirm).toHaveCount(0);
  await expect(options).toHaveCount(0);
  await expectFocused(newChat);
});

test("after a password reset by keyboard, the recovery key typed by keyboard brings Boss Bot's sealed chat back", async ({
  page,
}) => {
  const ws = await createWorkspace("kbdv");
  const question = "How do I prepare for a difficult conversation?";
  const key = await askBossBot(page, ws, question);

  // The reset, from its start address and the e-mail's link: the page says what happens to the vault.
  await page.goto(url(ws.subdomain, "/forgot-password"));
  await typeInto(page, page.getByLabel("Work email"), ws.manager.email);
  await press(page, "Enter");
  await expect(page.getByRole("status").filter({ hasText: "If an account exists" })).toBeVisible();
  await page.goto(await linkFromMail(ws.manager.email, /http:\/\/\S+\/reset-password\?token=\S+/));
  await expect(page.getByText(/^Resetting your password opens a new, empty vault\./)).toBeVisible();
  await typeInto(page, page.getByLabel("New password", { exact: true }), "Keyboard-reset-4");
  await typeInto(page, page.getByLabel("Confirm password", { exact: true }), "Keyboard-reset-4");
  await press(page, "Enter");
  await expect(page.getByRole("status").filter({ hasText: "Your password was changed" })).toBeVisible();
  await typeInto(page, page.getByLabel("Work email"), ws.manager.email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), "Keyboard-reset-4");
  await press(page, "Enter");
  await expect(page.getByRole("heading", { name: "Welcome, Max" })).toBeVisible();

  await navigate(page, "Boss Bot", "Boss Bot");
  await expect(page.getByText("Some of your conversations and private notes are sealed")).toBeVisible();
  const list = page.getByRole("navigation", { name: "Conversations" });
  await expect(list.getByText("No conversations yet. Start a new chat!")).toBeVisible();
  await tabTo(page, page.getByRole("button", { name: "Enter recovery key" }), { max: 60 });
  await press(page, "Enter");
  const dialog = page.getByRole("dialog", { name: "Enter recovery key" });
  await expectFocused(dialog.getByLabel("Recovery key"));
  await page.keyboard.type(key);
  await press(page, "Enter");
  await expect(dialog).toHaveCount(0);
  await expect(toastText(page, "1 conversation is back.")).toBeVisible();
  // The notice (and its button) are gone: focus lands on the page's heading, not the top of the document.
  await expectFocused(page.getByRole("heading", { name: "Boss Bot", level: 1 }));
  const chat = list.getByRole("button", { name: /^How do I prepare for a difficult conversation\?/ });
  await tabTo(page, chat, { max: 60 });
  await press(page, "Enter");
  await expect(page.getByTestId("user-message").filter({ hasText: question })).toBeVisible();
});
