import { test, expect } from "./support/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInOrg } from "@/lib/db/org-transaction";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { hostOf, json, request, signIn } from "./support/http";
import { linkFromMail } from "./support/mail";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

const TEMPLATE_EMAILS = ["jane.doe@example.com", "john.smith@example.com", "maria.garcia@example.com"];

const userCount = (ws: Workspace) =>
  runInOrg(e2eDb(), ws.orgId, (tx) => tx.user.count({ where: { organizationId: ws.orgId } }));

test("an admin downloads the template, imports it and the new people get invitations", async ({ page }, testInfo) => {
  const ws = await createWorkspace("bulk");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  await expect(page.getByRole("heading", { name: "Bulk Import", level: 1 })).toBeVisible();
  await expect(page.getByText("Seats: 3 of 10 used")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing to preview yet" })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Template" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("users-template.csv");
  const file = path.join(testInfo.outputDir, download.suggestedFilename());
  await download.saveAs(file);
  expect(readFileSync(file, "utf8").split(/\r?\n/)[0]).toBe("First Name,Last Name,Email,Role,Department,Manager Email");

  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await expect(page.getByText("users-template.csv")).toBeVisible();
  await expect(page.getByText("3 people ready to import")).toBeVisible();
  const table = page.getByRole("region", { name: "People to import" });
  for (const email of TEMPLATE_EMAILS) await expect(table.getByText(email, { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: "/tmp/bulk-import-desktop-preview.png", fullPage: true });

  // The template unchanged: its three example people are named, and the admin is asked first.
  await expect(page.getByTestId("import-samples")).toContainText("3 people are examples from the template");
  await expect(page.getByTestId("import-samples")).toContainText("Jane Doe (jane.doe@example.com)");
  await page.getByRole("button", { name: "Import 3 Users" }).click();
  const ask = page.getByRole("dialog", { name: "Import the template's example people?" });
  await expect(ask).toContainText("They will take 3 seats and be sent invitations at example.com.");
  await ask.getByRole("button", { name: "Go back" }).click();
  await expect(ask).toHaveCount(0);
  expect(await userCount(ws)).toBe(3);
  await page.getByRole("button", { name: "Import 3 Users" }).click();
  await ask.getByRole("button", { name: "Import them too" }).click();
  await expect(toastText(page, "Import completed!")).toBeVisible();
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByText("Successful", { exact: true }).locator("..")).toContainText("3");
  await expect(results.getByText("Failed", { exact: true }).locator("..")).toContainText("0");
  await expect(results.getByText("Total", { exact: true }).locator("..")).toContainText("3");
  await expect(results).toContainText("3 invitation e-mails are queued for the 3 new people.");
  const imported = results.getByRole("list", { name: "People imported" });
  for (const email of TEMPLATE_EMAILS) await expect(imported).toContainText(email);
  await expect(page.getByText("Seats: 6 of 10 used")).toBeVisible();
  // What was imported is not offered again, nor said to be refused.
  await expect(page.getByRole("button", { name: /^Import \d+ Users?/ })).toHaveCount(0);
  await expect(page.getByText(/the whole import is refused/)).toHaveCount(0);
  await page.screenshot({ path: "/tmp/bulk-import-desktop-results.png", fullPage: true });
  expect(await userCount(ws)).toBe(6);

  // Each new person has an invitation .eml in the e2e data folder's mail/ with a link to this workspace.
  for (const email of TEMPLATE_EMAILS) {
    await linkFromMail(email, new RegExp(`http://${ws.subdomain}\\.\\S+/accept-invite\\?token=\\S+`));
  }

  // Import another file: the page starts over. The same file again: everyone exists already;
  // reported, not duplicated.
  await results.getByRole("button", { name: "Import another file" }).click();
  await expect(page.getByRole("heading", { name: "Nothing to preview yet" })).toBeVisible();
  await page.getByLabel("CSV file", { exact: true }).setInputFiles(file);
  await page.getByRole("button", { name: "Import 3 Users" }).click();
  await ask.getByRole("button", { name: "Import them too" }).click();
  await expect(results.getByText("Failed", { exact: true }).locator("..")).toContainText("3");
  await expect(results.getByRole("list", { name: "Import errors" })).toContainText(
    "Line 2 (jane.doe@example.com): a user with this email already exists in your organisation",
  );
  expect(await userCount(ws)).toBe(6);
});

test("the template's examples can be left out, and the server refuses them unconfirmed", async ({ page }) => {
  const ws = await createWorkspace("bulke");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  const real = `ann.${ws.subdomain}@acme.test`;
  await page
    .getByLabel("Or paste CSV text", { exact: true })
    .fill(`${readFileSync("public/templates/users-template.csv", "utf8").trimEnd()}\nAnn,Real,${real},employee,,`);
  await expect(page.getByText("4 people ready to import")).toBeVisible();
  await page.getByRole("button", { name: "Import 1 User without the examples" }).click();
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByText("Successful", { exact: true }).locator("..")).toContainText("1");
  await expect(results.getByRole("list", { name: "People imported" })).toHaveText(/Ann Real/);
  await expect(results.getByRole("list", { name: "People imported" })).not.toContainText("example.com");
  expect(await userCount(ws)).toBe(4);

  // Over HTTP, without the confirmation: 409 with the reason, nobody added.
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  const res = await json({
    host: hostOf(ws.subdomain),
    path: "/api/users/bulk-import",
    method: "POST",
    cookie,
    body: { users: [{ firstName: "John", lastName: "Smith", email: "john.smith@example.com" }] },
  });
  expect(res.status, res.body).toBe(409);
  expect(res.body).toContain("import_sample_rows");
  expect(res.body).toContain("example person from the import template");
  expect(await userCount(ws)).toBe(4);
});

