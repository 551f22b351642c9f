import { describe, expect, it } from "vitest";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { withOrg } from "@/lib/db/tenant";
import { DomainError } from "@/lib/errors/domain-error";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import {
  emailSettingsUpdateSchema,
  getEmailSettings,
  updateEmailSender,
  updateEmailSettings,
  type EmailSettingsUpdate,
} from "@/lib/org/email-settings";
import { emailSenderSchema } from "@/lib/org/email-sender-schemas";
import { mailBrand } from "@/lib/mail/brand";
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  emailSettingsSchema,
  TEMPLATE_MESSAGES,
} from "@/lib/surveys/email-template";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { workspaceOrigin } from "@/lib/tenancy/site";
import { env } from "@/lib/config/env";
import { createOrg, createUser } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { status, statusOf } from "../support/status";

const owner = ownerClient();

async function contextOf(orgId: string, role: Role): Promise<AuthContext> {
  const user = await createUser(orgId, { role });
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, user.id, null));
  return { orgId, userId: user.id, role, sessionId };
}

async function adminOrg() {
  const { orgId } = await createOrg();
  return { orgId, admin: await contextOf(orgId, "admin") };
}

const stored = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { emailSubject: true, emailBody: true } }),
  );
const audits = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.auditLog.findMany({
      where: { organizationId: orgId, action: "organization.email_settings.update" },
      orderBy: { createdAt: "asc" },
    }),
  );
const update = (body: unknown) => emailSettingsUpdateSchema.parse(body);
/** Writes a template straight into the database, as the rules would never let the app do. */
const store = (orgId: string, emailSubject: string | null, emailBody: string | null) =>
  withOrg(orgId, (tx) =>
    tx.organization.update({ where: { id: orgId }, data: { emailSubject, emailBody }, select: { id: true } }),
  );
const CAPTURE = "Hi {{firstName}}, answer at https://collector.example/r?who={{firstName}}&next={{surveyLink}}";

describe("email settings", () => {
  it("shows the defaults to a new organisation, stored as nothing", async () => {
    const { orgId, admin } = await adminOrg();
    expect(await getEmailSettings(admin)).toMatchObject({
      emailSubject: DEFAULT_EMAIL_SUBJECT,
      emailBody: DEFAULT_EMAIL_BODY,
      isDefault: true,
    });
    expect(await stored(orgId)).toEqual({ emailSubject: null, emailBody: null });
  });

  it("lets an admin save a template, with an audit row, and managers read it", async () => {
    const { orgId, admin } = await adminOrg();
    const body = "Hello {{firstName}}!\n\nPlease answer: {{surveyLink}}";
    const saved = await updateEmailSettings(admin, update({ emailSubject: "  Your weekly pulse ", emailBody: body }));
    expect(saved).toMatchObject({ emailSubject: "Your weekly pulse", emailBody: body, isDefault: false });
    expect(await stored(orgId)).toEqual({ emailSubject: "Your weekly pulse", emailBody: body });
    const [row] = await audits(orgId);
    expect(row).toMatchObject({
      actorId: admin.userId,
      targetType: "organization",
      targetId: orgId,
      details: { reset: false, subject: "Your weekly pulse" },
    });

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
    const defaults = await updateEmailSettings(
      admin,
      update({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY }),
    );
    expect(defaults.isDefault).toBe(true);
    expect(await stored(orgId)).toEqual({ emailSubject: DEFAULT_EMAIL_SUBJECT, emailBody: DEFAULT_EMAIL_BODY });

    const reset = await updateEmailSettings(admin, update({ reset: true }));
    expect(reset).toMatchObject({
      emailSubject: DEFAULT_EMAIL_SUBJECT,
      emailBody: DEFAULT_EMAIL_BODY,
      isDefault: true,
    });
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
    expect(fields({ emailSubject: "", emailBody: "{{surveyLink}}" })).toEqual({
      emailSubject: ["The subject cannot be empty"],
    });
    expect(fields({})).toHaveProperty("emailSubject");
  });

  it("takes { reset: true } as a reset, and no other value of reset", () => {
    expect(update({ reset: true })).toEqual({ reset: true });
    expect(emailSettingsUpdateSchema.safeParse({ reset: false }).success).toBe(false);
    expect(emailSettingsUpdateSchema.safeParse({ reset: "yes" }).success).toBe(false);
  });
});

