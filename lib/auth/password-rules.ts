import * as z from "zod/mini";

// The spec's password rule (signup, reset, change) and the fields of the forms on public pages
// (forgot password, reset password, accept invitation), in zod/mini: those pages' first download
// must stay within the public budget, and classic zod alone is ~28 KiB gz. The server parses with
// these same schemas (password-schemas.ts and password-policy.ts wrap or re-export them), so they
// stay the single source of the rules. Every rule carries its own message: a form shows them as
// they are, so none may be a zod default.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordSchema = z.string({ error: "Please enter a password" }).check(
  z.minLength(PASSWORD_MIN, "Password must be at least 8 characters"),
  z.maxLength(PASSWORD_MAX, "Password must be at most 200 characters"),
  // An empty password breaks only the length rule (`^$|`), so it gets that one message.
  z.regex(/^$|^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).*$/, "Password must contain at least one uppercase letter, one lowercase letter, and one number"),
);

export const PASSWORDS_DIFFER = "Passwords don't match";

/** The confirmation field. An empty one simply does not match (the spec's one message for it);
 * the cap keeps a huge paste from being compared at all. */
export const confirmPasswordSchema = z.string({ error: PASSWORDS_DIFFER }).check(z.maxLength(PASSWORD_MAX, PASSWORDS_DIFFER));

/** zod's `when` for the "passwords match" rule: checked even while other fields are still wrong,
 * so a form shows every problem at once instead of revealing them one submit at a time. */
export function whenBothPasswords(payload: { value: unknown }): boolean {
  const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return typeof v?.password === "string" && typeof v.confirmPassword === "string";
}

const EMAIL = "Please enter a valid email";
const LINK = "This link is incomplete. Please open it again from your e-mail.";

export const resetRequestRules = z.object({
  email: z.pipe(z.string({ error: EMAIL }).check(z.trim(), z.toLowerCase(), z.maxLength(254, EMAIL)), z.email(EMAIL)),
});

export const matchingPasswords = { message: PASSWORDS_DIFFER, path: ["confirmPassword"], when: whenBothPasswords };

/** A new password from a single-use e-mail link (reset or invitation); the token rides along. */
export const newPasswordRules = z
  .object({
    token: z.string({ error: LINK }).check(z.minLength(20, LINK), z.maxLength(100, LINK)),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .check(z.refine((v) => v.password === v.confirmPassword, matchingPasswords));
