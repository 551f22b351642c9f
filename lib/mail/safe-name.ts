import { isSafeName } from "@/lib/validation/names";

// Names in e-mails and calendar files are data. New names are refused when they could act as a
// link or markup (lib/validation/names.ts), but names stored before that rule, or written straight
// into the database, are still there: every template asks these helpers, never the raw column, so
// a name that fails the rule is left out of the message (a neutral wording takes its place) instead
// of carrying its URL or line break into someone's inbox or a mail header.

/** The trimmed name when it may be shown, else null (unsafe or empty). */
export function safeName(name: string | null | undefined): string | null {
  const trimmed = (name ?? "").trim();
  return trimmed && isSafeName(trimmed) ? trimmed : null;
}

/** A person's name for a message: "First Last", the first name alone when only the last name is
 * unsafe, or `fallback` ("your manager", "A colleague") when the first name cannot be shown. */
export function displayName(
  first: string | null | undefined,
  last: string | null | undefined,
  fallback: string,
): string {
  const f = safeName(first);
  if (!f) return fallback;
  const l = safeName(last);
  return l ? `${f} ${l}` : f;
}

/** A first name for a message, or `fallback` when it cannot be shown. */
export function firstNameOr(first: string | null | undefined, fallback: string): string {
  return safeName(first) ?? fallback;
}

/** The opening line of a message: "Hi Ana," or, without a name that may be shown, "Hello,". */
export function greeting(first: string | null | undefined): string {
  const f = safeName(first);
  return f ? `Hi ${f},` : "Hello,";
}

/** A header value (Subject) on one line: every control character and Unicode line or paragraph
 * separator becomes a space, so nothing put into a subject can start another header. */
export function oneLine(value: string): string {
  return value.replace(/[\p{Cc}\u2028\u2029]+/gu, " ");
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an HTML part: every character that HTML reads as markup, escaped. Templates leave this
 * to React; it is for values filled into an already rendered message (personalise). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
