import { test, expect } from "./support/test";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { linkFromMail } from "./support/mail";
import { MAIN, toastText, workspaceUrl } from "./support/pages";

// A company's first hour, as a new customer lives it: sign up on the main site, arrive signed in on
// the new workspace, add a team and a person who accepts the invitation, import the template
// file, and see everyone in the org chart.
test("sign up, add a team and a person, import the template and see the org chart", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const id = randomBytes(3).toString("hex");
  const subdomain = `journey-${id}`;
  const password = "Journey-pass-2026";

  await page.goto(`${MAIN}/trial`);
  await page.getByRole("link", { name: "Sign Up" }).first().click();
  await expect(page).toHaveURL(`${MAIN}/signup`);
  await page.getByLabel("First name").fill("Lena");
  await page.getByLabel("Last name").fill("Brandt");
  await page.getByLabel("Work email").fill(`lena@${subdomain}.example`);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password", { exact: true }).fill(password);
  await page.getByLabel("Company name").fill(`Journey ${id}`);
  await page.getByLabel("Company size").selectOption("1-10");
  await expect(page.getByLabel("Workspace address")).toHaveValue(subdomain);
  await expect(page.getByText("Great! This subdomain is available")).toBeVisible();
  await page.getByRole("button", { name: "Get Instant Access" }).click();
  await page.getByRole("button", { name: "Start Free Trial" }).click();
  await expect(page.getByRole("heading", { name: "Welcome", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Go to Dashboard Now" }).click();
  await page.waitForURL(workspaceUrl(subdomain, "/"));
  await expect(page.getByRole("heading", { name: "Welcome, Lena" })).toBeVisible();

  // Lena confirms her address from the mail folder: until then mail to others waits.
  await page.goto(await linkFromMail(`lena@${subdomain}.example`, /http:\/\/\S+\/verify-email\?token=\S+/));
  await expect(page.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();

  // A team and a person; the trial has the seats of the size chosen (1-10: 10).
  await page.goto(workspaceUrl(subdomain, "/settings/users"));
  const people = page.locator("#user-management");
  await expect(people.getByText("Users: 1 / 10")).toBeVisible();
  await people.getByRole("button", { name: "Add Team" }).click();
  const teamDialog = page.getByRole("dialog", { name: "Create New Team" });
  await teamDialog.getByLabel("Team name").fill("Support");
  await teamDialog.getByRole("button", { name: "Create Team" }).click();
  await expect(toastText(page, 'Team "Support" created successfully!')).toBeVisible();

  const omar = `omar@${subdomain}.example`;
  await people.getByRole("button", { name: "Add User" }).click();
  const userDialog = page.getByRole("dialog", { name: "Add New User" });
  await userDialog.getByLabel("First name").fill("Omar");
  await userDialog.getByLabel("Last name").fill("Haddad");
  await userDialog.getByLabel("Email").fill(omar);
  await userDialog.getByLabel("Team").selectOption({ label: "Support" });
  await userDialog.getByRole("button", { name: "Add User" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();

  // Omar opens the invitation from the mail folder and sets a password, which signs him in.
  const link = await linkFromMail(omar, /http:\/\/\S+\/accept-invite\?token=\S+/);
  const omarContext = await browser.newContext();
  const omarPage = await omarContext.newPage();
  await omarPage.goto(link);
  await omarPage.getByLabel("New password", { exact: true }).fill("Omar-pass-2026");
  await omarPage.getByLabel("Confirm password", { exact: true }).fill("Omar-pass-2026");
  await omarPage.getByRole("button", { name: "Set password" }).click();
  await expect(omarPage.getByRole("heading", { name: "Welcome, Omar" })).toBeVisible();
  await omarContext.close();

  // The template file, downloaded and uploaded again: 3 more people, the last free seats.
  await page.goto(workspaceUrl(subdomain, "/bulk-import"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Template" }).click(),
  ]);
  const file = path.join(testInfo.outputDir, download.suggestedFilename());
  await download.saveAs(file);
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await expect(page.getByText("3 people ready to import")).toBeVisible();
  await page.getByRole("button", { name: "Import 3 Users" }).click();
  // The template's own example people: imported only once the admin confirms them.
  await page
    .getByRole("dialog", { name: "Import the template's example people?" })
    .getByRole("button", { name: "Import them too" })
    .click();
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByText("Successful", { exact: true }).locator("..")).toContainText("3");

  // Lena lowers the trial's seats to the five in use.
  await page.goto(workspaceUrl(subdomain, "/settings/users"));
  await expect(people.getByText("Users: 5 / 10")).toBeVisible();
  await page.goto(workspaceUrl(subdomain, "/settings/billing"));
  await page.getByLabel("Seats", { exact: true }).fill("5");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toastText(page, "Seats updated")).toBeVisible();

  // Everyone in the org chart: Lena on top, the imported manager leading Sales.
  await page.goto(workspaceUrl(subdomain, "/settings/users"));
  await expect(people.getByText("Users: 5 / 5")).toBeVisible();
  await expect(people.getByText("User limit reached")).toBeVisible();
  // Every seat taken: the admin (who may buy seats) is offered one more, and the person is added.
  await people.getByRole("button", { name: "Add User" }).click();
  const extraDialog = page.getByRole("dialog", { name: "Add New User" });
  await extraDialog.getByLabel("First name").fill("Ines");
  await extraDialog.getByLabel("Last name").fill("Moreau");
  await extraDialog.getByLabel("Email").fill(`ines@${subdomain}.example`);
  await extraDialog.getByRole("button", { name: "Add User" }).click();
  await expect(extraDialog.getByText(/User limit reached/)).toBeVisible();
  await extraDialog.getByRole("button", { name: "Add a seat ($6 / month)" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();
  await expect(people.getByText("Users: 6 / 6")).toBeVisible();
  await people.getByRole("tab", { name: "Org Chart" }).click();
  await people.getByRole("button", { name: "Expand All" }).click();
  await expect(people.getByText("Lena Brandt")).toBeVisible();
  await expect(people.getByText("Jane Doe")).toBeVisible();
  for (const team of ["Support", "Sales", "Engineering"])
    await expect(people.getByRole("button", { name: new RegExp(`View Team.*${team}`) })).toBeVisible();
});
