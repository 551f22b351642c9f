import { describe, expect, it } from "vitest";
import {
  DEFAULT_EMAIL_BODY,
  DEFAULT_EMAIL_SUBJECT,
  effectiveTemplate,
  emailSettingsSchema,
  gluedSurveyLinks,
  linksIn,
  renderTemplate,
  TEMPLATE_MESSAGES,
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
    expect(renderTemplate("{{firstName}}, {{ firstName }}: {{surveyLink}}", vars)).toBe(
      "Alex, Alex: https://acme.example/surveys/1?token=t",
    );
  });

  it("renders the default body with the greeting and the link", () => {
    const text = renderTemplate(DEFAULT_EMAIL_BODY, vars);
    expect(text.startsWith("Hi Alex,")).toBe(true);
    expect(text).toContain("Take the survey here: https://acme.example/surveys/1?token=t");
    expect(text).not.toContain("{{");
  });

  it("leaves unknown variables as they were, also the names of object properties", () => {
    expect(renderTemplate("Dear {{lastName}}", vars)).toBe("Dear {{lastName}}");
    expect(renderTemplate("{{constructor}} {{toString}} {{__proto__}}", vars)).toBe(
      "{{constructor}} {{toString}} {{__proto__}}",
    );
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
    expect(m.emailBody).toEqual([
      "The message cannot be empty",
      "The message must contain {{surveyLink}}, or people cannot reach the survey",
    ]);
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
    expect(messages({ emailSubject: "x".repeat(201), emailBody: `{{surveyLink}} ${"x".repeat(5000)}` })).toEqual({
      emailSubject: ["The subject is at most 200 characters"],
      emailBody: ["The message is at most 5,000 characters"],
    });
  });
});

