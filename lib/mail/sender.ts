// The workspace's sender name and reply-to, shared by the E-mail settings form, its API schema and
// delivery (which asks again, for rows written before the rule or straight into the database). The
// address messages come from stays the installation's (MAIL_FROM): only the display name is the
// workspace's, so its mail still passes the sending domain's SPF and DKIM.

/** What a sender name may not hold: control characters and Unicode line separators (a new header),
 * quotes, angle brackets and backslashes (which end or escape the quoted name and start an address),
 * '@' (a name that reads as someone else's address), and bidirectional overrides. */
const UNSAFE_SENDER = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069"<>\\@]/u;

export const SENDER_NAME_MAX = 80;
export const SENDER_NAME_MESSAGE = "The sender name cannot contain quotes, '<', '>', '@', '\\' or line breaks";

export const isSafeSenderName = (name: string): boolean =>
  name.trim().length > 0 && name.length <= SENDER_NAME_MAX && !UNSAFE_SENDER.test(name);

/** An address header value's display name and address ("Name <a@b>", "\"Name\" <a@b>", "<a@b>"),
 * or null for a bare address or anything else. */
export function namedAddress(value: string): { name: string; address: string } | null {
  const m = /^\s*"?([^"<>]*?)"?\s*<([^<>]+)>\s*$/.exec(value);
  return m ? { name: m[1]!, address: m[2]! } : null;
}

/** The address part of MAIL_FROM ("Pulsewell <no-reply@acme.example>" or a bare address). */
export function fromAddress(mailFrom: string): string {
  const angled = /<([^<>]+)>\s*$/.exec(mailFrom);
  return (angled ? angled[1]! : mailFrom).trim();
}

/** The From header: the workspace's sender name (when set and safe) with the installation's
 * address, else MAIL_FROM as configured. */
export function fromHeader(mailFrom: string, senderName: string | null | undefined): string {
  const name = senderName?.trim();
  return name && isSafeSenderName(name) ? `"${name}" <${fromAddress(mailFrom)}>` : mailFrom;
}

/** A reply-to address as delivery uses it: one plain address, else none. */
export function safeReplyTo(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v && v.length <= 254 && /^[^\s@<>",;\\]+@[^\s@<>",;\\]+\.[^\s@<>",;\\]+$/.test(v) ? v : null;
}
