import { describe, expect, it } from "vitest";
import { withOrg } from "@/lib/db/tenant";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { emailSettingsUpdateSchema, getEmailSettings, updateEmailSettings } from "@/lib/org/email-settings";
import { DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT } from "@/lib/surveys/email-template";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";

async function contextOf(orgId: string, role: Role): Promise<AuthContext> {
  const user = await createUser(orgId, { role });
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, user.id, null));
  return { orgId, userId: user.id, role, sessionId };
}

async function adminOrg() {
  const { orgId } = await createOrg();
  return { orgId, admin: await contextOf(orgId, "admin") };
}


const stored = (orgId: string) => withOrg(orgId, (tx) => tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { emailSubject: true, emailBody: true } }));
const audits = (orgId: string) => withOrg(orgId, (tx) => tx.auditLog.findMany({ where: { organizationId: orgId, action: "organization.email_settings.update" }, orderBy: { createdAt: "asc" } }));
const update = (body: unknown) => emailSettingsUpdateSchema.parse(body);

describe("email settings", () => {
  it("shows the defaults to a new organisation, stored as nothing", async () => {
    const { orgId, admin } = await adminOrg();
    expect(await getEmailSettings(admin)).toEqual({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY, isDefault: true });
    expect(await stored(orgId)).toEqual({ emailSubject: null, emailBody: null });
  });

  it("lets an admin save a template, with an audit row, and managers read it", async () => {
    const { orgId, admin } = await adminOrg();
    const body = "Hello {{firstName}}!\n\nPlease answer: {{surveyLink}}";
    const saved = await updateEmailSettings(admin, update({ emailSubject: "  Your weekly pulse ", emailBody: body }));
    expect(saved).toEqual({ emailSubject: "Your weekly pulse", emailBody: body, isDefault: false });
    expect(await stored(orgId)).toEqual({ emailSubject: "Your weekly pulse", emailBody: body });
    const [row] = await audits(orgId);
    expect(row).toMatchObject({ actorId: admin.userId, targetType: "organization", targetId: orgId, details: { reset: false, subject: "Your weekly pulse" } });

    const manager = await contextOf(orgId, "manager");
    expect(await getEmailSettings(manager)).toEqual(saved);
  });

  it("refuses managers and employees the change, and employees even the view", async () => {
    const { orgId } = await adminOrg();
    const manager = await contextOf(orgId, "manager");
    const employee = await contextOf(orgId, "employee");
    const input = update({ emailSubject: "Mine", emailBody: "{{surveyLink}}" });
    expect(await status(updateEmailSettings(manager, input))).toBe(403);
    expect(await status(updateEmailSettings(employee, input))).toBe(403);
    expect(await status(getEmailSettings(employee))).toBe(403);
    expect(await stored(orgId)).toEqual({ emailSubject: null, emailBody: null });
    expect(await audits(orgId)).toHaveLength(0);
  });

  it("stores the default texts when they are saved, and null on a reset", async () => {
    const { orgId, admin } = await adminOrg();
    await updateEmailSettings(admin, update({ emailSubject: "Custom", emailBody: "Go: {{surveyLink}}" }));
    const defaults = await updateEmailSettings(admin, update({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY }));
    expect(defaults.isDefault).toBe(true);
    expect(await stored(orgId)).toEqual({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY });

    const reset = await updateEmailSettings(admin, update({ reset: true }));
    expect(reset).toEqual({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY, isDefault: true });
    expect(await stored(orgId)).toEqual({ emailSubject: null, emailBody: null });
    expect((await audits(orgId)).map((a) => (a.details as { reset: boolean }).reset)).toEqual([false, false, true]);
  });

  it("changes only the caller's organisation", async () => {
    const a = await adminOrg();
    const b = await adminOrg();
    await updateEmailSettings(a.admin, update({ emailSubject: "Only A", emailBody: "{{surveyLink}}" }));
    expect(await stored(b.orgId)).toEqual({ emailSubject: null, emailBody: null });
    expect((await getEmailSettings(b.admin)).isDefault).toBe(true);
  });
});

describe("the PATCH body", () => {
  const fields = (body: unknown) => {
    const r = emailSettingsUpdateSchema.safeParse(body);
    const out: Record<string, string[]> = {};
    if (!r.success) for (const i of r.error.issues) (out[i.path.join(".")] ??= []).push(i.message);
    return out;
  };

  it("reports the template schema's messages on their fields", () => {
    expect(fields({ emailSubject: "Hi {{lastName}}", emailBody: "No link" })).toEqual({
      emailSubject: ["Unknown variable in the subject: {{lastName}}. Use {{firstName}} or {{surveyLink}}."],
      emailBody: ["The message must contain {{surveyLink}}, or people cannot reach the survey"],
    });
    expect(fields({ emailSubject: "", emailBody: "{{surveyLink}}" })).toEqual({ emailSubject: ["The subject cannot be empty"] });
    expect(fields({})).toHaveProperty("emailSubject");
  });

  it("takes { reset: true } as a reset, and no other value of reset", () => {
    expect(update({ reset: true })).toEqual({ reset: true });
    expect(emailSettingsUpdateSchema.safeParse({ reset: false }).success).toBe(false);
    expect(emailSettingsUpdateSchema.safeParse({ reset: "yes" }).success).toBe(false);
  });
});
