import { z } from "zod";
import { confirmPasswordSchema, passwordSchema, PASSWORDS_DIFFER, whenBothPasswords } from "@/lib/auth/password-policy";
import { zodFieldErrors } from "@/lib/errors/problem";

// The signup rules of spec section 5, shared by the form (instant feedback) and the server (the
// rule that counts). Messages are the spec's, verbatim; the few rules the spec does not word
// (lengths, a missing field in a hand-made request) get ours, never a zod default.

export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 30;

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const subdomainSchema = z
  .string({ error: "Subdomain must be at least 3 characters" })
  .min(SUBDOMAIN_MIN, "Subdomain must be at least 3 characters")
  .max(SUBDOMAIN_MAX, "Subdomain must be less than 30 characters")
  // `*`, not `+`: an empty name breaks only the length rule, so it gets that one message.
  .regex(/^[a-z0-9-]*$/, "Subdomain can only contain lowercase letters, numbers, and hyphens")
  .refine((s) => !s.startsWith("-") && !s.endsWith("-"), "Subdomain cannot start or end with hyphens");

/** The first rule a subdomain breaks, or null when its format is valid. */
export function subdomainFormatError(value: string): string | null {
  const r = subdomainSchema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "Invalid subdomain");
}

const required = (message: string, max: number, tooLong: string) => z.string({ error: message }).trim().min(1, message).max(max, tooLong);
const EMAIL = "Please enter a valid work email";
/** The payment step's card could not be used (lib/billing/signup-payment.ts says the same). */
export const PAYMENT_SETUP_INVALID = "Your card could not be confirmed. Please try again.";

const fields = z.object({
  firstName: required("First name is required", 100, "First name must be at most 100 characters"),
  lastName: required("Last name is required", 100, "Last name must be at most 100 characters"),
  workEmail: z.string({ error: EMAIL }).trim().toLowerCase().max(254, EMAIL).pipe(z.email(EMAIL)),
  password: passwordSchema,
  confirmPassword: confirmPasswordSchema,
  companyName: required("Company name is required", 120, "Company name must be at most 120 characters"),
  subdomain: subdomainSchema,
  companySize: z.enum(COMPANY_SIZES, { error: "Please select company size" }),
  marketingConsent: z.boolean({ error: "Please tick the box or leave it empty" }).optional(),
  // The SetupIntent the payment step confirmed (required when the installation bills through
  // Stripe, checked by lib/billing/signup-payment.ts; ignored without Stripe).
  setupIntentId: z.string({ error: PAYMENT_SETUP_INVALID }).trim().min(1, PAYMENT_SETUP_INVALID).max(255, PAYMENT_SETUP_INVALID).optional(),
});

export const signupSchema = fields.refine((v) => v.password === v.confirmPassword, {
  message: PASSWORDS_DIFFER,
  path: ["confirmPassword"],
  when: whenBothPasswords,
});

export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;
export type SignupField = keyof SignupData;

/** zod issues as `{ field: [messages] }`, the shape the API wrapper answers with. */
export function signupFieldErrors(error: z.ZodError): Record<string, string[]> {
  return zodFieldErrors(error.issues);
}
