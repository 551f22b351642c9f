import { z } from "zod";

// The main site's company finder (spec sections 2 and 5). Client-safe: the form validates with it
// as the visitor types, and the server action parses with it.

export const COMPANY_REQUIRED = "Company name is required";
export const COMPANY_NOT_FOUND = "Company not found";

export const companyFinderSchema = z.object({
  company: z.string({ error: COMPANY_REQUIRED }).trim().min(1, COMPANY_REQUIRED).max(253, "Company name must be at most 253 characters"),
});

/** The spec's explanation under 'Company not found', naming what was typed. */
export const noAccountFor = (typed: string) => `No account found for "${typed}". Please check the name or sign up for a new account.`;

/** The spec's text when the lookup itself failed (the server answers "internal" then). */
export const FINDER_FAILED = "Unable to find your company. Please check the name and try again.";
