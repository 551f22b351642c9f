"use server";

import { z } from "zod";
import { formAction } from "@/lib/actions/action";
import { resendVerificationEmail } from "@/lib/org/email-verification";

// The app shell banner's 'Resend verification e-mail' (components/shell/verification-banner.tsx).
export const resendVerificationAction = formAction(
  { auth: "session", readOnly: "allow", permission: "organization.manage", input: z.object({}) },
  async ({ ctx }) => {
    const { email } = await resendVerificationEmail(ctx);
    return { message: `We sent a new confirmation link to ${email}. The earlier link no longer works.` };
  },
);
