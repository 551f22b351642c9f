import { z } from "zod";
import { passwordSchema } from "@/lib/auth/password-policy";

// The signup rules of spec section 5, shared by the form (instant feedback) and the server (the
// rule that counts). Messages are the spec's, verbatim.

export const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 30;

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const subdomainSchema = z
  .string()
  .min(SUBDOMAIN_MIN, "Subdomain must be at least 3 characters")
  .max(SUBDOMAIN_MAX, "Subdomain must be less than 30 characters")
  .regex(/^[a-z0-9-]+$/, "Subdomain can only contain lowercase letters, numbers, and hyphens")
  .refine((s) => !s.startsWith("-") && !s.endsWith("-"), "Subdomain cannot start or end with hyphens");

/** The first rule a subdomain breaks, or null when its format is valid. */
export function subdomainFormatError(value: string): string | null {
  const r = subdomainSchema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? "Invalid subdomain");
}

const name = (message: string) => z.string().trim().min(1, message).max(100, "Please keep this under 100 characters");

const fields = z.object({
  firstName: name("First name is required"),
  lastName: name("Last name is required"),
  workEmail: z.string().trim().toLowerCase().max(254, "Please enter a valid work email").pipe(z.email("Please enter a valid work email")),
  password: passwordSchema,
  confirmPassword: z.string().max(200),
  companyName: z.string().trim().min(1, "Company name is required").max(120, "Company name must be at most 120 characters"),
  subdomain: subdomainSchema,
  companySize: z.enum(COMPANY_SIZES, { error: "Please select company size" }),
  marketingConsent: z.boolean().optional(),
});

export const signupSchema = fields.refine((v) => v.password === v.confirmPassword, {
  message: "Passwords don't match",
  path: ["confirmPassword"],
  // Checked even while other fields are still wrong, so the form shows every problem at once.
  when: (payload) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null;
    return typeof v?.password === "string" && typeof v.confirmPassword === "string";
  },
});

export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;
export type SignupField = keyof SignupData;

/** zod issues as `{ field: [messages] }`, the shape the API wrapper answers with. */
export function signupFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.join(".") || "_"] ??= []).push(issue.message);
  return out;
}
