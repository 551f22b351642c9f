import { test, expect, type Page } from "./support/test";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, workspaceUrl as url } from "./support/pages";
import { setUpVault } from "./support/vault";

// Boss Bot understands managers as they write, in the built app: the questions below share almost
// no word with the library item that answers them, so only the sentence encoder (its worker thread
// and the model's WebAssembly, loaded by the production server) finds it. A bundling mistake that
// left the server on words alone answered "The library holds nothing on this question yet".

async function openCoach(page: Page, ws: Workspace): Promise<void> {
  await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
  await setUpVault(page);
  await page.goto(url(ws.subdomain, "/ai-coach"));
  await expect(page.getByRole("heading", { name: "Boss Bot", level: 1 })).toBeVisible();
}

async function ask(page: Page, question: string) {
  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill(question);
  await box.press("Enter");
  const reply = page.getByTestId("ai-message").last();
  await expect(reply.getByText("Next steps", { exact: true })).toBeVisible({ timeout: 30_000 });
  return reply;
}

test("a question in a manager's own words gets a grounded answer that restates it, and an off-topic one is declined", async ({
  page,
}) => {
  const ws = await createWorkspace("semantic");
  await openCoach(page, ws);
  const reply = await ask(page, "my report Dana has been missing deadlines and seems withdrawn in meetings");
  await expect(reply).not.toContainText("The library holds nothing on this question yet");
  // The situation is the manager's, in their words, with the name.
  await expect(reply).toContainText("Dana has been missing deadlines");
  await expect(reply.getByText("Sources")).toBeVisible();

  const box = page.getByPlaceholder("Ask for leadership guidance...");
  await box.fill("what's the vat rate on software invoices in germany");
  await box.press("Enter");
  await expect(page.getByTestId("ai-message").last()).toContainText("The library holds nothing on this question yet", {
    timeout: 30_000,
  });
});
