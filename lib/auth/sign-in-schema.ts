import * as z from "zod/mini";

// The sign-in form's own check before it asks the server (which answers one message for every
// failure, so that it reveals no accounts). zod/mini: the sign-in page's first download must
// stay within the public pages' budget, and classic zod alone is ~28 KiB gz.
const EMAIL = "Please enter a valid email";
// PASSWORD_MAX of password-policy.ts, not imported: that module builds classic zod schemas.
const PASSWORD_MAX = 200;

export const signInSchema = z.object({
  email: z.pipe(z.string({ error: EMAIL }).check(z.trim(), z.toLowerCase(), z.maxLength(254, EMAIL)), z.email(EMAIL)),
  password: z.string({ error: "Please enter your password" }).check(z.minLength(1, "Please enter your password"), z.maxLength(PASSWORD_MAX, "Invalid email or password.")),
});