describe("personal links cannot be captured by a template", () => {
  it("refuses a capturing template in the domain function itself, and changes nothing", async () => {
    const { orgId, admin } = await adminOrg();
    await updateEmailSettings(admin, update({ emailSubject: "Ours", emailBody: "Go: {{surveyLink}}" }));
    // Typed as parsed, but never through the schema: the domain function checks on its own.
    const err = await updateEmailSettings(admin, {
      emailSubject: "Ours",
      emailBody: CAPTURE,
    } as EmailSettingsUpdate).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(statusOf(err as DomainError)).toBe(400);
    expect((err as DomainError).fields).toEqual({
      emailBody: [
        TEMPLATE_MESSAGES.gluedLink(["https://collector.example/r?who={{firstName}}&next={{surv..."]),
        TEMPLATE_MESSAGES.otherLinks("message", ["https://collector.example/r?who={{firstName}}&next={{surv..."]),
      ],
    });
    expect(
      await status(
        updateEmailSettings(admin, {
          emailSubject: "Yours: {{surveyLink}}",
          emailBody: "Go: {{surveyLink}}",
        } as EmailSettingsUpdate),
      ),
    ).toBe(400);
    expect(await stored(orgId)).toEqual({ emailSubject: "Ours", emailBody: "Go: {{surveyLink}}" });
    expect(await audits(orgId)).toHaveLength(1);
  });

  it("the PATCH body reports the link rules on their fields", () => {
    const r = emailSettingsUpdateSchema.safeParse({
      emailSubject: "See www.acme.example",
      emailBody: "({{surveyLink}})",
    });
    expect(r.success).toBe(false);
    const fields: Record<string, string[]> = {};
    for (const i of r.error!.issues) (fields[i.path.join(".")] ??= []).push(i.message);
    expect(fields).toEqual({
      emailSubject: [TEMPLATE_MESSAGES.otherLinks("subject", ["www.acme.example"])],
      emailBody: [TEMPLATE_MESSAGES.gluedLink(["({{surveyLink}})"])],
    });
  });

  it("shows and sends the default in place of a stored template that breaks the rules; the only link is the workspace's own", async () => {
    const { orgId, admin } = await adminOrg();
    const { subdomain } = await withOrg(orgId, (tx) =>
      tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { subdomain: true } }),
    );
    await store(orgId, "Pulse", CAPTURE);
    expect(await getEmailSettings(admin)).toMatchObject({
      emailSubject: DEFAULT_EMAIL_SUBJECT,
      emailBody: DEFAULT_EMAIL_BODY,
      isDefault: true,
    });

    const surveyId = await withOrg(orgId, async (tx) => {
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "custom",
          title: "Check",
          audienceTeamIds: [],
          createdById: admin.userId,
          questions: [{ type: "scale", text: "Fine?", isRequired: true }],
        },
        new Date(),
      );
      await sendSurvey(tx, orgId, surveyId, new Date());
      return surveyId;
    });
    const mails = await withOrg(orgId, (tx) =>
      tx.mailMessage.findMany({
        where: { organizationId: orgId, ref: `survey:${surveyId}` },
        select: { subject: true, text: true, html: true },
      }),
    );
    expect(mails.length).toBeGreaterThan(0);
    const origin = workspaceOrigin(subdomain, env().rootDomain);
    for (const m of mails) {
      expect(m.subject).toBe(DEFAULT_EMAIL_SUBJECT);
      expect(m.text).not.toContain("collector");
      expect(m.html).not.toContain("collector");
      // The HTML part's one link is the same survey link, as its address and its label.
      const hrefs = [...m.html!.matchAll(/href="([^"]*)"/g)].map((h) => h[1]);
      expect(hrefs).toEqual([`${origin}/surveys/${surveyId}?token={{surveyToken}}`]);
      const urls = m.text.match(/\S*:\/\/\S*/g) ?? [];
      expect(urls).toHaveLength(1);
      expect(urls[0]!.startsWith(`${origin}/surveys/${surveyId}?token=`)).toBe(true);
    }
  });
});

