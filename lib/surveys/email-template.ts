// The survey invitation e-mail: the product's default texts, the two variables, rendering and checks.
// Shared by the Email Settings form, its API and the round sender.
import { z } from "zod";
import { pluralWord } from "@/lib/format";
import { firstNameOr } from "@/lib/mail/safe-name";

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

/** What {{firstName}} reads when the person's stored name fails the name rule ("Hi there,"). */
const NAME_FALLBACK = "there";

export function renderTemplate(text: string, vars: Record<(typeof TEMPLATE_VARIABLES)[number], string>): string {
  // The template's link rule below cannot see a name, which is filled in here, per person: a
  // stored name that could carry a link, markup or a line break (lib/validation/names.ts) is
  // not rendered at all.
  const safe = { ...vars, firstName: firstNameOr(vars.firstName, NAME_FALLBACK) };
  // Own properties only: `in` would also find Object.prototype's, so {{constructor}} would
  // render as function source.
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(safe, name) ? safe[name as keyof typeof safe] : whole,
  );
}

const noUnknown = (field: string) => (v: string) => {
  const bad = unknownVariables(v);
  return (
    bad.length === 0 ||
    `Unknown ${pluralWord(bad.length, "variable")} in the ${field}: ${bad.map((b) => `{{${b}}}`).join(", ")}. Use {{firstName}} or {{surveyLink}}.`
  );
};

// ---------------------------------------------------------------------------------------------
// Personal links cannot be captured by a template (docs/decisions.md (Mail and links)).
// A template that could wrap {{surveyLink}} in a URL of its own (`https://collector.example/r?next=
// {{surveyLink}}`) would send every person's link, and so their answers' identity, to a host the
// template's author controls; a template with any other link can lure people to such a host. So
// {{surveyLink}} stands alone, only in the message, and the template holds no other link. These
// checks are the authority; the migration 20261123190500_template_link_rule approximates them in SQL.

/** Whitespace as in the rule: spaces, tabs and line breaks (ASCII), the characters around which
 * mail clients end an automatic link. */
const SPACE_CHARS = " \t\r\n\f\v";
const isSpace = (c: string | undefined) => c === undefined || SPACE_CHARS.includes(c);
const WORDS = /[ \t\r\n\f\v]+/;
const SURVEY_LINK = /\{\{\s*surveyLink\s*\}\}/g;

/** The whitespace-delimited stretch of text around [start, end), for messages; at most 60 characters. */
function wordAround(text: string, start: number, end: number): string {
  let a = start;
  let b = end;
  while (a > 0 && !isSpace(text[a - 1])) a--;
  while (b < text.length && !isSpace(text[b])) b++;
  const word = text.slice(a, b);
  return word.length > 60 ? `${word.slice(0, 57)}...` : word;
}

/** Every {{surveyLink}} that touches other text (anything but whitespace or the start or end of the
 * text directly before or after it), as the word it is part of. */
export function gluedSurveyLinks(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(SURVEY_LINK)) {
    const end = m.index + m[0].length;
    if (!isSpace(text[m.index - 1]) || !isSpace(text[end])) out.push(wordAround(text, m.index, end));
  }
  return [...new Set(out)];
}

// Country-code top-level domains (ISO 3166-1 alpha-2, plus uk, eu, ac, su) and common generic
// ones. Deliberately a list and not "any letters": "Node.js" or "Thanks.See you" stay plain text,
// while "acme.com", "collector.io" or "survey.example" count as links. Any word.word followed by
// "/" or ":<port>" counts whatever its ending, so "collector.anything/path" is a link too.
const CC_TLDS =
  "ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et eu fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk um us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw";
const GENERIC_TLDS =
  "com net org info biz edu gov mil int app dev xyz top site online store shop link click live page cloud tech email website space fun icu vip work blog news art world today life group company agency digital network solutions services support help center zone pro name mobi tel travel jobs asia cat coop aero museum onion example test invalid local localhost arpa";
const TLDS = `${GENERIC_TLDS} ${CC_TLDS}`.split(" ").join("|");
const LABEL = "[a-z0-9](?:[a-z0-9-]*[a-z0-9])?";

/** Patterns that make a word a link (each word is a whitespace-delimited stretch of the text). */
const LINK_IN_WORD: RegExp[] = [
  /:\/\//, // any scheme://: http, https, ftp, ...
  /(?<![a-z0-9-])www\d{0,3}\./i, // www.
  /(?<![a-z0-9+.-])mailto:/i, // mailto:, even with nothing after it
  /(?<![a-z0-9+.-])(?:tel|sms|callto|javascript|vbscript|data|file):(?=\S)/i, // other schemes without //
  /<a(?![a-z0-9-])/i, // an HTML anchor
  /href\s*=/i,
  new RegExp(`(?<![a-z0-9-])(?:${LABEL}\\.)+[a-z][a-z0-9-]*[a-z0-9](?=/|:\\d)`, "i"), // collector.example/path, host.name:8080
  new RegExp(`(?<![a-z0-9-])(?:${LABEL}\\.)+(?:${TLDS})(?![a-z0-9-])`, "i"), // acme.com, collector.io
  /[^\s@]@(?:[a-z0-9-]+\.)+[a-z]{2,}/i, // an e-mail address: a forwarded invitation would carry the link
  /(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])/, // an IPv4 address
];

