import { z } from "zod";
import { isSafeSenderName, SENDER_NAME_MAX, SENDER_NAME_MESSAGE, safeReplyTo } from "@/lib/mail/sender";
import { ACCENT_COLOR_PATTERN } from "@/lib/mail/brand-rules";

// The workspace's sender name, reply-to and accent colour (Settings > Email Settings), shared by the
// form and its API. Each may be left empty: the installation's name, no reply-to, the product's colour.

export const emailSenderSchema = z.object({
  mailSenderName: z
    .string()
    .trim()
    .max(SENDER_NAME_MAX, `The sender name is at most ${SENDER_NAME_MAX} characters`)
    .refine((v) => v === "" || isSafeSenderName(v), SENDER_NAME_MESSAGE),
  mailReplyTo: z
    .string()
    .trim()
    .max(254, "The reply-to address is at most 254 characters")
    .refine(
      (v) => v === "" || (z.email().safeParse(v).success && safeReplyTo(v) !== null),
      "Enter an e-mail address, like people@acme.com",
    ),
  accentColor: z
    .string()
    .trim()
    .refine(
      (v) => v === "" || ACCENT_COLOR_PATTERN.test(v),
      "Enter a colour as # and six hexadecimal digits, like #1f57cc",
    ),
  organizationId: z.string().optional(),
});

export type EmailSenderInput = z.output<typeof emailSenderSchema>;