test("pasted text is previewed on every change, with file errors and per-line problems", async ({ page }) => {
  const ws = await createWorkspace("bulkp");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  const paste = page.getByLabel("Or paste CSV text", { exact: true });

  await paste.fill("Name,Email\nJane,jane@example.com");
  await expect(page.getByRole("alert").filter({ hasText: "This file cannot be imported" })).toContainText(
    "Unknown column: Name.",
  );
  await expect(page.getByRole("alert").filter({ hasText: "This file cannot be imported" })).toContainText(
    "Missing required columns: First Name, Last Name.",
  );

  await paste.fill(
    [
      "first name,last name,email,team,manager",
      "Ann,Lee,ann@example.com,Ops,",
      "Bob,,bob@example.com,Ops,",
      "Cy,Po,not-an-email,,",
      `Di,Ra,di@example.com,Ops,${ws.manager.email}`,
    ].join("\n"),
  );
  await expect(page.getByText("2 people ready to import")).toBeVisible();
  await expect(page.getByText("2 lines will be skipped")).toBeVisible();
  const skipped = page.getByRole("list", { name: "Lines that will be skipped" });
  await expect(skipped).toContainText("Line 3 (bob@example.com): Last name is required");
  await expect(skipped).toContainText("Line 4 (not-an-email): Invalid email address");
  await page.getByRole("button", { name: "Import 2 Users" }).click();
  await expect(toastText(page, "Import completed!")).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Import results" }).getByText("Successful", { exact: true }).locator(".."),
  ).toContainText("2");
});

test("a file needing more seats than are free is refused whole", async ({ page }) => {
  const ws = await createWorkspace("bulks");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  const lines = Array.from({ length: 8 }, (_, i) => `P${i},Seat,p${i}.${ws.subdomain}@example.com`);
  await page.getByLabel("Or paste CSV text", { exact: true }).fill(["First Name,Last Name,Email", ...lines].join("\n"));
  await expect(page.getByText("Only 7 seats are free.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Import 8 Users" }).click();
  await expect(toastText(page, "Failed to import users. Please check your data and try again.")).toBeVisible();
  const failed = page.getByRole("region", { name: "Import failed" });
  await expect(failed).toContainText("Not enough seats: 8 people need 8 seats, but only 7 of 10 are free.");
  expect(await userCount(ws)).toBe(3);
});

test("managers and employees see 'Access Restricted' and the API refuses them", async ({ browser }) => {
  const ws = await createWorkspace("bulkr");
  for (const who of [ws.employee, ws.manager]) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, ws.subdomain, who.email, PASSWORD);
    await page.goto(url(ws.subdomain, "/bulk-import"));
    await expect(page.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Import/ })).toHaveCount(0);
    await context.close();

    const cookie = (await signIn(ws.subdomain, who.email, PASSWORD))!;
    const res = await json({
      host: hostOf(ws.subdomain),
      path: "/api/users/bulk-import",
      method: "POST",
      cookie,
      body: { users: [{ firstName: "A", lastName: "B", email: `a.${ws.subdomain}@example.com` }] },
    });
    expect(res.status, res.body).toBe(403);
  }
  expect(await userCount(ws)).toBe(3);
});

