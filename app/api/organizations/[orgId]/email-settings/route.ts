import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { emailSettingsUpdateSchema, updateEmailSettings } from "@/lib/org/email-settings";
import { entityId } from "@/lib/validation/entity-id";

// PATCH /api/organizations/{orgId}/email-settings { emailSubject, emailBody }.
export const PATCH = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "organization.manage",
    params: z.object({ orgId: entityId("organization") }),
    body: emailSettingsUpdateSchema,
  },
  async ({ ctx, body }) => {
    return updateEmailSettings(ctx, body);
  },
);
