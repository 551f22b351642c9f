import { signupRules } from "@/lib/validation/signup-rules";
import { zodSchema } from "@/lib/validation/zod";

// The signup rules as the server parses them (POST /api/signup/complete). The
// rules are lib/validation/signup-rules.ts' (zod-free), which the form checks as the visitor types;
// this wraps them in zod, adding nothing. Browser code imports signup-rules.ts, never this module.

export {
  COMPANY_SIZES,
  PAYMENT_SETUP_INVALID,
  subdomainFormatError,
  type CompanySize,
  type SignupData,
  type SignupInput,
} from "@/lib/validation/signup-rules";

export const signupSchema = zodSchema(signupRules);
