import * as z from "zod/mini";

// The main site's company finder's field (spec sections 2 and 5), in zod/mini: the form validates
// with it as the visitor types, and the public page's first download must stay within budget
// (classic zod alone is ~28 KiB gz). company-finder-schema.ts wraps it for the server action.

export const COMPANY_REQUIRED = "Company name is required";

export const companyFinderRules = z.object({
  company: z.string({ error: COMPANY_REQUIRED }).check(z.trim(), z.minLength(1, COMPANY_REQUIRED), z.maxLength(253, "Company name must be at most 253 characters")),
});

/** The spec's text when the lookup itself failed (the server answers "internal" then). */
export const FINDER_FAILED = "Unable to find your company. Please check the name and try again.";
