import { test, expect, type Page } from "./support/test";
import { runInOrg } from "@/lib/db/org-transaction";
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT, TEMPLATE_MESSAGES } from "@/lib/surveys/email-template";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";
import { mailsTo } from "./support/mail";

async function openEmailSettings(page: Page, sub: string) {
  await page.goto(url(sub, "/settings/email"));
  const section = page.locator("#email-settings");
  await expect(section.getByText("Email Settings")).toBeVisible();
  return section;
}

test("an admin edits the invitation template with a live preview, saves it and resets it to the default", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("eml");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  let section = await openEmailSettings(page, ws.subdomain);
  // Its own page, marked as the current entry of the settings navigation.
  await expect(page).toHaveTitle(/^Email Settings · Settings/);
  await expect(
    page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Email Settings" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(section.getByTestId("email-subject")).toHaveText(DEFAULT_EMAIL_SUBJECT);
  await expect(section.getByText("Default template")).toBeVisible();

  await section.getByRole("button", { name: "Edit Template" }).click();
  const subject = section.getByLabel("Subject");
  const body = section.getByLabel("Message");
  const preview = section.getByRole("region", { name: /Preview/ });
  await expect(preview.getByTestId("email-preview-body")).toContainText("Hi Alex,");

  // Click-to-insert puts the variable where the cursor was.
  await subject.fill("Pulse check for ");
  await subject.press("End");
  await section.getByRole("button", { name: "Insert {{firstName}}" }).click();
  await expect(subject).toHaveValue("Pulse check for {{firstName}}");
  await expect(preview.getByText("Pulse check for Alex")).toBeVisible();

  // An unknown variable is refused with the schema's message, on its field.
  await body.fill("Dear {{lastName}},\n\nTwo minutes, anonymous: {{surveyLink}}");
  await section.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    section.getByText("Unknown variable in the message: {{lastName}}. Use {{firstName}} or {{surveyLink}}."),
  ).toBeVisible();
  await expect(body).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: testInfo.outputPath("email-settings-edit-desktop.png"), fullPage: true });

  await body.fill("Dear {{firstName}},\n\nTwo minutes, anonymous: {{surveyLink}}");
  await expect(preview.getByTestId("email-preview-body")).toContainText("Dear Alex,");
  await section.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Settings saved")).toBeVisible();
  await expect(toastText(page, "Email template updated successfully")).toBeVisible();
  await expect(section.getByTestId("email-subject")).toHaveText("Pulse check for {{firstName}}");

  // It is stored: a reload shows it.
  await page.reload();
  section = page.locator("#email-settings");
  await expect(section.getByTestId("email-subject")).toHaveText("Pulse check for {{firstName}}");
  await expect(section.getByTestId("email-body")).toContainText("Dear {{firstName}},");
  await expect(section.getByText("Custom template")).toBeVisible();

  // 'Reset to Default' puts the default texts back in the form; saving stores them.
  await section.getByRole("button", { name: "Edit Template" }).click();
  await section.getByRole("button", { name: "Reset to Default" }).click();
  await expect(section.getByLabel("Subject")).toHaveValue(DEFAULT_EMAIL_SUBJECT);
  await section.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Settings saved")).toBeVisible();
  await page.reload();
  section = page.locator("#email-settings");
  await expect(section.getByTestId("email-subject")).toHaveText(DEFAULT_EMAIL_SUBJECT);
  await expect(section.getByText("Default template")).toBeVisible();
});

const storedTemplate = (ws: Workspace) =>
  runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.organization.findUniqueOrThrow({ where: { id: ws.orgId }, select: { emailSubject: true, emailBody: true } }),
  );

