import { z } from "zod";

/**
 * Files sent with an outbox message (a 1:1's calendar invitation). Text content only, stored as
 * it is in MailMessage.attachments (Json) and encoded by each transport (base64 in MIME and for
 * Resend). Small by design: a message is not a file store.
 */
export const MAX_ATTACHMENTS = 5;
export const MAX_ATTACHMENT_CHARS = 200_000;

export const mailAttachmentSchema = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9._ -]+$/, "Attachment file names may use letters, digits, dots, dashes, underscores and spaces"),
  contentType: z
    .string()
    .min(3)
    .max(200)
    .regex(/^text\/[a-z0-9.+-]+(;\s*[a-z0-9-]+=[A-Za-z0-9._-]+)*$/i, "Attachments must be text (text/calendar, text/plain)"),
  content: z.string().max(MAX_ATTACHMENT_CHARS),
});
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;
export const mailAttachmentsSchema = z.array(mailAttachmentSchema).max(MAX_ATTACHMENTS);

/** The stored Json column back to attachments; anything malformed is dropped, never sent. */
export function attachmentsOf(value: unknown): MailAttachment[] {
  if (value === null || value === undefined) return [];
  const parsed = mailAttachmentsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
