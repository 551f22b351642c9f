import { test, expect } from "./support/test";
import { runInOrg } from "@/lib/db/org-transaction";
import { hostOf, json, signIn } from "./support/http";
import { createWorkspace, e2eDb, PASSWORD } from "./support/workspace";
import { signInAs, toastText, workspaceUrl as url } from "./support/pages";

// E-mails given up after days of failures show on the round, and an admin can send them again.
test("an admin sees a round's undeliverable e-mails and queues them again", async ({ page }) => {
  const ws = await createWorkspace("rmail");
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  const sent = await json({ host: hostOf(ws.subdomain), path: "/api/surveys/send-now", method: "POST", cookie });
  expect(sent.status).toBe(201);
  const { surveyId, invited } = sent.json() as { surveyId: string; invited: number };
  // As the sweep leaves them after three days of refusals.
  await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.mailMessage.updateMany({
      where: { organizationId: ws.orgId, ref: `survey:${surveyId}` },
      data: { status: "failed", lastError: "Mailbox unavailable" },
    }),
  );

  await signInAs(page, ws.subdomain, ws.admin.email, PASSWORD);
  await page.goto(url(ws.subdomain, "/surveys"));
  const alert = page.getByRole("alert").filter({ hasText: "could not be delivered" });
  await expect(alert).toContainText(
    `${invited} e-mails could not be delivered after 3 days of attempts and are no longer retried.`,
  );
  await alert.getByRole("button", { name: "Retry failed e-mails" }).click();
  await expect(toastText(page, "E-mails queued again")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "could not be delivered" })).toHaveCount(0);
  const failed = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.mailMessage.count({ where: { organizationId: ws.orgId, ref: `survey:${surveyId}`, status: "failed" } }),
  );
  expect(failed).toBe(0);
});
