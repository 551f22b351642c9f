import { z } from "zod";
import { confirmPasswordSchema, matchingPasswords, newPasswordRules, passwordSchema, PASSWORD_MAX, resetRequestRules } from "@/lib/auth/password-rules";

// The fields of the password forms (change, forgot, reset, accept invitation) as the server
// actions parse them (formAction takes classic zod). The rules are password-rules.ts' (zod/mini),
// which the public pages' forms validate with as the user types; these wrap them, adding nothing.

export const resetRequestSchema = z.object(resetRequestRules.shape);

/** A new password from a single-use e-mail link (reset or invitation); the token rides along. */
export const newPasswordSchema = z.pipe(z.unknown(), newPasswordRules);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(PASSWORD_MAX, "The current password is not correct."),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matchingPasswords);

// The sign-in form's schema is in sign-in-schema.ts (zod/mini, for the public page's weight).
