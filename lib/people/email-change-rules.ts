import { form, text } from "@/lib/validation/rules";

// The token of the e-mail change's two links (confirm, undo) as a zod-free rule: the link pages
// are public and their first download must stay within the public budget, which zod alone would
// break. The server actions parse with this same rule (email-change-schema.ts wraps it in zod).

const INCOMPLETE = "This link is incomplete";

/** The single-use token a confirmation or undo link carries; the link pages' button sends it. */
export const emailChangeTokenRules = /* @__PURE__ */ form<{ token: string }>({
  token: text({
    message: INCOMPLETE,
    min: { length: 1, message: INCOMPLETE },
    max: { length: 200, message: INCOMPLETE },
  }),
});
