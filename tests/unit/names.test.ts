import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { isSafeName, NAME_MESSAGE } from "@/lib/validation/names";
import { signupRules } from "@/lib/validation/signup-rules";
import { signupSchema } from "@/lib/signup/schemas";
import { teamInputSchema, userInputSchema } from "@/lib/people/schemas";
import { importRowSchema } from "@/lib/people/bulk-import-schemas";
import { displayName, escapeHtml, firstNameOr, greeting, oneLine, safeName } from "@/lib/mail/safe-name";
import { renderTemplate, DEFAULT_EMAIL_BODY, DEFAULT_EMAIL_SUBJECT } from "@/lib/surveys/email-template";
import { meetingInvitation, type MeetingInvitationInput } from "@/lib/one-on-one/calendar";
import { isCalendarText, mailAttachmentSchema } from "@/lib/mail/attachments";
import { toEml } from "@/lib/mail/transport";
import { zodFieldErrors } from "@/lib/errors/problem";
import { VALID_SIGNUP } from "@/tests/fixtures/signup-input";

// Real names, from many places, that the rule must never refuse.
const REAL = [
  "J.R.",
  "J. R. R.",
  "St. John",
  "O'Brien",
  "D'Angelo",
  "Zoë",
  "María-José",
  "李",
  "Nguyễn Thị",
  "محمد",
  "דוד",
  "Ó Súilleabháin",
  "Jean-Luc",
  "Smith Jr.",
  "Dr. A. B. Ode",
  "Mary Ann",
  "van der Berg",
  "Łukasz",
  "Ærøskøbing",
  'O"Neil',
  'Robert "Bob"',
  "Smith; Jones",
  "Doe, Jr.",
  "Ana (Annie)",
  "Kaʻiulani",
  "زهرا\u200cسادات",
  "👩🏽‍💻 Dev",
  "Q",
  "Mr. T",
  "A.J. Styles",
];
// Hostile names: links in every spelling mail clients turn into one, markup, line breaks, control
// characters and the bidirectional overrides that can disguise what follows them.
const HOSTILE = [
  "Bob http://evil.example",
  "https://evil.example",
  "Bob hxxp://x",
  "ftp://files",
  "www.evil.example",
  "WWW.Evil",
  "Bob www.x",
  "www2.evil",
  "evil.example",
  "Bob evil.com/path",
  "Visit EVIL.COM",
  "Bob (evil.co)",
  "bob@evil.example",
  "xn--80ak6aa92e.com",
  "пример.рф",
  "evil。example",
  "evil．example",
  "10.0.0.1",
  "<script>",
  "<b>Bob</b>",
  "a>b",
  "A\nB",
  "A\rB",
  "A\r\nBcc: x@evil.example",
  "A\u0000",
  "A\tB",
  "A\u007fB",
  "A\u0085B",
  "A\u2028B",
  "A\u2029B",
  "A\u202eB",
  "A\u202aB",
  "A\u2066B",
  "A\u2069B",
  "evil\u200b.example",
  "evil\u00ad.example",
  "evil\u2060.example",
  "evil\ufeff.example",
];

describe("the name rule", () => {
  it.each(REAL)("accepts the real name %j", (name) => expect(isSafeName(name)).toBe(true));
  it.each(HOSTILE)("refuses %j", (name) => expect(isSafeName(name)).toBe(false));

  const forms: [string, (v: Record<string, unknown>) => Record<string, string[]>, Record<string, unknown>, string[]][] =
    [
      ["signup (browser)", (v) => fieldsOf(signupRules.safeParse(v)), { ...VALID_SIGNUP }, ["firstName", "lastName"]],
      ["signup (server)", (v) => fieldsOf(signupSchema.safeParse(v)), { ...VALID_SIGNUP }, ["firstName", "lastName"]],
      [
        "add or edit a person",
        (v) => fieldsOf(userInputSchema.safeParse(v)),
        { firstName: "Ana", lastName: "Novak", email: "ana@example.com", role: "employee" },
        ["firstName", "lastName"],
      ],
      [
        "bulk import row",
        (v) => fieldsOf(importRowSchema.safeParse(v)),
        { firstName: "Ana", lastName: "Novak", email: "ana@example.com", department: "Sales" },
        ["firstName", "lastName", "department"],
      ],
      ["team", (v) => fieldsOf(teamInputSchema.safeParse(v)), { name: "Customer Success" }, ["name"]],
    ];
  it.each(forms)("%s: a hostile name gets the one field message, a real one none", (_name, fields, valid, keys) => {
    expect(fields(valid)).toEqual({});
    for (const key of keys) {
      for (const bad of ["Bob http://evil.example", "evil.example", "<script>", "A\nB", "A\u202eB"])
        expect(fields({ ...valid, [key]: bad }), `${key}: ${JSON.stringify(bad)}`).toEqual({ [key]: [NAME_MESSAGE] });
      for (const good of ["J.R.", "St. John", "O'Brien", "María-José", "李", 'O"Neil'])
        expect(fields({ ...valid, [key]: good }), `${key}: ${good}`).toEqual({});
    }
  });
});

