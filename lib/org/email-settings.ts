import "server-only";
import { z } from "zod";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { invalidInput, notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { requirePermission } from "@/lib/auth/authorize";
import { env } from "@/lib/config/env";
import { brandOf } from "@/lib/mail/brand-rules";
import { fromAddress, namedAddress } from "@/lib/mail/sender";
import { emailSenderSchema, type EmailSenderInput } from "@/lib/org/email-sender-schemas";
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  effectiveTemplate,
  emailSettingsSchema,
} from "@/lib/surveys/email-template";

/**
 * PATCH body: { emailSubject, emailBody }, or { reset: true } to go back to the
 * defaults. Not a z.union: a failed union reports one "Invalid input" at the root, and the form
 * needs the template schema's messages on their fields.
 */
export const emailSettingsUpdateSchema = z
  .looseObject({ reset: z.literal(true).optional() })
  .transform((value, ctx) => {
    if (value.reset) return { reset: true as const };
    const parsed = emailSettingsSchema.safeParse(value);
    if (parsed.success) return { emailSubject: parsed.data.emailSubject, emailBody: parsed.data.emailBody };
    for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
    return z.NEVER;
  });

export type EmailSettingsUpdate = z.output<typeof emailSettingsUpdateSchema>;

export type EmailSenderDto = {
  /** As stored; "" when not set. */
  mailSenderName: string;
  mailReplyTo: string;
  accentColor: string;
  /** What messages show without a sender name of the workspace's, and the address they come from
   * (the installation's, whatever the name). */
  defaultSenderName: string;
  fromAddress: string;
  /** The company's name and colour as messages show them (brandOf). */
  companyName: string;
  effectiveAccentColor: string;
};

export type EmailSettingsDto = {
  /** The texts in effect: the organisation's own, or the defaults where it has none. */
  emailSubject: string;
  emailBody: string;
  /** True when the texts in effect are the product's defaults (stored or not). */
  isDefault: boolean;
  sender: EmailSenderDto;
};

type OrgRow = {
  name: string;
  emailSubject: string | null;
  emailBody: string | null;
  mailSenderName: string | null;
  mailReplyTo: string | null;
  accentColor: string | null;
};

function toDto(org: OrgRow): EmailSettingsDto {
  const { subject, body } = effectiveTemplate(org);
  const mailFrom = env().mailFrom;
  const brand = brandOf(org);
  return {
    emailSubject: subject,
    emailBody: body,
    isDefault: subject === DEFAULT_EMAIL_SUBJECT && body === DEFAULT_EMAIL_BODY,
    sender: {
      mailSenderName: org.mailSenderName ?? "",
      mailReplyTo: org.mailReplyTo ?? "",
      accentColor: org.accentColor ?? "",
      defaultSenderName: namedAddress(mailFrom)?.name || env().PRODUCT_NAME,
      fromAddress: fromAddress(mailFrom),
      companyName: brand.companyName,
      effectiveAccentColor: brand.accentColor,
    },
  };
}

const select = {
  name: true,
  emailSubject: true,
  emailBody: true,
  mailSenderName: true,
  mailReplyTo: true,
  accentColor: true,
} as const;

/** The e-mail template is managed by admins and viewed by managers (docs/decisions.md (Mail and links)). */
export async function getEmailSettings(ctx: AuthContext): Promise<EmailSettingsDto> {
  requirePermission(ctx, "organization.view");
  const org = await withOrg(ctx.orgId, (tx) => tx.organization.findUnique({ where: { id: ctx.orgId }, select }));
  if (!org) throw notFound("Organisation");
  return toDto(org);
}

/**
 * The template rules once more, whoever calls: the type says "parsed", but a template that could
 * capture personal links (docs/decisions.md (Mail and links)) must never be stored, so the domain function does
 * not rely on its caller having used emailSettingsUpdateSchema. Same messages, same fields.
 */
function assertTemplateRules(input: { emailSubject: string; emailBody: string }): void {
  const parsed = emailSettingsSchema.safeParse(input);
  if (!parsed.success) throw invalidBody(parsed.error);
}

/** A schema's refusal as the API's 400, its messages on their fields. */
function invalidBody(error: z.ZodError) {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  return invalidInput("Invalid body", fields);
}

/**
 * Saves the survey invitation template. Texts are stored as given, even when they equal the
 * defaults (the admin chose them); `reset` stores null, so the product's defaults apply.
 */
export async function updateEmailSettings(ctx: AuthContext, input: EmailSettingsUpdate): Promise<EmailSettingsDto> {
  requirePermission(ctx, "organization.manage");
  if (!("reset" in input)) assertTemplateRules(input);
  const data =
    "reset" in input
      ? { emailSubject: null, emailBody: null }
      : { emailSubject: input.emailSubject, emailBody: input.emailBody };
  return withOrg(ctx.orgId, async (tx) => {
    const exists = await tx.organization.findUnique({ where: { id: ctx.orgId }, select: { id: true } });
    if (!exists) throw notFound("Organisation");
    const org = await tx.organization.update({ where: { id: ctx.orgId }, data, select });
    // The texts themselves stay out of the log; whether it was a reset and the subject suffice.
    await audit(
      tx,
      ctx,
      "organization.email_settings.update",
      { type: "organization", id: ctx.orgId },
      { reset: data.emailSubject === null, subject: data.emailSubject },
    );
    return toDto(org);
  });
}

/**
 * Saves the sender name, reply-to and accent colour; an empty value stores null (the installation's
 * name, no reply-to, the product's colour). The rules are asked again whoever calls: the name ends
 * up in a From header, the colour in a style attribute.
 */
export async function updateEmailSender(ctx: AuthContext, input: EmailSenderInput): Promise<EmailSettingsDto> {
  requirePermission(ctx, "organization.manage");
  const parsed = emailSenderSchema.safeParse(input);
  if (!parsed.success) throw invalidBody(parsed.error);
  const v = parsed.data;
  const data = {
    mailSenderName: v.mailSenderName || null,
    mailReplyTo: v.mailReplyTo || null,
    accentColor: v.accentColor ? v.accentColor.toLowerCase() : null,
  };
  return withOrg(ctx.orgId, async (tx) => {
    const exists = await tx.organization.findUnique({ where: { id: ctx.orgId }, select: { id: true } });
    if (!exists) throw notFound("Organisation");
    const org = await tx.organization.update({ where: { id: ctx.orgId }, data, select });
    await audit(tx, ctx, "organization.email_sender.update", { type: "organization", id: ctx.orgId }, data);
    return toDto(org);
  });
}
