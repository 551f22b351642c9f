// The spec's password rule (signup, reset, change), shared by forms and the server. The rules
// themselves are in password-rules.ts (zod-free, for the public pages' weight).
export {
  confirmPasswordRule,
  passwordRule,
  passwordsMatch,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PASSWORDS_DIFFER,
} from "@/lib/auth/password-rules";