function fieldsOf(
  r:
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
): Record<string, string[]> {
  return r.success ? {} : zodFieldErrors(r.error.issues);
}

describe("names in messages", () => {
  it("shows a safe name and leaves an unsafe one out", () => {
    expect(safeName("  Ana ")).toBe("Ana");
    expect(safeName("evil.example")).toBeNull();
    expect(safeName("")).toBeNull();
    expect(greeting("Ana")).toBe("Hi Ana,");
    expect(greeting("Bob http://evil.example")).toBe("Hello,");
    expect(greeting(null)).toBe("Hello,");
    expect(displayName("Ana", "Novak", "your manager")).toBe("Ana Novak");
    expect(displayName("Ana", "www.evil.example", "your manager")).toBe("Ana");
    expect(displayName("A\nB", "Novak", "your manager")).toBe("your manager");
    expect(firstNameOr("<script>", "there")).toBe("there");
  });

  it("puts a header value on one line and escapes HTML", () => {
    expect(oneLine("Hi\r\nBcc: x@evil.example\u2028y\u0000z")).toBe("Hi Bcc: x@evil.example y z");
    expect(escapeHtml(`<a href="x">O'Neil & co</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;O&#39;Neil &amp; co&lt;/a&gt;");
  });

  it("the survey template renders an unsafe first name as 'there', a safe one as it is", () => {
    const link = "https://acme.example/surveys/1?token=t";
    expect(renderTemplate(DEFAULT_EMAIL_BODY, { firstName: "Bob http://evil.example", surveyLink: link })).toMatch(
      /^Hi there,\n/,
    );
    expect(
      renderTemplate(DEFAULT_EMAIL_BODY, { firstName: "Bob http://evil.example", surveyLink: link }),
    ).not.toContain("evil");
    expect(
      renderTemplate("{{firstName}}: " + DEFAULT_EMAIL_SUBJECT, {
        firstName: "A\r\nBcc: x@evil.example",
        surveyLink: "",
      }),
    ).toBe("there: " + DEFAULT_EMAIL_SUBJECT);
    expect(renderTemplate(DEFAULT_EMAIL_BODY, { firstName: 'O"Neil', surveyLink: link })).toMatch(/^Hi O"Neil,\n/);
  });
});

const base: MeetingInvitationInput = {
  method: "REQUEST",
  uid: "4f1c2d3e-0000-4000-8000-000000000001@acme.pulsewell.test",
  sequence: 0,
  start: new Date("2026-03-02T09:00:00Z"),
  durationMinutes: 30,
  timeZone: "Europe/London",
  recurrence: "weekly",
  summary: "1:1",
  organizer: { name: "Ana Novak", email: "ana@acme.test" },
  attendee: { name: "Ben Ode", email: "ben@acme.test" },
  stamp: new Date("2026-02-20T12:00:00Z"),
};

function vevent(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  const v = calendar.getFirstSubcomponent("vevent");
  if (!v) throw new Error("no VEVENT");
  return v;
}
const cn = (v: ICAL.Component, prop: string) => v.getFirstProperty(prop)?.getParameter("cn");

describe("calendar files with hostile text", () => {
  it("a name with quotes, semicolons, commas, carets and backslashes still parses, the name readable", () => {
    const inv = meetingInvitation({
      ...base,
      summary: '1:1: O"Neil; Smith, Jr. \\ Ben',
      description: "Line one\nLine two; with, punctuation\u0001",
      organizer: { name: 'Robert "Bob" O\'Neil; Jr., ^n x\\y', email: "bob@acme.test" },
      attendee: { name: "Smith; Jones, Ann", email: "ann@acme.test" },
    });
    expect(isCalendarText(inv.content)).toBe(true);
    const v = vevent(inv.content);
    expect(v.getFirstPropertyValue("summary")).toBe('1:1: O"Neil; Smith, Jr. \\ Ben');
    expect(v.getFirstPropertyValue("description")).toBe("Line one\nLine two; with, punctuation ");
    // DQUOTE cannot be in a parameter: it becomes an apostrophe; "^" survives RFC 6868 decoding.
    expect(cn(v, "organizer")).toBe("Robert 'Bob' O'Neil; Jr., ^n x/y");
    expect(cn(v, "attendee")).toBe("Smith; Jones, Ann");
    expect(v.getFirstPropertyValue("organizer")).toBe("mailto:bob@acme.test");
  });

  it.each(HOSTILE)("a name failing the rule (%j) is replaced by the e-mail address, and the file parses", (name) => {
    const inv = meetingInvitation({
      ...base,
      organizer: { name: `X ${name}`, email: "bob@acme.test" },
      attendee: { name, email: "ann@acme.test" },
    });
    expect(isCalendarText(inv.content)).toBe(true);
    const v = vevent(inv.content);
    expect(cn(v, "organizer")).toBe("bob@acme.test");
    expect(cn(v, "attendee")).toBe("ann@acme.test");
    expect(inv.content).not.toMatch(/evil|<|>/i);
  });

  it("a calendar attachment holding a raw line break or control character is refused", () => {
    const ok = meetingInvitation(base);
    expect(mailAttachmentSchema.safeParse(ok).success).toBe(true);
    const broken = ok.content.replace("SUMMARY:1:1", "SUMMARY:1:1\nATTENDEE:mailto:x@evil.example");
    expect(mailAttachmentSchema.safeParse({ ...ok, content: broken }).success).toBe(false);
    expect(
      mailAttachmentSchema.safeParse({ ...ok, content: ok.content.replace("SUMMARY:1:1", "SUMMARY:1:1\u0000") })
        .success,
    ).toBe(false);
    // Plain text attachments keep their line breaks.
    expect(
      mailAttachmentSchema.safeParse({ filename: "notes.txt", contentType: "text/plain", content: "a\nb" }).success,
    ).toBe(true);
  });
});

/** A message's header block as [name, value] pairs; throws on anything RFC 5322 would not read
 * as one header per line (a continuation line would have to start with a space). */
function headersOf(eml: string): [string, string][] {
  const end = eml.indexOf("\r\n\r\n");
  expect(end).toBeGreaterThan(0);
  return eml
    .slice(0, end)
    .split("\r\n")
    .map((line) => {
      const m = /^([A-Za-z-]+): ([\x20-\x7e]*)$/.exec(line);
      if (!m) throw new Error(`not a header line: ${JSON.stringify(line)}`);
      return [m[1]!, m[2]!];
    });
}

describe("the .eml writer", () => {
  it("keeps a subject with line breaks in one encoded header", () => {
    const eml = toEml(
      {
        id: "m1",
        from: "Pulsewell <no-reply@pulsewell.test>",
        to: "ana@acme.test\r\nBcc: x@evil.example",
        subject: "Hi\r\nBcc: x@evil.example",
        text: "Body",
        html: null,
      },
      "m1",
    );
    expect(headersOf(eml).map(([n]) => n)).toEqual([
      "Message-ID",
      "Date",
      "From",
      "To",
      "Subject",
      "MIME-Version",
      "Content-Type",
      "Content-Transfer-Encoding",
    ]);
    expect(eml).not.toMatch(/^Bcc:/im);
  });
});