test("the import page works on a phone @phone", async ({ page }) => {
  const ws = await createWorkspace("bulkm");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  await page
    .getByLabel("Or paste CSV text", { exact: true })
    .fill(readFileSync("public/templates/users-template.csv", "utf8"));
  await expect(page.getByRole("button", { name: "Import 3 Users" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(page.getByTestId("import-samples")).toContainText("3 people are examples from the template");
  await page.screenshot({ path: "/tmp/bulk-import-phone-preview.png", fullPage: true });
  await page.getByRole("button", { name: "Import 3 Users" }).click();
  const ask = page.getByRole("dialog", { name: "Import the template's example people?" });
  await ask.getByRole("button", { name: "Import them too" }).click();
  const results = page.getByRole("region", { name: "Import results" });
  await expect(results.getByRole("list", { name: "People imported" })).toContainText("maria.garcia@example.com");
  await expect(page.getByRole("button", { name: "Import 3 Users" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/bulk-import-phone-results.png", fullPage: true });
  await results.getByRole("button", { name: "Import another file" }).click();
  await expect(page.getByRole("heading", { name: "Nothing to preview yet" })).toBeVisible();
  expect(await userCount(ws)).toBe(6);
});

test("a 10,000-line file previews without freezing: the first 100 rows and a count", async ({ page }) => {
  const ws = await createWorkspace("bulkv");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/bulk-import"));
  const lines = Array.from(
    { length: 10_000 },
    (_, i) => `First${i},"Last, ${i}",p${i}@example.com,,Department ${i % 200},`,
  );
  const buffer = Buffer.from(["First Name,Last Name,Email,Role,Department,Manager Email", ...lines].join("\r\n"));
  // Chosen again if the first choice landed before the page was interactive (a loaded machine).
  let t0 = 0;
  await expect(async () => {
    t0 = Date.now();
    await page.getByLabel("CSV file", { exact: true }).setInputFiles({ name: "big.csv", mimeType: "text/csv", buffer });
    await expect(page.getByText("10,000 people ready to import")).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 45_000 });
  console.log(`preview of 10,000 lines shown after ${Date.now() - t0} ms`);
  await expect(page.getByText("Showing the first 100 of 10,000 people.")).toBeVisible();
  await expect(page.getByRole("region", { name: "People to import" }).getByRole("row")).toHaveCount(101);
  await expect(page.getByText("Only 7 seats are free.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Import 10,000 Users" })).toBeEnabled();
});

// The full HTTP path with 10,000 people (opt in: it leaves 10,000 .eml files in the mail folder,
// which the other specs then read through). Prints the time; the target is under 15 s.
test("10,000 people over HTTP with ndjson progress", async () => {
  test.skip(!process.env.E2E_BULK_10K, "set E2E_BULK_10K=1 to run");
  test.setTimeout(180_000);
  const ws = await createWorkspace("bulkx");
  await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.organization.update({ where: { id: ws.orgId }, data: { maxUsers: 20_000 } }),
  );
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  const users = Array.from({ length: 10_000 }, (_, i) => {
    const dept = Math.floor(i / 50);
    const manager = i % 50 === 0;
    return {
      firstName: `F${i}`,
      lastName: "Load",
      email: manager ? `m${dept}@${ws.subdomain}.example` : `p${i}@${ws.subdomain}.example`,
      role: manager ? "manager" : "employee",
      department: `Department ${dept}`,
      managerEmail: manager ? ws.admin.email : `m${dept}@${ws.subdomain}.example`,
      line: i + 2,
    };
  });
  const t0 = Date.now();
  const res = await request({
    host: hostOf(ws.subdomain),
    path: "/api/users/bulk-import",
    method: "POST",
    cookie,
    headers: { "content-type": "application/json", accept: "application/x-ndjson" },
    body: JSON.stringify({ users, organizationId: ws.orgId }),
  });
  const seconds = (Date.now() - t0) / 1000;
  const lines = res.body
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; successful?: number; warnings?: string[] });
  console.log(
    `bulk import over HTTP: 10,000 people in ${seconds.toFixed(2)} s (${Math.round(10_000 / seconds)} rows/s), ${lines.length - 1} progress lines`,
  );
  expect(res.status).toBe(200);
  expect(lines.at(-1)).toMatchObject({
    type: "result",
    successful: 10_000,
    failed: 0,
    total: 10_000,
    errors: [],
    warnings: [],
  });
  expect(await userCount(ws)).toBe(10_003);
});
