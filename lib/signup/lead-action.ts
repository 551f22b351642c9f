"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { formAction } from "@/lib/actions/action";
import { signupHrefFromLead } from "@/lib/signup/signup-href";

// The lead form only hands its values to signup, which validates them properly; so nothing here
// can fail: an odd value is dropped (`catch`) rather than shown back as an error (the browser's
// own required-field checks are this form's). The phone number is not carried over:
// signup has no use for it and it should not sit in addresses and logs.
const field = (max: number) => z.string().trim().max(max).catch("");
const leadSchema = z.object({
  companyName: field(100),
  name: field(100),
  workEmail: field(254),
  // An empty box coerces to 0, which the minimum turns into "no size".
  teamSize: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});

/** Submit of the landing page's lead form: a redirect to /signup with the values prefilled. Works
 * without JavaScript too, as a plain form post. */
export const startTrialAction = formAction({ auth: "public", input: leadSchema }, async ({ input }) => {
  redirect(signupHrefFromLead(input));
});
