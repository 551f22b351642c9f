// A person's first and last name are data that other people's e-mails, calendar files and screens
// quote, so a name may not carry what would act as markup or a link there. One rule, zod-free
// (lib/validation/rules.ts explains why): the public signup form checks it as the visitor types,
// the server's schemas refine with it, and mail templates ask it again of names stored before it
// existed (lib/mail/safe-name.ts). Kept to one regular expression: signup's page is near its
// script budget.

export const NAME_MESSAGE = "Names cannot contain links, '<', '>' or line breaks";

/**
 * What makes a name unsafe, any one of:
 * - `<` or `>` (markup);
 * - a control character (\p{Cc}: line breaks, tab, NUL, DEL, C1), a Unicode line or paragraph
 *   separator, or a bidirectional embedding, override or isolate (U+202A-U+202E, U+2066-U+2069):
 *   those can reverse how the rest of a line reads (a host written backwards looks harmless),
 *   and right-to-left names take their direction from their own letters. Also the invisible
 *   breaks (soft hyphen, zero-width space, word joiner, BOM) that would hide a host from the
 *   check below ("evil\u200b.example" reads as evil.example). Joiners (ZWJ, ZWNJ) and the plain
 *   marks LRM/RLM stay allowed, some scripts need them;
 * - a URL: `scheme://`, `www.`, an IPv4 address, or a host-like `word.word` whose parts are at
 *   least two letters or digits on each side of the dot, the last part letters only ("evil.example",
 *   "acme.co", also with the ideographic and full-width dots mail clients treat as dots). Real
 *   names stay valid: "J.R." and "St. John" have one letter or a space next to their dots.
 */
const UNSAFE =
  /[<>\p{Cc}\u00ad\u200b\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]|:\/\/|(?<![\p{L}\p{N}])www\d{0,3}\.|[\p{L}\p{N}-]{2}[.\u3002\uff0e\uff61]\p{L}{2}|\d\.\d+\.\d+\.\d/iu;

/** Whether a first or last name may be stored and shown as it is. */
export const isSafeName = (name: string): boolean => !UNSAFE.test(name);
