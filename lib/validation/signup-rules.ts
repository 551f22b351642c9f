import { confirmPasswordRule, passwordRule, passwordsMatch } from "@/lib/auth/password-rules";
import { email, form, oneOf, optional, optionalBoolean, text, type Rule } from "@/lib/validation/rules";
import { isSafeName, NAME_MESSAGE } from "@/lib/validation/names";
import { canonicalTimeZone } from "@/lib/format/zones";

// The signup rules, zod-free (lib/validation/rules.ts): the signup form checks
// them as the visitor types (a public page, whose first download must stay small) and the server
// parses with them (lib/signup/schemas.ts wraps them in zod). Messages are the product's wording,
// verbatim; the few rules it does not word (lengths, a missing field in a hand-made request) get ours.

const SUBDOMAIN_MIN = 3;
export const SUBDOMAIN_MAX = 30;

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "500+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

const SUBDOMAIN_SHORT = "Subdomain must be at least 3 characters";

const subdomainRule = /* @__PURE__ */ text({
  message: SUBDOMAIN_SHORT,
  min: { length: SUBDOMAIN_MIN, message: SUBDOMAIN_SHORT },
  max: { length: SUBDOMAIN_MAX, message: "Subdomain must be less than 30 characters" },
  patterns: [
    // `*`, not `+`: an empty name breaks only the length rule, so it gets that one message.
    {
      test: (s) => /^[a-z0-9-]*$/.test(s),
      message: "Subdomain can only contain lowercase letters, numbers, and hyphens",
    },
    { test: (s) => !s.startsWith("-") && !s.endsWith("-"), message: "Subdomain cannot start or end with hyphens" },
  ],
});

/** The first rule a subdomain breaks, or null when its format is valid. */
export function subdomainFormatError(value: string): string | null {
  const r = subdomainRule(value);
  return r.ok ? null : (r.messages[0] ?? "Invalid subdomain");
}

const required = (message: string, max: number, tooLong: string, patterns?: Parameters<typeof text>[0]["patterns"]) =>
  text({ message, trim: true, min: { length: 1, message }, max: { length: max, message: tooLong }, patterns });
const nameChecks = [{ test: isSafeName, message: NAME_MESSAGE }];

/** The payment step's card could not be used (lib/billing/signup-payment.ts says the same). */
export const PAYMENT_SETUP_INVALID = "Your card could not be confirmed. Please try again.";

/** What a valid signup parses to. */
export type SignupData = {
  firstName: string;
  lastName: string;
  workEmail: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  subdomain: string;
  companySize: CompanySize;
  marketingConsent?: boolean;
  /** The SetupIntent the payment step confirmed (required when the installation bills through
   * Stripe, checked by lib/billing/signup-payment.ts; ignored without Stripe). */
  setupIntentId?: string;
  /** The signing-up browser's time zone (an IANA name): the workspace's zone and its pulse
   * schedule's. Missing or unknown to this server, the workspace starts on UTC. */
  timeZone?: string;
};
/** What a signup request carries before parsing (the form's values, or a client's JSON). */
export type SignupInput = Omit<SignupData, "companySize"> & { companySize: string };

/** The browser's zone as sent. A name this server does not know is no mistake of the visitor's (a
 * browser may report a zone newer than the server's tables, or none), so it becomes UTC, which
 * the pulse schedule's settings can change, instead of failing the signup. */
const browserTimeZone: Rule<string | undefined> = (input) => {
  if (input === undefined) return { ok: true, value: undefined };
  if (typeof input !== "string") return { ok: false, messages: ["The time zone must be a name such as Europe/London"] };
  // Stored as the runtime spells it, so "europe/london" and "Europe/London" are one zone.
  return { ok: true, value: canonicalTimeZone(input.trim()) ?? "UTC" };
};

export const signupRules = /* @__PURE__ */ form<SignupData>(
  {
    firstName: required("First name is required", 100, "First name must be at most 100 characters", nameChecks),
    lastName: required("Last name is required", 100, "Last name must be at most 100 characters", nameChecks),
    workEmail: email("Please enter a valid work email"),
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
    companyName: required("Company name is required", 120, "Company name must be at most 120 characters"),
    subdomain: subdomainRule,
    companySize: oneOf(COMPANY_SIZES, "Please select company size"),
    marketingConsent: optionalBoolean("Please tick the box or leave it empty"),
    setupIntentId: optional(
      text({
        message: PAYMENT_SETUP_INVALID,
        trim: true,
        min: { length: 1, message: PAYMENT_SETUP_INVALID },
        max: { length: 255, message: PAYMENT_SETUP_INVALID },
      }),
    ),
    timeZone: browserTimeZone,
  },
  [passwordsMatch],
);
