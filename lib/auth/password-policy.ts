import { z } from "zod";

// The spec's password rule (signup, reset, change), shared by forms and the server. Every rule
// carries its own message: a form shows them as they are, so none may be a zod default.
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordSchema = z
  .string({ error: "Please enter a password" })
  .min(PASSWORD_MIN, "Password must be at least 8 characters")
  .max(PASSWORD_MAX, "Password must be at most 200 characters")
  // An empty password breaks only the length rule (`^$|`), so it gets that one message.
  .regex(/^$|^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).*$/, "Password must contain at least one uppercase letter, one lowercase letter, and one number");

export const PASSWORDS_DIFFER = "Passwords don't match";

/** The confirmation field. An empty one simply does not match (the spec's one message for it);
 * the cap keeps a huge paste from being compared at all. */
export const confirmPasswordSchema = z.string({ error: PASSWORDS_DIFFER }).max(PASSWORD_MAX, PASSWORDS_DIFFER);

/** zod's `when` for the "passwords match" rule: checked even while other fields are still wrong,
 * so a form shows every problem at once instead of revealing them one submit at a time. */
export function whenBothPasswords(payload: { value: unknown }): boolean {
  const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
  return typeof v?.password === "string" && typeof v.confirmPassword === "string";
}
