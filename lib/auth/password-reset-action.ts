"use server";

import { formAction } from "@/lib/actions/action";
import { requestPasswordReset, resetPassword } from "@/lib/auth/password-reset";
import { newPasswordSchema, resetRequestSchema } from "@/lib/auth/password-schemas";
import { invalidInput } from "@/lib/errors/domain-error";

// The answer is the same whether or not the account exists, and so is the work behind it (one
// queued job: requestPasswordReset), so neither the form nor its timing reveals accounts.
export const requestResetAction = formAction(
  { auth: "tenant", readOnly: "allow", input: resetRequestSchema, rateLimit: "passwordResetRequest" },
  async ({ input, tenant }) => {
    await requestPasswordReset(tenant, input.email);
    return {
      message:
        "If an account exists for that email, we have sent a link to reset its password. It is valid for one hour.",
    };
  },
);

export const resetPasswordAction = formAction(
  { auth: "tenant", readOnly: "allow", input: newPasswordSchema },
  async ({ input, tenant }) => {
    if (!(await resetPassword(tenant, input.token, input.password))) {
      throw invalidInput(
        "This link is invalid, was already used or has expired. Ask for a new one.",
        undefined,
        "reset_link_invalid",
      );
    }
    return { message: "Your password was changed." };
  },
);
