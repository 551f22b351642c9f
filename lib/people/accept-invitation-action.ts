"use server";

import { formAction } from "@/lib/actions/action";
import { newPasswordSchema } from "@/lib/auth/password-schemas";
import { acceptInvitation } from "@/lib/people/invitations";
import { invalidInput } from "@/lib/errors/domain-error";

export const acceptInvitationAction = formAction(
  { auth: "tenant", input: newPasswordSchema },
  async ({ input, tenant }) => {
    if (!(await acceptInvitation(tenant.orgId, input.token, input.password))) {
      throw invalidInput(
        "This invitation link is invalid, was already used or has expired. Ask an admin of your organisation for a new one.",
        undefined,
        "invitation_invalid",
      );
    }
    return { message: "Your password is set." };
  },
);