/**
 * The links in a text: every word that is or holds a URL, a link or an e-mail address. Variables
 * inside a word are tried both empty and filled, so `collector{{firstName}}.com/r` (which renders
 * as collectorAlex.com/r) is found too. `href=` is also found across spaces (`href = "..."`).
 */
export function linksIn(text: string): string[] {
  const found = new Set<string>();
  // Inner spaces of a variable ({{ firstName }}) must not split a word.
  const words = text.replace(VARIABLE, (_w, name: string) => `{{${name}}}`).split(WORDS);
  for (const word of words) {
    if (!word) continue;
    const variants = [word, word.replace(VARIABLE, ""), word.replace(VARIABLE, "name")];
    if (variants.some((v) => LINK_IN_WORD.some((re) => re.test(v))))
      found.add(word.length > 60 ? `${word.slice(0, 57)}...` : word);
  }
  for (const m of text.matchAll(/href\s*=/gi)) found.add(wordAround(text, m.index, m.index + m[0].length));
  return [...found];
}

const quoteList = (items: string[]) =>
  items
    .slice(0, 3)
    .map((i) => `"${i}"`)
    .join(", ") + (items.length > 3 ? ", ..." : "");

export const TEMPLATE_MESSAGES = {
  linkInSubject: "{{surveyLink}} can only go in the message, not in the subject",
  gluedLink: (found: string[]) =>
    `{{surveyLink}} must stand on its own, with a space or a line break before and after it (found ${quoteList(found)})`,
  otherLinks: (field: "subject" | "message", found: string[]) =>
    `The ${field} cannot contain links or e-mail addresses${field === "message" ? " other than {{surveyLink}}" : ""} (found ${quoteList(found)})`,
} as const;

type Ctx = z.RefinementCtx<string>;

function checkSubjectLinks(v: string, ctx: Ctx) {
  if (/\{\{\s*surveyLink\s*\}\}/.test(v))
    ctx.addIssue({ code: "custom", message: TEMPLATE_MESSAGES.linkInSubject, input: v });
  const links = linksIn(v);
  if (links.length > 0)
    ctx.addIssue({ code: "custom", message: TEMPLATE_MESSAGES.otherLinks("subject", links), input: v });
}

function checkBodyLinks(v: string, ctx: Ctx) {
  const glued = gluedSurveyLinks(v);
  if (glued.length > 0) ctx.addIssue({ code: "custom", message: TEMPLATE_MESSAGES.gluedLink(glued), input: v });
  const links = linksIn(v);
  if (links.length > 0)
    ctx.addIssue({ code: "custom", message: TEMPLATE_MESSAGES.otherLinks("message", links), input: v });
}

export const emailSettingsSchema = z.object({
  emailSubject: z
    .string()
    .trim()
    .min(1, "The subject cannot be empty")
    .max(200, "The subject is at most 200 characters")
    .refine((v) => noUnknown("subject")(v) === true, { error: (i) => String(noUnknown("subject")(String(i.input))) })
    .superRefine(checkSubjectLinks),
  emailBody: z
    .string()
    .trim()
    .min(1, "The message cannot be empty")
    .max(5000, "The message is at most 5,000 characters")
    .refine((v) => noUnknown("message")(v) === true, { error: (i) => String(noUnknown("message")(String(i.input))) })
    .refine(
      (v) => /\{\{\s*surveyLink\s*\}\}/.test(v),
      "The message must contain {{surveyLink}}, or people cannot reach the survey",
    )
    .superRefine(checkBodyLinks),
  organizationId: z.string().optional(),
});

/**
 * The organisation's template, or the defaults where it has none. A stored template that breaks
 * the rules (written before them, or straight into the database) is not used at all: the whole
 * template falls back to the defaults, so no invitation ever carries a capturable link.
 */
export function effectiveTemplate(org: { emailSubject: string | null; emailBody: string | null }): {
  subject: string;
  body: string;
} {
  const template = { subject: org.emailSubject || DEFAULT_EMAIL_SUBJECT, body: org.emailBody || DEFAULT_EMAIL_BODY };
  const valid = emailSettingsSchema.safeParse({ emailSubject: template.subject, emailBody: template.body }).success;
  return valid ? template : { subject: DEFAULT_EMAIL_SUBJECT, body: DEFAULT_EMAIL_BODY };
}
