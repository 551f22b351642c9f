import { z } from "zod";
import { emailChangeTokenRules } from "@/lib/people/email-change-rules";
import { zodSchema } from "@/lib/validation/zod";

// The fields of the self-service e-mail change (Settings > Your account) and of its two links, as
// the server actions parse them and the Settings form validates them while the person types.

const ENTER_EMAIL = "Please enter a valid email";

export const emailChangeRequestSchema = z.object({
  newEmail: z.string({ error: ENTER_EMAIL }).trim().toLowerCase().max(254, ENTER_EMAIL).pipe(z.email(ENTER_EMAIL)),
  currentPassword: z
    .string({ error: "Please enter your current password" })
    .min(1, "Please enter your current password")
    .max(200, "The current password is not correct."),
});
export type EmailChangeRequest = z.output<typeof emailChangeRequestSchema>;

/** The single-use token a confirmation or undo link carries (the link pages' rule, zod-free). */
export const emailChangeTokenSchema = zodSchema(emailChangeTokenRules);
