import { z } from "zod";
import { changePasswordRules, newPasswordRules, resetEmailRule } from "@/lib/auth/password-rules";
import { zodRule, zodSchema } from "@/lib/validation/zod";

// The fields of the password forms (change, forgot, reset, accept invitation) as the server
// actions parse them (formAction takes zod). The rules are password-rules.ts' (zod-free), which
// the forms validate with as the user types; these wrap them, adding nothing.

/** An object, so the password-reset job's schema can reuse its e-mail field. */
export const resetRequestSchema = z.object({ email: zodRule(resetEmailRule) });

/** A new password from a single-use e-mail link (reset or invitation); the token rides along. */
export const newPasswordSchema = zodSchema(newPasswordRules);

export const changePasswordSchema = zodSchema(changePasswordRules);

// The sign-in form's rules are in sign-in-schema.ts (zod-free, for the public page's weight).
