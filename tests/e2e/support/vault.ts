// The personal vault in browser tests: a person's first private write (a Boss Bot message, a private
// 1:1 note) waits for their recovery key to be saved. Specs about something else set the vault up
// through the API before opening the page; vault.spec.ts goes through the dialog itself.
import { expect, type Locator, type Page } from "./test";

/** 8 groups of 4 characters (Crockford base32), dash-separated. */
const RECOVERY_KEY = /^[0-9A-Z]{4}(?:-[0-9A-Z]{4}){7}$/;

/** Group `n` (1-based) of a recovery key. */
export function groupOf(key: string, n: number): string {
  const group = key.split("-")[n - 1];
  if (!group) throw new Error(`no group ${n} in ${key}`);
  return group;
}

/**
 * Creates and confirms the signed-in person's recovery key through the API (as the dialog does),
 * so that their private writes go through. Call it on any page of the workspace before opening
 * the page that writes: that page reads the vault's status when it loads. Returns the key.
 */
export async function setUpVault(page: Page): Promise<string> {
  const key = await page.evaluate(async () => {
    const made = await fetch("/api/vault/recovery-key", { method: "POST" });
    if (!made.ok) throw new Error(`POST /api/vault/recovery-key: ${made.status} ${await made.text()}`);
    const { recoveryKey, confirmGroup } = (await made.json()) as { recoveryKey: string; confirmGroup: number };
    const confirmed = await fetch("/api/vault/recovery-key/confirm", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ group: confirmGroup, value: recoveryKey.split("-")[confirmGroup - 1] }),
    });
    if (confirmed.status !== 204)
      throw new Error(`POST /api/vault/recovery-key/confirm: ${confirmed.status} ${await confirmed.text()}`);
    return recoveryKey;
  });
  expect(key).toMatch(RECOVERY_KEY);
  const status = await page.evaluate(async () => (await fetch("/api/vault")).json());
  expect(status).toMatchObject({ status: "ready" });
  return key;
}

/** The open "Create your private vault" dialog. */
export const setupDialog = (page: Page): Locator => page.getByRole("dialog", { name: "Create your private vault" });

/** The key the open setup dialog shows (waits for it). */
export async function shownRecoveryKey(page: Page): Promise<string> {
  const shown = setupDialog(page).getByTestId("recovery-key");
  await expect(shown).toHaveText(RECOVERY_KEY);
  return (await shown.textContent())!.trim();
}

/** The group the dialog's confirmation step asks for. */
export async function askedGroup(page: Page): Promise<number> {
  const label = setupDialog(page).getByText(/^Type group \d of your recovery key$/);
  await expect(label).toBeVisible();
  return Number(/group (\d)/.exec((await label.textContent()) ?? "")![1]);
}

/** Goes through the open setup dialog by pointer: reads the key, confirms the group asked for,
 * and waits for the dialog to close (the held write then goes out). Returns the key. */
export async function completeVaultSetup(page: Page): Promise<string> {
  const dialog = setupDialog(page);
  await expect(dialog).toBeVisible();
  const key = await shownRecoveryKey(page);
  await dialog.getByRole("button", { name: "I have saved it" }).click();
  const n = await askedGroup(page);
  await dialog.getByLabel(`Type group ${n} of your recovery key`).fill(groupOf(key, n));
  await dialog.getByRole("button", { name: "Confirm and continue" }).click();
  await expect(dialog).toHaveCount(0);
  return key;
}
