import { form, text } from "@/lib/validation/rules";

// The main site's company finder's field, zod-free (lib/validation/rules.ts):
// the form validates with it as the visitor types, and the public page's first download must stay
// within budget. company-finder-schema.ts wraps it for the server action.

const COMPANY_REQUIRED = "Company name is required";

export const companyFinderRules = /* @__PURE__ */ form<{ company: string }>({
  company: text({
    message: COMPANY_REQUIRED,
    trim: true,
    min: { length: 1, message: COMPANY_REQUIRED },
    max: { length: 253, message: "Company name must be at most 253 characters" },
  }),
});

/** The product's text when the lookup itself failed (the server answers "internal" then). */
export const FINDER_FAILED = "Unable to find your company. Please check the name and try again.";
