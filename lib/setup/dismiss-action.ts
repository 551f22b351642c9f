"use server";

import { z } from "zod";
import { formAction } from "@/lib/actions/action";
import { dismissSetupChecklist } from "@/lib/setup/checklist";

// The setup checklist's 'Dismiss' (components/setup/dismiss-setup-button.tsx); admins only, the
// domain function asks the same permission. The form names what it dismisses, so a post that is
// not this form's (a stray or malformed one) is refused instead of hiding the checklist.
export const dismissSetupAction = formAction(
  {
    auth: "session",
    readOnly: "allow",
    permission: "organization.manage",
    input: z.object({ dismiss: z.literal("setup-checklist") }),
  },
  async ({ ctx }) => {
    await dismissSetupChecklist(ctx);
    return { message: "The setup checklist is hidden." };
  },
);
