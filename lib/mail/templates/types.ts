/** What every template returns: the message's subject and its two parts, rendered from the same
 * props. The outbox takes nothing else (lib/mail/outbox.ts, MailInput), so no message goes out
 * without its HTML part or without the company's look. */
export type RenderedMail = { subject: string; text: string; html: string };

/** The company a message speaks for: its name (safe to show, see mailBrand) and accent colour
 * (#rrggbb). Sender name and reply-to are applied at delivery (lib/mail/deliver.ts), not here. */
export type MailBrand = { companyName: string; accentColor: string };

/** The product's own accent colour, for a workspace that has not chosen one. */
export const DEFAULT_ACCENT_COLOR = "#1f57cc";
