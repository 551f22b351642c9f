import { PASSWORD_MAX } from "@/lib/auth/password-rules";
import { email, form, text } from "@/lib/validation/rules";

// The sign-in form's own check before it asks the server (which answers one message for every
// failure, so that it reveals no accounts). Zod-free (lib/validation/rules.ts): the sign-in page's
// first download must stay within the public pages' budget.

export const signInSchema = /* @__PURE__ */ form<{ email: string; password: string }>({
  email: email("Please enter a valid email"),
  password: text({
    message: "Please enter your password",
    min: { length: 1, message: "Please enter your password" },
    max: { length: PASSWORD_MAX, message: "Invalid email or password." },
  }),
});
