"use server";

import { headers } from "next/headers";
import { formAction } from "@/lib/actions/action";
import { newPasswordSchema } from "@/lib/auth/password-schemas";
import { openSession } from "@/lib/auth/sign-in";
import { setSessionCookieFromAction } from "@/lib/auth/session-cookie";
import { acceptInvitation } from "@/lib/people/invitations";
import { tokenOwner } from "@/lib/auth/tokens";
import { invalidInput } from "@/lib/errors/domain-error";
import { log } from "@/lib/log/logger";

// Accepting an invitation signs the person in: they have just chosen the password, so the
// session opens as a sign-in's does (a session row, the vault opened with the password, the
// next-auth cookie), and the form goes on to the dashboard. The link stays single-use: the token
// is spent before any session exists.
export const acceptInvitationAction = formAction(
  { auth: "tenant", readOnly: "allow", input: newPasswordSchema },
  async ({ input, tenant }) => {
    if (!(await acceptInvitation(tenant.orgId, input.token, input.password))) {
      throw invalidInput(
        "This invitation link is invalid, was already used or has expired. Ask an admin of your organisation for a new one.",
        undefined,
        "invitation_invalid",
      );
    }
    try {
      // The token was spent just now, for this person: it names whose password was set.
      const userId = await tokenOwner(tenant.orgId, input.token, "invitation");
      if (!userId) throw new Error("a spent invitation names nobody");
      const session = await openSession(tenant.orgId, userId, input.password, (await headers()).get("user-agent"));
      await setSessionCookieFromAction({ userId, orgId: tenant.orgId, ...session });
    } catch (err) {
      // The password is set either way; without a session the dashboard sends them to sign in.
      log.error("invitation.sign_in_failed", { orgId: tenant.orgId, err });
    }
    return { message: "Your password is set." };
  },
);
