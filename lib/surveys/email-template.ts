// The survey invitation e-mail: the spec's default texts, the two variables, rendering and checks.
// Shared by the Email Settings form, its API and the round sender.
import { z } from "zod";

export const TEMPLATE_VARIABLES = ["firstName", "surveyLink"] as const;

export const DEFAULT_EMAIL_SUBJECT = "Weekly Culture Check - Your Voice Matters";
export const DEFAULT_EMAIL_BODY = [
  "Hi {{firstName}},",
  "",
  "It's time for this week's culture check. The survey takes about 2 minutes, and your answers are completely anonymous.",
  "",
  "Take the survey here: {{surveyLink}}",
  "",
  "Thank you for helping us build a better place to work.",
  "",
  "The Leadership Team",
].join("\n");

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Variables used in a text that are not {{firstName}} or {{surveyLink}}. */
export function unknownVariables(text: string): string[] {
  const found = [...text.matchAll(VARIABLE)].map((m) => m[1] ?? "");
  return [...new Set(found.filter((v) => !(TEMPLATE_VARIABLES as readonly string[]).includes(v)))];
}

export function renderTemplate(text: string, vars: Record<(typeof TEMPLATE_VARIABLES)[number], string>): string {
  // Own properties only: `in` would also find Object.prototype's, so {{constructor}} would
  // render as function source.
  return text.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name as keyof typeof vars] : whole));
}

const noUnknown = (field: string) => (v: string) => {
  const bad = unknownVariables(v);
  return bad.length === 0 || `Unknown variable${bad.length > 1 ? "s" : ""} in the ${field}: ${bad.map((b) => `{{${b}}}`).join(", ")}. Use {{firstName}} or {{surveyLink}}.`;
};

export const emailSettingsSchema = z.object({
  emailSubject: z
    .string()
    .trim()
    .min(1, "The subject cannot be empty")
    .max(200, "The subject is at most 200 characters")
    .refine((v) => noUnknown("subject")(v) === true, { error: (i) => String(noUnknown("subject")(String(i.input))) }),
  emailBody: z
    .string()
    .trim()
    .min(1, "The message cannot be empty")
    .max(5000, "The message is at most 5,000 characters")
    .refine((v) => noUnknown("message")(v) === true, { error: (i) => String(noUnknown("message")(String(i.input))) })
    .refine((v) => /\{\{\s*surveyLink\s*\}\}/.test(v), "The message must contain {{surveyLink}}, or people cannot reach the survey"),
  organizationId: z.string().optional(),
});

/** The organisation's template, or the defaults where it has none. */
export function effectiveTemplate(org: { emailSubject: string | null; emailBody: string | null }): { subject: string; body: string } {
  return { subject: org.emailSubject || DEFAULT_EMAIL_SUBJECT, body: org.emailBody || DEFAULT_EMAIL_BODY };
}