test("a template that would capture personal links is refused with the rule's message and not saved", async ({
  page,
}, testInfo) => {
  const ws = await createWorkspace("eml");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  const patches: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "PATCH") patches.push(r.url());
  });
  const section = await openEmailSettings(page, ws.subdomain);
  await expect(section.getByText("The personal survey link is the only link in the e-mail")).toHaveCount(0);
  await section.getByRole("button", { name: "Edit Template" }).click();
  await expect(section.getByTestId("template-link-rule")).toContainText(
    "cannot contain other links or e-mail addresses",
  );
  const subject = section.getByLabel("Subject");
  const body = section.getByLabel("Message");

  // Every person's link routed through someone else's host.
  const capture = "https://collector.example/r?who={{firstName}}&next={{surveyLink}}";
  await body.fill(`Hi {{firstName}}, please answer at ${capture}`);
  await subject.fill("Your link: {{surveyLink}}");
  await section.getByRole("button", { name: "Save Changes" }).click();
  const found = ["https://collector.example/r?who={{firstName}}&next={{surv..."];
  await expect(section.getByText(TEMPLATE_MESSAGES.gluedLink(found))).toBeVisible();
  await expect(section.getByText(TEMPLATE_MESSAGES.otherLinks("message", found))).toBeVisible();
  await expect(section.getByText(TEMPLATE_MESSAGES.linkInSubject)).toBeVisible();
  await expect(body).toHaveAttribute("aria-invalid", "true");
  await expect(subject).toHaveAttribute("aria-invalid", "true");
  await page.screenshot({ path: testInfo.outputPath("email-settings-link-rule.png"), fullPage: true });

  // Another link beside a link that stands alone is refused too.
  await subject.fill("Weekly pulse");
  await body.fill("Answer here: {{surveyLink}}\nor at collector.example/survey");
  await section.getByRole("button", { name: "Save Changes" }).click();
  await expect(section.getByText(TEMPLATE_MESSAGES.otherLinks("message", ["collector.example/survey"]))).toBeVisible();
  await expect(section.getByText(TEMPLATE_MESSAGES.linkInSubject)).toHaveCount(0);
  expect(patches).toEqual([]);

  // The server says the same to a request that skips the form, and stores nothing.
  const refused = await page.evaluate(
    async ({ orgId, emailBody }) => {
      const r = await fetch(`/api/organizations/${orgId}/email-settings`, {
        method: "PATCH",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ emailSubject: "Pulse", emailBody }),
      });
      return { status: r.status, body: (await r.json()) as { fields?: Record<string, string[]> } };
    },
    { orgId: ws.orgId, emailBody: capture },
  );
  expect(refused.status).toBe(400);
  expect(refused.body.fields?.emailBody).toEqual([
    TEMPLATE_MESSAGES.gluedLink(found),
    TEMPLATE_MESSAGES.otherLinks("message", found),
  ]);
  expect(await storedTemplate(ws)).toEqual({ emailSubject: null, emailBody: null });

  // Inserting {{surveyLink}} against other text keeps it standing alone; that template saves.
  await body.fill("Two minutes, anonymous:");
  await body.press("End");
  await section.getByRole("button", { name: "Insert {{surveyLink}}" }).click();
  await expect(body).toHaveValue("Two minutes, anonymous: {{surveyLink}}");
  await section.getByRole("button", { name: "Save Changes" }).click();
  await expect(toastText(page, "Settings saved")).toBeVisible();
  expect(await storedTemplate(ws)).toEqual({
    emailSubject: "Weekly pulse",
    emailBody: "Two minutes, anonymous: {{surveyLink}}",
  });
});

