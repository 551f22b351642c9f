// The spec's password rule (signup, reset, change), shared by forms and the server. The rules
// themselves are in password-rules.ts (zod/mini, for the public pages' weight).
export { confirmPasswordSchema, passwordSchema, PASSWORD_MAX, PASSWORD_MIN, PASSWORDS_DIFFER, whenBothPasswords } from "@/lib/auth/password-rules";
