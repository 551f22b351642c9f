import { describe, expect, it } from "vitest";
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  effectiveTemplate,
  emailSettingsSchema,
  renderTemplate,
  unknownVariables,
} from "@/lib/surveys/email-template";

const messages = (input: unknown) => {
  const r = emailSettingsSchema.safeParse(input);
  const out: Record<string, string[]> = {};
  if (!r.success) for (const i of r.error.issues) (out[String(i.path[0])] ??= []).push(i.message);
  return out;
};

describe("unknownVariables", () => {
  it("accepts the two known variables, with or without inner spaces", () => {
    expect(unknownVariables("Hi {{firstName}}, go to {{ surveyLink }}")).toEqual([]);
    expect(unknownVariables(DEFAULT_EMAIL_SUBJECT + DEFAULT_EMAIL_BODY)).toEqual([]);
  });

  it("lists each unknown variable once, including misspellings and empty braces", () => {
    expect(unknownVariables("{{lastName}} {{lastName}} {{firstname}} {{}}")).toEqual(["lastName", "firstname", ""]);
  });

  it("ignores single braces and plain text", () => {
    expect(unknownVariables("{firstName} costs $5 {not a var}")).toEqual([]);
  });
});

describe("renderTemplate", () => {
  const vars = { firstName: "Alex", surveyLink: "https://acme.example/surveys/1?token=t" };

  it("fills every occurrence of the known variables", () => {
    expect(renderTemplate("{{firstName}}, {{ firstName }}: {{surveyLink}}", vars)).toBe("Alex, Alex: https://acme.example/surveys/1?token=t");
  });

  it("renders the default body with the greeting and the link", () => {
    const text = renderTemplate(DEFAULT_EMAIL_BODY, vars);
    expect(text.startsWith("Hi Alex,")).toBe(true);
    expect(text).toContain("Take the survey here: https://acme.example/surveys/1?token=t");
    expect(text).not.toContain("{{");
  });

  it("leaves unknown variables as they were, also the names of object properties", () => {
    expect(renderTemplate("Dear {{lastName}}", vars)).toBe("Dear {{lastName}}");
    expect(renderTemplate("{{constructor}} {{toString}} {{__proto__}}", vars)).toBe("{{constructor}} {{toString}} {{__proto__}}");
  });

  it("does not interpret replacement patterns in values", () => {
    expect(renderTemplate("Hi {{firstName}}", { ...vars, firstName: "$& $1" })).toBe("Hi $& $1");
  });
});

describe("emailSettingsSchema", () => {
  it("accepts the defaults and trims the texts", () => {
    const r = emailSettingsSchema.parse({ emailSubject: `  ${DEFAULT_EMAIL_SUBJECT} `, emailBody: DEFAULT_EMAIL_BODY });
    expect(r.emailSubject).toBe(DEFAULT_EMAIL_SUBJECT);
  });

  it("refuses an empty subject and an empty message", () => {
    const m = messages({ emailSubject: "   ", emailBody: "" });
    expect(m.emailSubject).toEqual(["The subject cannot be empty"]);
    // The link check reports too, so the admin learns both at once.
    expect(m.emailBody).toEqual(["The message cannot be empty", "The message must contain {{surveyLink}}, or people cannot reach the survey"]);
  });

  it("refuses unknown variables, naming them, in the subject and in the message", () => {
    expect(messages({ emailSubject: "Hi {{lastName}}", emailBody: "{{surveyLink}} {{team}} {{x}}" })).toEqual({
      emailSubject: ["Unknown variable in the subject: {{lastName}}. Use {{firstName}} or {{surveyLink}}."],
      emailBody: ["Unknown variables in the message: {{team}}, {{x}}. Use {{firstName}} or {{surveyLink}}."],
    });
  });

  it("requires {{surveyLink}} in the message", () => {
    expect(messages({ emailSubject: "Survey", emailBody: "Hi {{firstName}}" })).toEqual({
      emailBody: ["The message must contain {{surveyLink}}, or people cannot reach the survey"],
    });
  });

  it("limits the lengths", () => {
    expect(messages({ emailSubject: "x".repeat(201), emailBody: `{{surveyLink}}${"x".repeat(5000)}` })).toEqual({
      emailSubject: ["The subject is at most 200 characters"],
      emailBody: ["The message is at most 5,000 characters"],
    });
  });
});

describe("effectiveTemplate", () => {
  it("uses the defaults where the organisation has no text", () => {
    expect(effectiveTemplate({ emailSubject: null, emailBody: null })).toEqual({ subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY });
    expect(effectiveTemplate({ emailSubject: "Mine", emailBody: null })).toEqual({ subject: "Mine", body: DEFAULT_EMAIL_BODY });
  });
});
