import { test, expect } from "./support/test";
import { createWorkspace, e2eDb, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";
import { runInOrg } from "@/lib/db/org-transaction";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";

// A workspace whose subscription ended, as its manager sees it in the browser: the meeting they
// scheduled before is still there, and saving its notes, adding an action item or cancelling it
// (which would e-mail the employee) each say the workspace is read-only, and nothing changes.
// tests/integration/read-only-rule.test.ts tries every refused route; this is what a person sees.

// On a desktop and (tagged) on a phone.
for (const tag of ["", " @phone"]) {
  test(`a read-only workspace says so where a 1:1's notes, action items and cancellation are refused${tag}`, async ({
    page,
  }) => {
    const ws = await createWorkspace("ro");
    const at = new Date(Date.now() + 3 * 24 * 3_600_000);
    // As the manager: row-level security admits the pair only.
    const asManager = <T>(fn: Parameters<typeof runInOrg<T>>[2]) =>
      runInOrg(e2eDb(), ws.orgId, fn, undefined, ws.manager.id);
    const meetingId = await asManager(async (tx) => {
      const pair = { organizationId: ws.orgId, managerId: ws.manager.id, employeeId: ws.employee.id };
      const series = await tx.meetingSeries.create({
        data: { ...pair, timeZone: "UTC", startsAt: at, materializedUntil: at },
        select: { id: true },
      });
      const m = await tx.meeting.create({
        data: { ...pair, seriesId: series.id, occurrenceStart: at, scheduledAt: at, status: "scheduled" },
        select: { id: true },
      });
      await tx.organization.update({ where: { id: ws.orgId }, data: { subscriptionStatus: "canceled" } });
      return m.id;
    });
    const stored = () =>
      asManager(async (tx) => ({
        meeting: await tx.meeting.findFirstOrThrow({
          where: { organizationId: ws.orgId, id: meetingId },
          select: { status: true, notes: true },
        }),
        actionItems: await tx.meetingActionItem.count({ where: { organizationId: ws.orgId } }),
        mails: await tx.mailMessage.count({ where: { organizationId: ws.orgId } }),
      }));
    const before = await stored();

    await signInAs(page, ws.subdomain, ws.manager.email, PASSWORD);
    await page.goto(url(ws.subdomain, `/one-on-one/${meetingId}`));
    await expect(page.getByRole("heading", { name: "Meeting with Eve Tester", level: 1 })).toBeVisible();
    await expect(page.getByTestId("subscription-banner")).toContainText("read-only");

    await page.getByRole("tab", { name: "Meeting Notes" }).click();
    const notes = page.getByRole("form", { name: "Meeting Notes" });
    await notes.getByLabel("Notes").fill("Agreed to move one release.");
    await notes.getByRole("button", { name: "Save" }).click();
    await expect(toastText(page, READ_ONLY_MESSAGE).first()).toBeVisible();

    await page.getByLabel("New action item").fill("Ask Product about the release");
    await page.getByRole("button", { name: "Add action item" }).click();
    await expect(toastText(page, READ_ONLY_MESSAGE).first()).toBeVisible();

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel meeting?" });
    await dialog.getByRole("button", { name: "Cancel meeting" }).click();
    await expect(dialog.getByText(READ_ONLY_MESSAGE)).toBeVisible();
    await page.screenshot({ path: `/tmp/pA-read-only-${test.info().project.name}.png`, fullPage: true });

    expect(await stored()).toEqual(before);
  });
}
