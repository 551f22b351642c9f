import { test, expect, type Page, AxeBuilder } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

// The Leadership Content Library as an admin uses it: paste, auto-analysis, save, edit, delete,
// import files, hide a built-in item; managers are refused; phone and accessibility checks.

const PASTED = `# Running a calm conflict conversation

When two people on your team disagree, meet each of them first, listen for the interest behind
the position, then bring them together to agree on one next step and a date to check in.`;

async function openLibrary(page: Page, prefix: string): Promise<Workspace> {
  const ws = await createWorkspace(prefix);
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/admin/content-library"));
  await expect(page.getByRole("heading", { name: "Leadership Content Library" })).toBeVisible();
  // The list has loaded (the count line is filled from it) and the page is interactive.
  await expect(page.getByTestId("library-count")).toHaveText(/^0 items in your library · \d+ built-in$/);
  return ws;
}

const ownSection = (page: Page) => page.getByRole("region", { name: "Your library" });
const builtinSection = (page: Page) => page.getByRole("region", { name: "Built-in library" });

test("an admin pastes content, auto-analysis fills the empty fields, then saves, edits and deletes it", async ({
  page,
}) => {
  await openLibrary(page, "lib");
  await expect(ownSection(page).getByRole("heading", { name: "No content yet" })).toBeVisible();
  await expect(ownSection(page).getByRole("button", { name: "Add Your First Content" })).toBeVisible();

  const addButton = page.getByRole("button", { name: "Add Content", exact: true });
  await addButton.click();
  const dialog = page.getByRole("dialog", { name: "Add Content" });
  await expect(dialog.getByLabel("Priority")).toHaveValue("3");
  // Blank content: the analysis asks for it first.
  await dialog.getByRole("button", { name: "Re-analyze" }).click();
  await expect(dialog.getByText("Please paste your content first before analyzing.")).toBeVisible();
  // Leaving the empty Title (focused on open) for the content is not an error yet: analysis may
  // fill it. A submit or an edit shows it (the edit dialog below).
  await expect(dialog.getByText("Title is required")).toHaveCount(0);

  await dialog.getByLabel("Content", { exact: true }).fill(PASTED);
  await expect(dialog.getByText("Auto-analysis enabled")).toBeVisible();
  await expect(dialog.getByText("AI has suggested categories and tags for your content.")).toBeVisible();
  await expect(dialog.getByLabel("Title")).not.toHaveValue("");
  await expect(dialog.getByLabel("Content type")).not.toHaveValue("");
  await expect(dialog.getByLabel("Category")).not.toHaveValue("");

  await dialog.getByLabel("Title").fill("Calm conflict conversations");
  await dialog.getByLabel("Tags").fill("conflict, listening, mediation, follow-up, trust");
  await dialog.getByRole("button", { name: "Add Content" }).click();
  await expect(toastText(page, "Content Added")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Keyboard users land back on the button that opened the dialog.
  await expect(addButton).toBeFocused();

  const card = ownSection(page).getByRole("listitem", { name: "Calm conflict conversations" });
  await expect(card).toBeVisible();
  await expect(card.getByText("+2 more")).toBeVisible();
  await expect(card.getByText(/^Added /)).toBeVisible();
  await expect(page.getByTestId("library-count")).toHaveText(/^1 item in your library · \d+ built-in$/);

  // Edit: the same form, filled with the item.
  await card.getByRole("button", { name: "Edit Calm conflict conversations" }).click();
  const edit = page.getByRole("dialog", { name: "Edit Content" });
  await expect(edit.getByLabel("Tags")).toHaveValue("conflict, listening, mediation, follow-up, trust");
  await edit.getByLabel("Title").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(edit.getByText("Title is required")).toBeVisible();
  await edit.getByLabel("Title").fill("Mediating a conflict");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Content Updated")).toBeVisible();
  const edited = ownSection(page).getByRole("listitem", { name: "Mediating a conflict" });
  await expect(edited).toBeVisible();

  // Delete asks first; Cancel keeps the item.
  await edited.getByRole("button", { name: "Delete Mediating a conflict" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete this content?" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(edited.getByRole("button", { name: "Delete Mediating a conflict" })).toBeFocused();
  await edited.getByRole("button", { name: "Delete Mediating a conflict" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Content Deleted")).toBeVisible();
  await expect(edited).toHaveCount(0);
  await expect(ownSection(page).getByRole("heading", { name: "Your library" })).toBeFocused();
  await expect(ownSection(page).getByRole("heading", { name: "No content yet" })).toBeVisible();
});

test("an admin imports two files and sees the result", async ({ page }) => {
  await openLibrary(page, "libi");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import Content" });
  await dialog.getByLabel("Files (.md, .txt)").setInputFiles([
    {
      name: "delegation.md",
      mimeType: "text/markdown",
      buffer: Buffer.from(
        "# Delegating with clear outcomes\n\nAgree on the outcome, the deadline and the check-ins before you hand a task over.",
      ),
    },
    {
      name: "burnout.txt",
      mimeType: "text/plain",
      buffer: Buffer.from(
        "Spotting burnout early\n\nWatch for longer hours, missed breaks and a flat tone in one-on-ones; ask, then lighten the load.",
      ),
    },
  ]);
  const chosen = dialog.getByRole("list", { name: "Chosen files" });
  await expect(chosen.getByText("delegation.md")).toBeVisible();
  await expect(chosen.getByText("burnout.txt")).toBeVisible();
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByText("2 imported, 0 failed, 2 total")).toBeVisible();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(ownSection(page).getByTestId("content-card")).toHaveCount(2);
  await expect(page.getByTestId("library-count")).toHaveText(/^2 items in your library · \d+ built-in$/);
});

test("an admin hides a built-in item from the coach and shows it again; filters narrow the list", async ({ page }) => {
  await openLibrary(page, "libh");
  await page.getByLabel("Source").selectOption("builtin");
  await expect(ownSection(page)).toHaveCount(0);
  // The list keeps the unfiltered cards on screen while the filtered ones load: act on the loaded
  // list, not on the placeholder.
  await page.waitForLoadState("networkidle");
  const first = builtinSection(page).getByTestId("content-card").first();
  await expect(first.getByText("Built-in")).toBeVisible();
  await expect(first.getByRole("button", { name: /^Edit / })).toHaveCount(0);
  const title = await first.getByRole("heading").innerText();
  const card = builtinSection(page).getByRole("listitem", { name: title });

  await card.getByRole("button", { name: "Hide from coach" }).click();
  await expect(toastText(page, "Hidden from coach")).toBeVisible();
  await expect(card.getByText("Hidden from coach", { exact: true })).toBeVisible();
  await expect(page.getByTestId("library-count")).toContainText("1 hidden from coach");
  await page.reload();
  await page.getByLabel("Source").selectOption("builtin");
  await card.getByRole("button", { name: "Show to coach" }).click();
  await expect(toastText(page, "Shown to coach")).toBeVisible();
  await expect(card.getByRole("button", { name: "Hide from coach" })).toBeVisible();
  await expect(page.getByTestId("library-count")).not.toContainText("hidden");

  // A category filter shows only that category's cards.
  // (Retrying assertions: the list re-renders after the filter changes, so a one-off read of the
  // badges could still see the unfiltered list.)
  await page.getByLabel("Category").selectOption("delegation");
  const badges = builtinSection(page).getByTestId("category-badge");
  await expect(badges.filter({ hasNotText: /^Delegation$/ })).toHaveCount(0);
  await expect(badges.first()).toHaveText("Delegation");
});

test("a manager sees Access Restricted", async ({ page }) => {
  const ws = await createWorkspace("libm");
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/admin/content-library"));
  await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Content" })).toHaveCount(0);
});

test("the library has no accessibility violations, with and without the add dialog", async ({ page }) => {
  await openLibrary(page, "liba");
  await expect(builtinSection(page).getByTestId("content-card").first()).toBeVisible();
  const list = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(list.violations).toEqual([]);
  await page.getByRole("button", { name: "Add Content", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Add Content" })).toBeVisible();
  const dialog = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(dialog.violations).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Add Content", exact: true })).toBeFocused();
});

test("the library works on a phone without sideways scrolling @phone", async ({ page }) => {
  await openLibrary(page, "libp");
  await expect(builtinSection(page).getByTestId("content-card").first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: "Add Content", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add Content" });
  await dialog.getByLabel("Content", { exact: true }).fill(PASTED);
  await expect(dialog.getByLabel("Title")).not.toHaveValue("");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole("button", { name: "Add Content" }).click();
  await expect(toastText(page, "Content Added")).toBeVisible();
  await expect(ownSection(page).getByTestId("content-card")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
});

test("the built-in library shows 12 cards at a time; 'Show more' adds the next ones and the search covers all of them @phone", async ({
  page,
}) => {
  await openLibrary(page, "libpg");
  const cards = builtinSection(page).getByTestId("content-card");
  await expect(cards).toHaveCount(12);
  const total = Number((await page.getByTestId("library-count").innerText()).match(/(\d+) built-in/)![1]);
  expect(total).toBeGreaterThan(24);
  const shown = builtinSection(page).getByTestId("library-shown");
  await expect(shown).toHaveText(`Showing 12 of ${total} items`);
  // A phone's page stays a few screens tall rather than the whole library's length.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(12_000);

  const more = builtinSection(page).getByRole("button", { name: "Show 12 more" });
  await more.click();
  await expect(cards).toHaveCount(24);
  await expect(shown).toHaveText(`Showing 24 of ${total} items`);
  // The keyboard continues at the first card added.
  await expect(cards.nth(12)).toBeFocused();

  // The last built-in item, never shown yet, is found by its title: the search reads the whole
  // library, and starts again at the first page.
  const all = await page.evaluate(async () => {
    const res = await fetch("/api/leadership-content?source=builtin");
    return (await res.json()) as { title: string }[];
  });
  expect(all).toHaveLength(total);
  const last = all[all.length - 1]!.title;
  await expect(builtinSection(page).getByRole("listitem", { name: last })).toHaveCount(0);
  await page.getByLabel("Search").fill(last);
  await expect(builtinSection(page).getByRole("listitem", { name: last })).toBeVisible();
  await page.getByLabel("Search").fill("");
  await expect(cards).toHaveCount(12);
});
