import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MAIL_CATALOG, SAMPLE_ORIGIN, SAMPLE_SURVEY_LINK } from "@/lib/mail/templates/catalog";
import { surveyInvitationMails } from "@/lib/mail/templates/survey-invitation";
import { peopleInvitationMails } from "@/lib/mail/templates/people-invitation";
import { brandOf } from "@/lib/mail/brand-rules";
import { DEFAULT_ACCENT_COLOR } from "@/lib/mail/templates/types";
import { SURVEY_TOKEN_PLACEHOLDER } from "@/lib/surveys/link-token";
import { LINK_TOKEN_PATTERN } from "@/lib/mail/deliver";

// Every message in the catalogue, rendered: the company's name and colour in both parts, names
// escaped in the HTML, and the HTML's links exactly the text's (absolute workspace URLs, the
// survey token placeholder only inside the survey link).

const root = path.resolve(import.meta.dirname, "../..");
const brand = { companyName: "Acme & Sons", accentColor: "#c0ffee" };
const names = { person: "Ana", other: "Bo Berg" };
const HOSTILE = {
  brand: { companyName: `<script>alert("co")</script> O'Hara & "Sons"`, accentColor: "#123abc" },
  names: { person: `<img src=x onerror=alert(1)>`, other: `"><script>alert('m')</script>&amp;` },
};

