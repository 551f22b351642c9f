import { z } from "zod";

/**
 * Files sent with an outbox message (a 1:1's calendar invitation). Text content only, stored as
 * it is in MailMessage.attachments (Json) and encoded by each transport (base64 in MIME and for
 * Resend). Small by design: a message is not a file store.
 */
const MAX_ATTACHMENTS = 5;
const MAX_ATTACHMENT_CHARS = 200_000;

export const mailAttachmentSchema = z
  .object({
    filename: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .regex(
        /^[A-Za-z0-9._ -]+$/,
        "Attachment file names may use letters, digits, dots, dashes, underscores and spaces",
      ),
    contentType: z
      .string()
      .min(3)
      .max(200)
      .regex(
        /^text\/[a-z0-9.+-]+(;\s*[a-z0-9-]+=[A-Za-z0-9._-]+)*$/i,
        "Attachments must be text (text/calendar, text/plain)",
      ),
    content: z.string().max(MAX_ATTACHMENT_CHARS),
  })
  .refine((a) => !/^text\/calendar\b/i.test(a.contentType) || isCalendarText(a.content), {
    message: "A calendar file may hold no control characters but tabs and CRLF line ends",
    path: ["content"],
  });

/**
 * RFC 5545's content lines: CRLF-terminated, and no control character in them but HTAB. A value
 * that slipped past the escaping (lib/one-on-one/calendar.ts) with a raw line break or control
 * character would start a property of its own or make the file unreadable, so such a file is
 * refused here, the last step before it is stored and sent.
 */
export function isCalendarText(content: string): boolean {
  return !/[\p{Cc}\u2028\u2029]/u.test(content.replace(/\r\n/g, "").replace(/\t/g, ""));
}
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;
export const mailAttachmentsSchema = z.array(mailAttachmentSchema).max(MAX_ATTACHMENTS);

/** The stored Json column back to attachments; anything malformed is dropped, never sent. */
export function attachmentsOf(value: unknown): MailAttachment[] {
  if (value === null || value === undefined) return [];
  const parsed = mailAttachmentsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
