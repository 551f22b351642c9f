import { companyFinderRules } from "@/lib/tenancy/company-finder-rules";
import { zodSchema } from "@/lib/validation/zod";

// The main site's company finder as the server action parses it: the
// rules are company-finder-rules.ts' (zod-free), which the form validates with as the visitor types.

export const COMPANY_NOT_FOUND = "Company not found";

export const companyFinderSchema = zodSchema(companyFinderRules);

/** The product's explanation under 'Company not found', naming what was typed. */
export const noAccountFor = (typed: string) =>
  `No account found for "${typed}". Please check the name or sign up for a new account.`;