// On a desktop and on a phone (the phone project runs the @phone copy).
for (const tag of ["", "@phone "])
  test(`${tag}an admin sets the sender name, reply-to and accent colour; the next e-mail comes from that name, replies there and wears that colour`, async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const ws = await createWorkspace("ems");
    await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
    const section = await openEmailSettings(page, ws.subdomain);
    const sender = section.getByRole("region", { name: "Sender and colour" });
    const preview = sender.getByRole("region", { name: /Preview/ });
    await expect(preview.getByTestId("email-preview-from")).toHaveText("From: Pulsewell <no-reply@localhost>");

    // A name that could forge a header is refused on its field; nothing is saved.
    await sender.getByLabel("Sender name").fill('Acme" <ceo@acme.example>');
    await sender.getByLabel("Reply-to address").fill("not an address");
    await sender.getByRole("button", { name: "Save Sender" }).click();
    await expect(sender.getByText("The sender name cannot contain quotes")).toBeVisible();
    await expect(sender.getByText("Enter an e-mail address, like people@acme.com")).toBeVisible();

    await sender.getByLabel("Sender name").fill("Acme People");
    await sender.getByLabel("Reply-to address").fill("people@acme.example");
    await sender.getByLabel("Accent colour", { exact: true }).fill("#0F766E");
    // The preview follows as it is typed: who it is from, where replies go, the colour.
    await expect(preview.getByTestId("email-preview-from")).toHaveText("From: Acme People <no-reply@localhost>");
    await expect(preview.getByTestId("email-preview-reply-to")).toHaveText("Reply-To: people@acme.example");
    await expect(preview.getByTestId("email-preview-card")).toHaveCSS("border-top-color", "rgb(15, 118, 110)");
    await expect(sender.getByLabel("Pick the accent colour")).toHaveValue("#0f766e");
    await sender.getByRole("button", { name: "Save Sender" }).click();
    await expect(toastText(page, "Settings saved")).toBeVisible();
    expect(
      await runInOrg(e2eDb(), ws.orgId, (tx) =>
        tx.organization.findUniqueOrThrow({
          where: { id: ws.orgId },
          select: { mailSenderName: true, mailReplyTo: true, accentColor: true },
        }),
      ),
    ).toEqual({ mailSenderName: "Acme People", mailReplyTo: "people@acme.example", accentColor: "#0f766e" });
    await section.screenshot({ path: testInfo.outputPath("email-sender.png") });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // A message sent now: the employee asks for a password reset.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(url(ws.subdomain, "/forgot-password"));
    await visitor.getByLabel("Work email").fill(ws.employee.email);
    await visitor.getByRole("button", { name: "Send reset link" }).click();
    let mail: ReturnType<typeof mailsTo>[number] | undefined;
    await expect(async () => {
      mail = mailsTo(ws.employee.email).find((m) => m.text.includes("/reset-password?token="));
      expect(mail).toBeDefined();
    }).toPass({ timeout: 30_000 });
    expect(mail!.headers.get("from")).toBe("Acme People <no-reply@localhost>");
    expect(mail!.headers.get("reply-to")).toBe("people@acme.example");
    expect(mail!.headers.get("content-type")).toMatch(/^multipart\/alternative; boundary=/);
    expect(mail!.html).toContain("#0f766e");
    expect(mail!.html).toMatch(/<a href="http:\/\/[^"]+\/reset-password\?token=[^"]+"/);
    const company = await runInOrg(e2eDb(), ws.orgId, (tx) =>
      tx.organization.findUniqueOrThrow({ where: { id: ws.orgId }, select: { name: true } }),
    );
    expect(mail!.html).toContain(company.name);
    expect(mail!.text).toContain(`Sent on behalf of ${company.name}.`);
  });

test("a stored template that breaks the link rule is shown as the default", async ({ page }) => {
  const ws = await createWorkspace("eml");
  // Written straight into the database, as before the rule (the migration resets such templates).
  await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.organization.update({
      where: { id: ws.orgId },
      data: { emailSubject: "Pulse", emailBody: "Go: https://collector.example/r?next={{surveyLink}}" },
      select: { id: true },
    }),
  );
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  const section = await openEmailSettings(page, ws.subdomain);
  await expect(section.getByTestId("email-subject")).toHaveText(DEFAULT_EMAIL_SUBJECT);
  await expect(section.getByTestId("email-body")).toContainText(DEFAULT_EMAIL_BODY.split("\n")[0]!);
  await expect(section.getByTestId("email-body")).not.toContainText("collector");
  await expect(section.getByText("Default template")).toBeVisible();
});

test("a manager sees the template without an edit button; an employee sees no Email Settings", async ({ browser }) => {
  const ws = await createWorkspace("emm");
  const manager = await browser.newPage();
  await signInAs(manager, ws.subdomain, ws.manager.email, PASSWORD);
  const section = await openEmailSettings(manager, ws.subdomain);
  await expect(section.getByTestId("email-subject")).toHaveText(DEFAULT_EMAIL_SUBJECT);
  await expect(section.getByRole("button", { name: "Edit Template" })).toHaveCount(0);
  await expect(section.getByText("Only administrators can change the template.")).toBeVisible();

  const employee = await browser.newPage();
  await signInAs(employee, ws.subdomain, ws.employee.email, PASSWORD);
  await employee.goto(url(ws.subdomain, "/settings/email"));
  await expect(employee.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(employee.getByRole("heading", { name: "Access Restricted" })).toBeVisible();
  await expect(employee.locator("#email-settings")).toHaveCount(0);
});

test("@phone the template editor fits a phone", async ({ page }, testInfo) => {
  const ws = await createWorkspace("emp");
  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  const section = await openEmailSettings(page, ws.subdomain);
  await section.getByRole("button", { name: "Edit Template" }).click();
  await expect(section.getByRole("region", { name: /Preview/ }).getByText("Hi Alex,")).toBeVisible();
  // Nothing of this section is wider than the screen. The other sections are set aside so that
  // only this one is measured (each section has its own layout checks).
  const overflow = await page.evaluate(() => {
    for (const id of ["user-management", "billing"]) document.getElementById(id)?.style.setProperty("display", "none");
    return document.documentElement.scrollWidth - document.documentElement.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await section.screenshot({ path: testInfo.outputPath("email-settings-edit-phone.png") });
});