describe("migration 20261123190500_template_link_rule", () => {
  const migration = () =>
    readFile(
      path.join(import.meta.dirname, "../../prisma/migrations/20261123190500_template_link_rule/migration.sql"),
      "utf8",
    );
  const notifications = (orgId: string) =>
    withOrg(orgId, (tx) =>
      tx.notification.findMany({
        where: { organizationId: orgId, type: "email_template_reset" },
        select: { userId: true, title: true, message: true, actionUrl: true, isRead: true },
      }),
    );

  // Subject and message pairs; the server's schema says which break the rule, and the migration's
  // SQL must agree on each of them.
  const templates: [string, string][] = [
    ["Pulse", CAPTURE],
    ["Pulse", "Take the survey here: {{surveyLink}}"],
    ["Pulse", "Hi {{firstName}}.\n\ne.g. on the train, i.e. today. Rate 7.5/10 with Node.js.\n{{surveyLink}}"],
    ["Pulse", "x{{surveyLink}}"],
    ["Pulse", "Answer ({{surveyLink}})"],
    ["Pulse", '<a href="{{surveyLink}}">Start</a>'],
    ["Pulse", "Go ?next={{surveyLink}}"],
    ["Pulse", "{{surveyLink}}\nMore at collector.example/path"],
    ["Pulse", "{{surveyLink}}\nQuestions? hr@acme.example"],
    ["Pulse", "{{surveyLink}}\nSee www.acme.example"],
    ["Pulse", "{{surveyLink}}\nmailto:hr@acme.example"],
    ["Pulse", "{{surveyLink}}\nacme.com"],
    ["Pulse", "{{surveyLink}}\ncollector{{firstName}}.com/r"],
    ["Pulse {{surveyLink}}", "{{surveyLink}}"],
    ["Pulse at https://acme.example", "{{surveyLink}}"],
    ["Thanks. See you", "  {{ surveyLink }}  "],
    ["Pulse", "Rate us 9/10 by 9:00 a.m., Mr.Smith. Data: anonymous. Tel: ask HR.\t{{surveyLink}}"],
    ["Pulse", "{{surveyLink}}\nor 10.0.0.1"],
    ["Pulse", "{{surveyLink}} javascript:alert(1)"],
    ["Pulse", "{{surveyLink}} tel:+15551234"],
  ];

  it("resets every template that breaks the rule to the default and tells each admin of that organisation", async () => {
    const orgs = [];
    for (const [subject, body] of templates) {
      const { orgId, admin } = await adminOrg();
      const second = await contextOf(orgId, "admin");
      const manager = await contextOf(orgId, "manager");
      await store(orgId, subject, body);
      const breaks = !emailSettingsSchema.safeParse({ emailSubject: subject, emailBody: body }).success;
      orgs.push({
        orgId,
        admins: [admin.userId, second.userId].sort(),
        manager: manager.userId,
        subject,
        body,
        breaks,
      });
    }
    // Plain defaults stay as they are, with no notice.
    const plain = await adminOrg();
    expect(orgs.filter((o) => o.breaks)).toHaveLength(16);

    await owner().query(await migration());

    for (const o of orgs) {
      const label = `${o.subject} / ${o.body}`;
      expect(await stored(o.orgId), label).toEqual(
        o.breaks ? { emailSubject: null, emailBody: null } : { emailSubject: o.subject, emailBody: o.body },
      );
      const sent = await notifications(o.orgId);
      expect(sent.map((n) => n.userId).sort(), label).toEqual(o.breaks ? o.admins : []);
      if (o.breaks) {
        const admin = await contextOf(o.orgId, "admin");
        expect(await getEmailSettings(admin)).toMatchObject({ isDefault: true, emailBody: DEFAULT_EMAIL_BODY });
      }
    }
    expect(await stored(plain.orgId)).toEqual({ emailSubject: null, emailBody: null });
    expect(await notifications(plain.orgId)).toEqual([]);

    const [notice] = await notifications(orgs[0]!.orgId);
    expect(notice).toMatchObject({
      title: "Survey invitation e-mail reset to the default",
      actionUrl: "/settings",
      isRead: false,
    });
    expect(notice!.message).toContain("must now stand on their own");
    expect(notice!.message).toContain("no other links");

    // Run again: nothing left to reset, no second notice.
    await owner().query(await migration());
    expect(await notifications(orgs[0]!.orgId)).toHaveLength(2);
  });
});

