import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { requireOwnOrg } from "@/lib/auth/own-org";
import { emailSettingsUpdateSchema, updateEmailSettings } from "@/lib/org/email-settings";

// Spec section 7: PATCH /api/organizations/{orgId}/email-settings { emailSubject, emailBody }.
export const PATCH = apiRoute(
  { auth: "session", roles: ["admin"], params: z.object({ orgId: z.uuid() }), body: emailSettingsUpdateSchema },
  async ({ ctx, params, body }) => {
    requireOwnOrg(ctx, params.orgId);
    return updateEmailSettings(ctx, body);
  },
);
