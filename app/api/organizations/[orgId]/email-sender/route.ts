import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { updateEmailSender } from "@/lib/org/email-settings";
import { emailSenderSchema } from "@/lib/org/email-sender-schemas";
import { entityId } from "@/lib/validation/entity-id";

// PATCH /api/organizations/{orgId}/email-sender { mailSenderName, mailReplyTo, accentColor }; "" clears one.
export const PATCH = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "organization.manage",
    params: z.object({ orgId: entityId("organization") }),
    body: emailSenderSchema,
  },
  async ({ ctx, body }) => {
    return updateEmailSender(ctx, body);
  },
);
