import { z } from "zod";
import { confirmPasswordSchema, passwordSchema, PASSWORD_MAX, PASSWORDS_DIFFER, whenBothPasswords } from "@/lib/auth/password-policy";

// The fields of the password forms (change, forgot, reset, accept invitation). Client-safe: the
// forms validate with these as the user types, and the server actions parse with the same ones.

const EMAIL = "Please enter a valid email";
const LINK = "This link is incomplete. Please open it again from your e-mail.";

export const resetRequestSchema = z.object({
  email: z.string({ error: EMAIL }).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
});

const matching = { message: PASSWORDS_DIFFER, path: ["confirmPassword"], when: whenBothPasswords };

/** A new password from a single-use e-mail link (reset or invitation); the token rides along. */
export const newPasswordSchema = z
  .object({
    token: z.string({ error: LINK }).min(20, LINK).max(100, LINK),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matching);

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: "Please enter your current password" })
      .min(1, "Please enter your current password")
      .max(PASSWORD_MAX, "The current password is not correct."),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, matching);

/** The sign-in form's own check before it asks the server (which answers one message for every
 * failure, so that it reveals no accounts). */
export const signInSchema = z.object({
  email: z.string({ error: EMAIL }).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
  password: z.string({ error: "Please enter your password" }).min(1, "Please enter your password").max(PASSWORD_MAX, "Invalid email or password."),
});