describe("personal links cannot be captured by a template", () => {
  const body = (emailBody: string) => messages({ emailSubject: "Weekly pulse", emailBody }).emailBody ?? [];
  const subject = (emailSubject: string) =>
    messages({ emailSubject, emailBody: DEFAULT_EMAIL_BODY }).emailSubject ?? [];

  it("accepts {{surveyLink}} standing alone: after a space, on its own line, at the start or end, between tabs", () => {
    for (const ok of [
      "Take the survey here: {{surveyLink}}",
      "{{surveyLink}}",
      "Hi {{firstName}},\n\n{{surveyLink}}\n\nThanks",
      "{{ surveyLink }} is yours alone.",
      "Here:\t{{surveyLink}}\tthanks",
      "Two links, the same person's: {{surveyLink}} and again {{surveyLink}}",
    ])
      expect(body(ok), ok).toEqual([]);
  });

  it("refuses {{surveyLink}} touching other text, naming where", () => {
    const cases: [string, string][] = [
      ["x{{surveyLink}}", "x{{surveyLink}}"],
      ["Answer here ({{surveyLink}})", "({{surveyLink}})"],
      ["Here: {{surveyLink}}.", "{{surveyLink}}."],
      ["Go:{{surveyLink}}", "Go:{{surveyLink}}"],
      ["Go ?next={{surveyLink}} now", "?next={{surveyLink}}"],
      ["{{firstName}}{{surveyLink}}", "{{firstName}}{{surveyLink}}"],
    ];
    for (const [text, found] of cases) {
      expect(gluedSurveyLinks(text), text).toEqual([found]);
      expect(body(text), text).toEqual([TEMPLATE_MESSAGES.gluedLink([found])]);
    }
    expect(TEMPLATE_MESSAGES.gluedLink(["x{{surveyLink}}"])).toBe(
      '{{surveyLink}} must stand on its own, with a space or a line break before and after it (found "x{{surveyLink}}")',
    );
  });

  it("refuses a link wrapped around {{surveyLink}} with both messages", () => {
    const capture = "https://collector.example/r?who={{firstName}}&next={{surveyLink}}";
    expect(body(`Please answer: ${capture}`)).toEqual([
      TEMPLATE_MESSAGES.gluedLink(["https://collector.example/r?who={{firstName}}&next={{surv..."]),
      TEMPLATE_MESSAGES.otherLinks("message", ["https://collector.example/r?who={{firstName}}&next={{surv..."]),
    ]);
    expect(body('<a href="{{surveyLink}}">Start</a>')).toEqual([
      TEMPLATE_MESSAGES.gluedLink(['href="{{surveyLink}}">Start</a>']),
      TEMPLATE_MESSAGES.otherLinks("message", ["<a", 'href="{{surveyLink}}">Start</a>']),
    ]);
    expect(TEMPLATE_MESSAGES.otherLinks("message", ["www.acme.com"])).toBe(
      'The message cannot contain links or e-mail addresses other than {{surveyLink}} (found "www.acme.com")',
    );
  });

  it("refuses {{surveyLink}} in the subject", () => {
    expect(subject("Your link: {{surveyLink}}")).toEqual([
      "{{surveyLink}} can only go in the message, not in the subject",
    ]);
    expect(subject("{{ surveyLink }}")).toEqual(["{{surveyLink}} can only go in the message, not in the subject"]);
  });

  it("refuses any other link in the message, whatever its form", () => {
    const links = [
      "http://acme.example",
      "https://acme.example/survey",
      "HTTPS://ACME.EXAMPLE",
      "ftp://files.acme",
      "acme-app://open",
      "www.acme.example",
      "WWW.acme",
      "mailto:hr@acme.example",
      "mailto:",
      "javascript:alert(1)",
      "tel:+15551234",
      "<a",
      "<A>",
      "href=x",
      "collector.example/path",
      "collector.example:8080",
      "collector.anything/r?x=1",
      "(see acme.com)",
      "acme.io.",
      "survey.co.uk",
      "hr@acme.example",
      "help@collector.io",
      "10.0.0.1",
      "collector{{firstName}}.com/r",
      "https://{{firstName}}.example",
    ];
    for (const link of links) {
      const text = `Please answer: {{surveyLink}}\nMore at ${link} thanks`;
      expect(linksIn(text), link).toHaveLength(1);
      expect(body(text), link).toEqual([TEMPLATE_MESSAGES.otherLinks("message", linksIn(text))]);
    }
    expect(linksIn('Click <a href = "x">here</a>')).toEqual(["<a", "href ="]);
  });

  it("refuses links in the subject", () => {
    expect(subject("Pulse at www.acme.example")).toEqual([
      'The subject cannot contain links or e-mail addresses (found "www.acme.example")',
    ]);
    expect(subject("See collector.example/r")).toEqual([
      'The subject cannot contain links or e-mail addresses (found "collector.example/r")',
    ]);
  });

  it("lets plain text with dots, abbreviations, numbers and times through", () => {
    const text = [
      "Hi {{firstName}}.",
      "Two minutes, e.g. on the train, i.e. today. The U.S. and E.U. teams, Ph.D. students and a.m. people too.",
      "Rate us 7.5/10 or 9/10, version 2.0, 3.14, at 9:00 or 17:30. Built with Node.js and Vue.js.",
      "Thanks.See you, and/or Mr.Smith. Data: anonymous. Tel: ask your manager. 50% done; <b>bold</b> stays text.",
      "{{surveyLink}}",
    ].join("\n");
    expect(linksIn(text)).toEqual([]);
    expect(body(text)).toEqual([]);
    expect(subject("Weekly check, e.g. five questions. 2 min.")).toEqual([]);
    expect(linksIn(DEFAULT_EMAIL_SUBJECT + "\n" + DEFAULT_EMAIL_BODY)).toEqual([]);
  });

  it("shows at most three findings, each shortened to 60 characters", () => {
    const m = body(`{{surveyLink}} a.com b.com c.com d.com https://${"x".repeat(80)}.example`)[0];
    expect(m).toBe(
      'The message cannot contain links or e-mail addresses other than {{surveyLink}} (found "a.com", "b.com", "c.com", ...)',
    );
    expect(linksIn(`https://${"x".repeat(80)}`)[0]).toHaveLength(60);
  });
});

describe("effectiveTemplate", () => {
  it("uses the defaults where the organisation has no text", () => {
    expect(effectiveTemplate({ emailSubject: null, emailBody: null })).toEqual({
      subject: DEFAULT_EMAIL_SUBJECT,
      body: DEFAULT_EMAIL_BODY,
    });
    expect(effectiveTemplate({ emailSubject: "Mine", emailBody: null })).toEqual({
      subject: "Mine",
      body: DEFAULT_EMAIL_BODY,
    });
    expect(effectiveTemplate({ emailSubject: "Mine", emailBody: "Go: {{surveyLink}}" })).toEqual({
      subject: "Mine",
      body: "Go: {{surveyLink}}",
    });
  });

  it("uses the whole default template in place of one that breaks the rules (e.g. written straight into the database)", () => {
    const defaults = { subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY };
    expect(
      effectiveTemplate({ emailSubject: "Mine", emailBody: "https://collector.example/r?next={{surveyLink}}" }),
    ).toEqual(defaults);
    expect(effectiveTemplate({ emailSubject: "Mine", emailBody: "Go: {{surveyLink}} or www.acme.example" })).toEqual(
      defaults,
    );
    expect(effectiveTemplate({ emailSubject: "Link: {{surveyLink}}", emailBody: null })).toEqual(defaults);
    expect(effectiveTemplate({ emailSubject: null, emailBody: "No link at all" })).toEqual(defaults);
  });
});
