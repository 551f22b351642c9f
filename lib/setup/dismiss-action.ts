"use server";

import { z } from "zod";
import { formAction } from "@/lib/actions/action";
import { dismissSetupChecklist } from "@/lib/setup/checklist";

// The setup checklist's 'Dismiss' (components/setup/dismiss-setup-button.tsx); admins only, the
// domain function asks the same permission.
export const dismissSetupAction = formAction(
  { auth: "session", permission: "organization.manage", input: z.object({}) },
  async ({ ctx }) => {
    await dismissSetupChecklist(ctx);
    return { message: "The setup checklist is hidden." };
  },
);
