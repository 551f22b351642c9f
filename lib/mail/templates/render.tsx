import { escapeRegExp } from "@/lib/utils/reg-exp";
import { toHtml } from "./to-html";
import { MailLayout, Paragraphs } from "./layout";
import { escapeHtml, oneLine } from "@/lib/mail/safe-name";
import type { MailBrand, RenderedMail } from "./types";

/** The text part's last lines: the company the message comes from. */
const textFooter = (brand: MailBrand) => `\n\n--\nSent on behalf of ${brand.companyName}.`;

/**
 * A message from its plain text: the text part is `text` as it is (plus the company's name at the
 * end), the HTML part is the same paragraphs in the company's layout, with exactly the URLs in
 * `links` (each must occur in `text`) as links. `preview` is the line inboxes show after the
 * subject; the text's first paragraph when not given.
 */
export async function renderMail(p: {
  brand: MailBrand;
  subject: string;
  text: string;
  links?: readonly string[];
  preview?: string;
}): Promise<RenderedMail> {
  const preview = p.preview ?? firstLine(p.text);
  const html = toHtml(
    <MailLayout brand={p.brand} preview={preview}>
      <Paragraphs text={p.text} links={p.links} accentColor={p.brand.accentColor} />
    </MailLayout>,
  );
  return { subject: oneLine(p.subject), text: p.text + textFooter(p.brand), html };
}

/** The inbox preview: the first line that is neither a greeting ("Hi Ana,", which says nothing in a
 * list) nor holds a link (a link, and a survey link's token, is only ever where the text has it). */
function firstLine(text: string): string {
  const lines = text.split("\n").map((l) => l.trim());
  const meaningful = lines.filter(
    (l) => l && !/^(hi|hello)\b.*,$/i.test(l) && !l.includes("://") && !l.includes(SLOT_MARK),
  );
  const first = meaningful[0] ?? "";
  return first.length > 140 ? `${first.slice(0, 137)}...` : first;
}

/**
 * Many messages from one render (a survey round, a bulk import: thousands of people): the message
 * is rendered once with `slots` (unique marker strings) where the per-person values go, and each
 * person's copy replaces them, as they are in the subject and text and HTML-escaped in the HTML.
 * The result is what rendering each person's props would give, without thousands of renders.
 */
export function personalise(mail: RenderedMail, values: Record<string, string>): RenderedMail {
  const slots = Object.keys(values);
  if (slots.length === 0) return mail;
  const re = new RegExp(slots.map(escapeRegExp).join("|"), "g");
  return {
    subject: oneLine(mail.subject.replace(re, (s) => values[s]!)),
    text: mail.text.replace(re, (s) => values[s]!),
    html: mail.html.replace(re, (s) => escapeHtml(values[s]!)),
  };
}

/** A marker for personalise: letters only, so nothing escapes or encodes it on the way. */
export const slot = (name: string) => `${SLOT_MARK}${name.replace(/[^A-Za-z]/g, "")}XSLOT`;
const SLOT_MARK = "PWSLOT";

const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/** Every absolute URL in `text` on the workspace's origin (`origin` without a trailing slash), as
 * it stands in the text, without the sentence's punctuation after it: the links a message built. */
export function workspaceUrls(text: string, origin: string): string[] {
  const found = text.match(new RegExp(`${escapeRegExp(origin)}(?:[/?#][^\\s]*)?`, "g")) ?? [];
  return [...new Set(found.map((u) => u.replace(TRAILING_PUNCTUATION, "")))];
}
