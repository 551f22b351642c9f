import { test, expect } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl } from "./support/pages";

// A list field of useFormFields (components/forms) as a person meets it: the 1:1 template's
// questions, checked with the server's schema as they are typed, each question's message staying
// with that question when it moves, focus following the buttons, nothing typed lost.

test("a template's questions: each one's message moves with it, focus follows, the submit lands on the one to fix", async ({
  page,
}) => {
  const ws = await createWorkspace("flst");
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await page.goto(workspaceUrl(ws.subdomain, "/one-on-one"));
  await expect(page.getByTestId("meetings-skeleton")).toHaveCount(0);
  await page.getByRole("tab", { name: "Templates" }).click();
  await page.getByRole("button", { name: "Create Template" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Create Template" });
  const question = (n: number) => dialog.getByLabel(`Question ${n}`, { exact: true });

  await dialog.getByLabel("Name").fill("Team sync");
  // Question 1 left empty on the way to 'Add question': its message shows, and only there.
  await question(1).focus();
  await dialog.getByRole("button", { name: "Add question" }).click();
  await expect(question(2)).toBeFocused();
  await expect(dialog.getByText("Questions cannot be empty")).toHaveCount(1);
  await expect(question(1)).toHaveAttribute("aria-invalid", "true");
  await question(2).fill("What blocks you?");

  // The typed question moves to the top; the empty one, and its message, go with their item.
  await dialog.getByRole("button", { name: "Move question 2 up" }).click();
  await expect(question(1)).toHaveValue("What blocks you?");
  await expect(question(2)).toHaveValue("");
  await expect(question(2)).toHaveAttribute("aria-invalid", "true");
  await expect(question(1)).not.toHaveAttribute("aria-invalid", "true");
  // At the top the 'up' button is disabled: its twin keeps the focus.
  await expect(dialog.getByRole("button", { name: "Move question 1 down" })).toBeFocused();

  // A submit lands on the question to fix; a duplicate is refused as it is typed.
  await dialog.getByRole("button", { name: "Create Template" }).click();
  await expect(question(2)).toBeFocused();
  await question(2).fill("what blocks you?");
  await expect(dialog.getByText("This question is already on the agenda")).toBeVisible();
  await question(2).fill("What went well?");
  await expect(dialog.getByText("This question is already on the agenda")).toHaveCount(0);
  await expect(dialog.getByText("Questions cannot be empty")).toHaveCount(0);

  // Removing a question moves focus to its neighbour.
  await dialog.getByRole("button", { name: "Add question" }).click();
  await expect(question(3)).toBeFocused();
  await dialog.getByRole("button", { name: "Remove question 3" }).click();
  await expect(question(2)).toBeFocused();

  await dialog.getByRole("button", { name: "Create Template" }).click();
  await expect(toastText(page, "Template Created")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Team sync" })).toBeVisible();
});