const anchors = (html: string) =>
  [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((m) => ({ href: m[1]!, label: m[2]! }));
const unescape = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
/** The URLs of a text part, as the text has them (mail clients link these). */
const textUrls = (text: string) =>
  (text.match(/https?:\/\/[^\s"'<>]+/g) ?? []).map((u) => u.replace(/[.,;:!?)]+$/, ""));
const count = (s: string, part: string) => s.split(part).length - 1;

describe.each(MAIL_CATALOG.map((e) => [e.name, e] as const))("%s", (_name, entry) => {
  it("carries the company's name in both parts and its accent colour in the HTML", async () => {
    const m = await entry.render(brand, names);
    expect(m.text).toContain("Acme & Sons");
    expect(m.html).toContain("Acme &amp; Sons");
    expect(m.html).toMatch(/^<!DOCTYPE html/);
    expect(m.html).toContain("#c0ffee");
    expect(m.subject).not.toMatch(/[\r\n]/);
  });

  it("escapes hostile company and person names in the HTML", async () => {
    const m = await entry.render(HOSTILE.brand, HOSTILE.names);
    expect(m.html).not.toMatch(/<script|<img|onerror=alert\(1\)>/i);
    expect(m.html).toContain("&lt;script&gt;alert(&quot;co&quot;)&lt;/script&gt; O&#x27;Hara &amp; &quot;Sons&quot;");
    // Outside the layout's own tags no angle bracket is left: every one from a name is escaped.
    const outsideTags = m.html.replace(/<\/?[a-z][a-z0-9]*(?:\s[^<>]*)?\/?>|<!--[^<>]*-->|<!DOCTYPE[^<>]*>/gi, "");
    expect(outsideTags).not.toMatch(/[<>]/);
    // The text part keeps names as they are (it is not HTML).
    expect(m.text).toContain(HOSTILE.brand.companyName);
  });

  it("links exactly the text's URLs, all absolute on the workspace's origin", async () => {
    const m = await entry.render(brand, names);
    const links = anchors(m.html);
    for (const a of links) {
      expect(a.href).toMatch(/^https?:\/\//);
      expect(a.href.startsWith(`${SAMPLE_ORIGIN}/`)).toBe(true);
      // A link shows its own address: nothing reads as one place and goes to another.
      expect(unescape(a.label)).toBe(unescape(a.href));
    }
    const urls = textUrls(m.text);
    for (const u of urls) expect(u.startsWith(`${SAMPLE_ORIGIN}/`), u).toBe(true);
    expect(new Set(links.map((a) => unescape(a.href)))).toEqual(new Set(urls));
    // Every URL of the text is linked as often as the text has it, and no other link exists.
    expect(links.length).toBe(urls.length);
  });

  it("has the survey token placeholder only where the text has it, inside the survey link", async () => {
    const m = await entry.render(brand, names);
    const inText = count(m.text, SURVEY_TOKEN_PLACEHOLDER);
    // In the HTML each occurrence is one link: its address and its label.
    expect(count(m.html, SURVEY_TOKEN_PLACEHOLDER)).toBe(2 * inText);
    const surveyLinks = anchors(m.html).filter((a) => a.href.includes(SURVEY_TOKEN_PLACEHOLDER));
    expect(surveyLinks).toHaveLength(inText);
    for (const a of surveyLinks) expect(a.href).toBe(SAMPLE_SURVEY_LINK);
    if (entry.name === "survey-invitation") expect(inText).toBe(1);
    // Closing a survey blanks tokens in the stored HTML as in the text (the same SQL pattern).
    const pattern = new RegExp(LINK_TOKEN_PATTERN.replace("[:space:]", "\\s"), "g");
    const redacted = (s: string) => s.replace(pattern, "$1removed-after-delivery");
    expect(redacted(m.html)).not.toContain(SURVEY_TOKEN_PLACEHOLDER);
    expect(count(redacted(m.html), "token=removed-after-delivery")).toBe(2 * count(m.text, "token="));
  });
});

describe("the catalogue", () => {
  it("lists every template file", () => {
    const dir = path.join(root, "lib/mail/templates");
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".tsx") && !["layout.tsx", "render.tsx"].includes(f))
      .map((f) => f.replace(/\.tsx$/, ""))
      .sort();
    expect(MAIL_CATALOG.map((e) => e.name).sort()).toEqual(files);
  });
});

describe("rendered once for many people", () => {
  it("gives each person what rendering them alone gives", async () => {
    const template = { subject: "Pulse for {{firstName}}", body: "Hello {{ firstName }} & co!\n\nGo: {{surveyLink}}" };
    const people = [{ firstName: "Ana" }, { firstName: `O"Neil & Sons` }, { firstName: "evil.example" }];
    const together = await surveyInvitationMails({ brand, template, link: SAMPLE_SURVEY_LINK, people });
    for (const [i, p] of people.entries()) {
      const alone = await surveyInvitationMails({ brand, template, link: SAMPLE_SURVEY_LINK, people: [p] });
      expect(together[i]).toEqual(alone[0]);
    }
    expect(together[0]!.subject).toBe("Pulse for Ana");
    expect(together[1]!.html).toContain("Hello O&quot;Neil &amp; Sons &amp; co!");
    // A name that could act as a link is not shown ("there" instead), as in the text.
    expect(together[2]!.text).toMatch(/^Hello there & co!/);
    expect(together[2]!.html).not.toContain("evil.example");
  });

  it("fills each invitee's link and address into the HTML escaped", async () => {
    const mails = await peopleInvitationMails({
      brand,
      product: "Pulsewell",
      workspaceName: "Acme",
      inviterName: null,
      loginUrl: `${SAMPLE_ORIGIN}/login`,
      invitees: [
        { firstName: "Ana", email: "ana@acme.example", link: `${SAMPLE_ORIGIN}/accept-invite?token=one` },
        { firstName: "Bo", email: "bo+x&y@acme.example", link: `${SAMPLE_ORIGIN}/accept-invite?token=two` },
      ],
    });
    expect(anchors(mails[0]!.html).map((a) => a.href)).toEqual([
      `${SAMPLE_ORIGIN}/accept-invite?token=one`,
      `${SAMPLE_ORIGIN}/login`,
    ]);
    expect(mails[1]!.html).toContain(`${SAMPLE_ORIGIN}/accept-invite?token=two`);
    expect(mails[1]!.html).toContain("bo+x&amp;y@acme.example");
    expect(mails[1]!.text).toContain("Hi Bo,\n");
    expect(mails[1]!.html).not.toContain("PWSLOT");
  });
});

describe("brandOf", () => {
  it("uses a stored #rrggbb colour and the product's default otherwise", () => {
    expect(brandOf({ name: "Acme", accentColor: "#AABBCC" })).toEqual({ companyName: "Acme", accentColor: "#aabbcc" });
    for (const bad of [null, "red", "#abc", "#abcdefg", "#abcdef;background:url(x)"])
      expect(brandOf({ name: "Acme", accentColor: bad }).accentColor).toBe(DEFAULT_ACCENT_COLOR);
  });

  it("does not show a company name that could act as a link", () => {
    expect(brandOf({ name: "collector.example", accentColor: null }).companyName).toBe("Your workspace");
    expect(brandOf({ name: "O'Hara & Sons", accentColor: null }).companyName).toBe("O'Hara & Sons");
  });
});

describe("every message goes through a template", () => {
  function sourceFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) return name === "generated" ? [] : sourceFiles(p);
      return /\.tsx?$/.test(p) ? [p] : [];
    });
  }

  it("each module that queues mail renders it with a template from lib/mail/templates", () => {
    const senders = sourceFiles(path.join(root, "lib")).filter(
      (f) =>
        !f.includes(`${path.sep}lib${path.sep}mail${path.sep}`) && /\benqueueMails?\(/.test(readFileSync(f, "utf8")),
    );
    expect(senders.length).toBeGreaterThanOrEqual(10);
    for (const f of senders)
      expect(readFileSync(f, "utf8"), path.relative(root, f)).toMatch(/from "@\/lib\/mail\/templates\/[a-z-]+"/);
  });

  it("the outbox's input requires an HTML part (a type: MailInput = RenderedMail & ...)", () => {
    const outbox = readFileSync(path.join(root, "lib/mail/outbox.ts"), "utf8");
    expect(outbox).toMatch(/export type MailInput = RenderedMail & \{/);
    expect(outbox).not.toMatch(/html\?:/);
  });
});

describe("the static renderer", () => {
  it("writes what react-dom's renderToStaticMarkup writes for the mail layout", async () => {
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { MailLayout, Paragraphs } = await import("@/lib/mail/templates/layout");
    const { toHtml } = await import("@/lib/mail/templates/to-html");
    const tree = createElement(MailLayout, {
      brand: HOSTILE.brand,
      preview: `Preview & "more"`,
      children: createElement(Paragraphs, {
        text: `Hi ${HOSTILE.names.person},\n\nGo: ${SAMPLE_SURVEY_LINK}\nthen ${HOSTILE.names.other}`,
        links: [SAMPLE_SURVEY_LINK],
        accentColor: "#123abc",
      }),
    });
    const html = toHtml(tree);
    expect(html.replace(/^<!DOCTYPE[^>]*>/, "")).toBe(renderToStaticMarkup(tree));
  });

  it("refuses raw HTML", async () => {
    const { createElement } = await import("react");
    const { toHtml } = await import("@/lib/mail/templates/to-html");
    expect(() => toHtml(createElement("div", { dangerouslySetInnerHTML: { __html: "<b>x</b>" } }))).toThrow();
  });

  it("links only to http(s) and mailto addresses", async () => {
    const { createElement } = await import("react");
    const { toHtml } = await import("@/lib/mail/templates/to-html");
    for (const href of ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x", "vbscript:x", "/relative"])
      expect(() => toHtml(createElement("a", { href }, "x")), href).toThrow(/http\(s\) and mailto/);
    expect(() => toHtml(createElement("img", { src: "data:image/png;base64,AAAA" }))).toThrow();
    expect(toHtml(createElement("a", { href: "https://acme.example.com/x?a=1&b=2" }, "x"))).toContain(
      'href="https://acme.example.com/x?a=1&amp;b=2"',
    );
    expect(toHtml(createElement("a", { href: "mailto:a@b.example" }, "x"))).toContain('href="mailto:a@b.example"');
  });
});
