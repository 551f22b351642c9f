"use server";

import { formAction } from "@/lib/actions/action";
import { changePassword, changePasswordSchema } from "@/lib/auth/change-password";
import { invalidInput } from "@/lib/errors/domain-error";

const WRONG_PASSWORD = "The current password is not correct.";

export const changePasswordAction = formAction(
  { auth: "session", readOnly: "allow", input: changePasswordSchema },
  async ({ input, ctx }) => {
    const result = await changePassword(ctx, input.currentPassword, input.password);
    if (result === "wrong-password")
      throw invalidInput(WRONG_PASSWORD, { currentPassword: [WRONG_PASSWORD] }, "wrong_password");
    return { message: "Password changed. Your other sessions were signed out." };
  },
);
