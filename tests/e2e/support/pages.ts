// Browser helpers shared by the specs: workspace addresses, signing in through the form, toasts.
import { expect, type Page } from "@playwright/test";
import { ROOT } from "../../../playwright.config";

export const MAIN = `http://${ROOT}`;
export const workspaceUrl = (sub: string, p = "/") => `http://${sub}.${ROOT}${p}`;

/** Signs in through the workspace's sign-in form and waits for the dashboard. */
export async function signInAs(page: Page, sub: string, email: string, password: string): Promise<void> {
  await page.goto(workspaceUrl(sub, "/login"));
  await page.getByLabel("Work email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /^Welcome, / })).toBeVisible();
}

/** The visible toast (its text is also repeated in a screen-reader live region). */
export const toastText = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text);