describe("sender name, reply-to and accent colour", () => {
  const sender = (orgId: string) =>
    withOrg(orgId, (tx) =>
      tx.organization.findUniqueOrThrow({
        where: { id: orgId },
        select: { mailSenderName: true, mailReplyTo: true, accentColor: true },
      }),
    );

  it("an admin saves them (empty clears), with an audit row; managers see them and cannot change them", async () => {
    const { orgId, admin } = await adminOrg();
    const dto = await updateEmailSender(admin, {
      mailSenderName: "Acme People",
      mailReplyTo: "people@acme.example",
      accentColor: "#0F766E",
    });
    expect(dto.sender).toMatchObject({
      mailSenderName: "Acme People",
      mailReplyTo: "people@acme.example",
      accentColor: "#0f766e",
      effectiveAccentColor: "#0f766e",
      fromAddress: "no-reply@localhost",
      defaultSenderName: "Pulsewell",
    });
    expect(await sender(orgId)).toEqual({
      mailSenderName: "Acme People",
      mailReplyTo: "people@acme.example",
      accentColor: "#0f766e",
    });
    const logged = await withOrg(orgId, (tx) =>
      tx.auditLog.count({ where: { organizationId: orgId, action: "organization.email_sender.update" } }),
    );
    expect(logged).toBe(1);

    const manager = await contextOf(orgId, "manager");
    expect((await getEmailSettings(manager)).sender.mailSenderName).toBe("Acme People");
    expect(await status(updateEmailSender(manager, { mailSenderName: "", mailReplyTo: "", accentColor: "" }))).toBe(
      403,
    );

    await updateEmailSender(admin, { mailSenderName: "", mailReplyTo: "", accentColor: "" });
    expect(await sender(orgId)).toEqual({ mailSenderName: null, mailReplyTo: null, accentColor: null });
    expect((await getEmailSettings(admin)).sender.effectiveAccentColor).toBe("#1f57cc");
  });

  it("refuses a name that could forge a header, a reply-to that is not one address and a colour that is not #rrggbb, and changes nothing", async () => {
    const { orgId, admin } = await adminOrg();
    const ok = { mailSenderName: "Acme", mailReplyTo: "", accentColor: "" };
    const bad: [Partial<typeof ok>, string][] = [
      [{ mailSenderName: "Acme\r\nBcc: spy@evil.example" }, "mailSenderName"],
      [{ mailSenderName: 'Acme" <ceo@acme.example>' }, "mailSenderName"],
      [{ mailSenderName: "ceo@acme.example" }, "mailSenderName"],
      [{ mailSenderName: "x".repeat(81) }, "mailSenderName"],
      [{ mailReplyTo: "not an address" }, "mailReplyTo"],
      [{ mailReplyTo: "a@acme.example, b@evil.example" }, "mailReplyTo"],
      [{ mailReplyTo: "a@acme.example\r\nBcc: spy@evil.example" }, "mailReplyTo"],
      [{ accentColor: "red" }, "accentColor"],
      [{ accentColor: "#abc" }, "accentColor"],
      [{ accentColor: "#abcdef;background:url(https://evil.example)" }, "accentColor"],
    ];
    for (const [over, field] of bad) {
      const parsed = emailSenderSchema.safeParse({ ...ok, ...over });
      expect(parsed.success, JSON.stringify(over)).toBe(false);
      expect(
        parsed.error!.issues.map((i) => i.path.join(".")),
        JSON.stringify(over),
      ).toContain(field);
      // The domain function asks again, whoever calls it.
      expect(await status(updateEmailSender(admin, { ...ok, ...over })), JSON.stringify(over)).toBe(400);
    }
    expect(await sender(orgId)).toEqual({ mailSenderName: null, mailReplyTo: null, accentColor: null });
  });

  it("changes only the caller's organisation", async () => {
    const a = await adminOrg();
    const b = await adminOrg();
    await updateEmailSender(a.admin, { mailSenderName: "A Team", mailReplyTo: "", accentColor: "#112233" });
    expect(await sender(b.orgId)).toEqual({ mailSenderName: null, mailReplyTo: null, accentColor: null });
  });

  it("messages carry the company's name and colour once it is set", async () => {
    const { orgId, admin } = await adminOrg();
    await updateEmailSender(admin, { mailSenderName: "", mailReplyTo: "", accentColor: "#0f766e" });
    const brand = await withOrg(orgId, (tx) => mailBrand(tx, orgId));
    const org = await withOrg(orgId, (tx) =>
      tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { name: true } }),
    );
    expect(brand).toEqual({ companyName: org.name, accentColor: "#0f766e" });
  });
});
