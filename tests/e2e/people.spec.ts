import { test, expect } from "./support/test";
import { createWorkspace, PASSWORD } from "./support/workspace";
import { linkFromMail } from "./support/mail";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

test("an admin adds a team and a person, who accepts the invitation and signs in", async ({ page, browser }) => {
  const ws = await createWorkspace("ppl");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users"));
  const section = page.locator("#user-management");
  await expect(section.getByText("Users: 3 / 10")).toBeVisible();
  await expect(section.getByRole("tab", { name: "Users (3)" })).toBeVisible();

  // A new team, led by the workspace's manager.
  await section.getByRole("button", { name: "Add Team" }).click();
  const teamDialog = page.getByRole("dialog", { name: "Create New Team" });
  await teamDialog.getByRole("button", { name: "Create Team" }).click();
  await expect(teamDialog.getByText("Please enter a team name")).toBeVisible();
  await teamDialog.getByLabel("Team name").fill("Platform");
  await teamDialog.getByLabel("Manager (optional)").selectOption({ label: "Max Tester" });
  await teamDialog.getByRole("button", { name: "Create Team" }).click();
  await expect(toastText(page, 'Team "Platform" created successfully!')).toBeVisible();
  await expect(section.getByRole("tab", { name: "Teams (2)" })).toBeVisible();

  // A new person in that team; they get an invitation and show as pending.
  const email = `nia.${ws.subdomain}@example.com`;
  await section.getByRole("button", { name: "Add User" }).click();
  const userDialog = page.getByRole("dialog", { name: "Add New User" });
  await userDialog.getByLabel("First name").fill("Nia");
  await userDialog.getByLabel("Last name").fill("Okafor");
  await userDialog.getByLabel("Email").fill("not-an-email");
  await userDialog.getByRole("button", { name: "Add User" }).click();
  await expect(userDialog.getByText("Please enter a valid email")).toBeVisible();
  await userDialog.getByLabel("Email").fill(email);
  await userDialog.getByLabel("Team").selectOption({ label: "Platform" });
  await expect(userDialog.getByText("Team needs 2 more members for anonymous surveys (currently 1)")).toBeVisible();
  await userDialog.getByLabel("Reports To").selectOption({ label: "Max Tester (Manager)" });
  await userDialog.getByRole("button", { name: "Add User" }).click();
  await expect(toastText(page, "User added successfully")).toBeVisible();
  await expect(section.getByText("Users: 4 / 10")).toBeVisible();
  const row = section.getByRole("listitem").filter({ hasText: email });
  await expect(row.getByText("Invitation pending")).toBeVisible();
  // Admins cannot be removed from the list.
  await expect(section.getByRole("button", { name: `Remove ${ws.admin.email}` })).toHaveCount(0);

  // The invitation from the outbox: setting a password signs the new person in.
  const link = await linkFromMail(email, /http:\/\/\S+\/accept-invite\?token=\S+/);
  const guest = await browser.newContext();
  const p = await guest.newPage();
  await p.goto(link);
  await expect(p.getByRole("heading", { name: `Join Company ${ws.subdomain}` })).toBeVisible();
  await p.getByLabel("New password", { exact: true }).fill("Welcome-aboard-9");
  await p.getByLabel("Confirm password", { exact: true }).fill("Welcome-aboard-9");
  await p.getByRole("button", { name: "Set password" }).click();
  await expect(p.getByRole("heading", { name: "Welcome, Nia" })).toBeVisible();
  // The link was single-use.
  await p.goto(link);
  await expect(p.getByText("This invitation cannot be used")).toBeVisible();
  await guest.close();

  await page.reload();
  await expect(section.getByRole("listitem").filter({ hasText: email }).getByText("Active")).toBeVisible();

  // The org chart: the admin on top, the manager below with both teams.
  await section.getByRole("tab", { name: "Org Chart" }).click();
  await section.getByRole("button", { name: "Expand All" }).click();
  await expect(section.getByRole("button", { name: /View Team.*Platform/ })).toBeVisible();
  await expect(section.getByRole("button", { name: new RegExp(`View Team.*Team ${ws.subdomain}`) })).toBeVisible();
  await section.getByRole("button", { name: /View Team.*Platform/ }).click();
  await expect(section.getByText("Nia Okafor")).toBeVisible();
});

