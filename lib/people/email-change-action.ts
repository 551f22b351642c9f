"use server";

import { formAction } from "@/lib/actions/action";
import { confirmEmailChange, requestEmailChange, undoEmailChange } from "@/lib/people/email-change";
import { emailChangeRequestSchema, emailChangeTokenSchema } from "@/lib/people/email-change-schemas";

// Each acts on the signed-in person only (or, for the undo link, on whoever the link was mailed
// about): none takes a user id, so nobody can aim one at someone else.

export const requestEmailChangeAction = formAction(
  { auth: "session", readOnly: "allow", input: emailChangeRequestSchema, rateLimit: "emailChange" },
  async ({ input, ctx }) => {
    await requestEmailChange(ctx, input);
    return {
      message: `We sent a link to ${input.newEmail}. Open it within 24 hours, signed in, to confirm. Until then you sign in with your current e-mail.`,
    };
  },
);

export const confirmEmailChangeAction = formAction(
  { auth: "session", readOnly: "allow", input: emailChangeTokenSchema, rateLimit: "emailChange" },
  async ({ input, ctx }) => {
    const { email } = await confirmEmailChange(ctx, input.token);
    return {
      message: `Your e-mail is now ${email}. Every session was signed out: sign in again with the new address.`,
    };
  },
);

export const undoEmailChangeAction = formAction(
  { auth: "tenant", readOnly: "allow", input: emailChangeTokenSchema, rateLimit: "emailChange" },
  async ({ input, tenant }) => {
    const { email } = await undoEmailChange(tenant, input.token);
    return {
      message: `Your e-mail is ${email} again and every session was signed out. If you did not make the change, reset your password now.`,
    };
  },
);
