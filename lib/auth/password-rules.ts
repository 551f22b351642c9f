import { email, form, text, type CrossCheck } from "@/lib/validation/rules";

// The password rule (signup, reset, change) and the fields of the forms on public pages
// (forgot password, reset password, accept invitation), as zod-free rules (lib/validation/rules.ts):
// those pages' first download must stay within the public budget. The server parses with these
// same rules (password-schemas.ts wraps them in zod for the actions), so they stay the single
// source of the rules and their messages. Each rule is built `@__PURE__`, so a page's bundle keeps
// only the rules it uses (sign-in needs none of the password forms').

const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

export const passwordRule = /* @__PURE__ */ text({
  message: "Please enter a password",
  min: { length: PASSWORD_MIN, message: "Password must be at least 8 characters" },
  max: { length: PASSWORD_MAX, message: "Password must be at most 200 characters" },
  // An empty password breaks only the length rule (`^$|`), so it gets that one message.
  patterns: [
    {
      test: (v) => /^$|^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).*$/.test(v),
      message: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
    },
  ],
});

const PASSWORDS_DIFFER = "Passwords don't match";

/** The confirmation field. An empty one simply does not match (the product has one message for it);
 * the cap keeps a huge paste from being compared at all. */
export const confirmPasswordRule = /* @__PURE__ */ text({
  message: PASSWORDS_DIFFER,
  max: { length: PASSWORD_MAX, message: PASSWORDS_DIFFER },
});

/** "The passwords match", under the confirmation field: checked even while other fields are still
 * wrong, so a form shows every problem at once instead of revealing them one submit at a time;
 * only when both are text (a missing one has its own message already). */
export const passwordsMatch: CrossCheck = ({ password, confirmPassword }) =>
  typeof password === "string" && typeof confirmPassword === "string" && password !== confirmPassword
    ? { path: ["confirmPassword"], message: PASSWORDS_DIFFER }
    : null;

const EMAIL = "Please enter a valid email";
const LINK = "This link is incomplete. Please open it again from your e-mail.";

export const resetEmailRule = /* @__PURE__ */ email(EMAIL);

export const resetRequestRules = /* @__PURE__ */ form<{ email: string }>({ email: resetEmailRule });

/** A new password from a single-use e-mail link (reset or invitation); the token rides along. */
export const newPasswordRules = /* @__PURE__ */ form<{ token: string; password: string; confirmPassword: string }>(
  {
    token: text({ message: LINK, min: { length: 20, message: LINK }, max: { length: 100, message: LINK } }),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
  },
  [passwordsMatch],
);

/** The signed-in user's password change (an app page, parsed by the server the same way). */
export const changePasswordRules = /* @__PURE__ */ form<{
  currentPassword: string;
  password: string;
  confirmPassword: string;
}>(
  {
    currentPassword: text({
      message: "Please enter your current password",
      min: { length: 1, message: "Please enter your current password" },
      max: { length: PASSWORD_MAX, message: "The current password is not correct." },
    }),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
  },
  [passwordsMatch],
);