test("an admin edits and removes a person; managers only view; employees see no user management", async ({
  page,
  browser,
}) => {
  const ws = await createWorkspace("ppe");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users"));
  const section = page.locator("#user-management");
  await section.getByRole("button", { name: `Edit ${ws.employee.email}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit User" });
  await dialog.getByLabel("First name").fill("Evelyn");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "User updated successfully")).toBeVisible();
  await expect(section.getByText("Evelyn Tester")).toBeVisible();

  // Signed in as the employee elsewhere; removal ends that session.
  const empCtx = await browser.newContext();
  const emp = await empCtx.newPage();
  await signInAs(emp, ws.subdomain, ws.employee.email, PASSWORD);
  await emp.goto(url(ws.subdomain, "/settings"));
  await expect(emp.getByRole("heading", { name: "Settings" })).toBeVisible();
  // Employees get only their account: no User Management entry, and its address says so.
  await expect(emp.getByRole("navigation", { name: "Settings" }).getByRole("link")).toHaveText(["Your account"]);
  await emp.goto(url(ws.subdomain, "/settings/users"));
  await expect(emp.locator("#user-management")).toHaveCount(0);

  await section.getByRole("button", { name: `Remove ${ws.employee.email}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove User" }).click();
  await expect(toastText(page, "User removed successfully")).toBeVisible();
  await expect(section.getByText("Users: 2 / 10")).toBeVisible();
  await emp.goto(url(ws.subdomain, "/settings"));
  await expect(emp).toHaveURL(url(ws.subdomain, "/login?callbackUrl=%2Fsettings"));
  await empCtx.close();

  const mgrCtx = await browser.newContext();
  const mgr = await mgrCtx.newPage();
  await signInAs(mgr, ws.subdomain, ws.manager.email, PASSWORD);
  await mgr.goto(url(ws.subdomain, "/settings/users"));
  const mSection = mgr.locator("#user-management");
  await expect(mSection.getByRole("tab", { name: "Users (2)" })).toBeVisible();
  await expect(mSection.getByRole("button", { name: "Add User" })).toHaveCount(0);
  await mSection.getByRole("tab", { name: "Permissions" }).click();
  await expect(mSection.getByRole("table")).toBeVisible();
  await mgrCtx.close();
});

test("a manager cannot join a team that has one, and a taken e-mail is refused with the server's message", async ({
  page,
}) => {
  const ws = await createWorkspace("pplm");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/settings/users"));
  const section = page.locator("#user-management");
  await section.getByRole("button", { name: "Add User" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New User" });
  // An employee may join the manager's team; choosing Manager afterwards drops it again.
  await dialog.getByLabel("Team").selectOption({ label: ws.team.name });
  await dialog.getByLabel("Role").selectOption({ label: "Manager" });
  await expect(dialog.getByLabel("Team")).toHaveValue("");
  const taken = dialog.getByRole("option", { name: `${ws.team.name} (Has Manager)` });
  await expect(taken).toBeDisabled();
  await expect(
    dialog.getByText("Teams marked 'Has Manager' cannot be chosen: This team already has a manager assigned"),
  ).toBeVisible();

  await dialog.getByLabel("Role").selectOption({ label: "Employee" });
  await dialog.getByLabel("First name").fill("Dup");
  await dialog.getByLabel("Last name").fill("Licate");
  await dialog.getByLabel("Email").fill(ws.employee.email);
  await dialog.getByRole("button", { name: "Add User" }).click();
  // Inside the dialog (the toast region is hidden from assistive technology while it is open).
  await expect(dialog.getByRole("alert")).toHaveText("A user with this email already exists");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(toastText(page, "Failed to add user")).toBeVisible();
  await expect(section.getByText("Users: 3 / 10")).toBeVisible();
});
