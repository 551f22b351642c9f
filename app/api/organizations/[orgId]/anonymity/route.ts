import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { anonymitySchema } from "@/lib/org/anonymity-schemas";
import { getAnonymitySetting, updateAnonymitySetting } from "@/lib/org/anonymity";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ orgId: entityId("organization") });

// The minimum reporting group (3 to 10). Admins change it; admins and managers read it (Settings
// explains what it hides).
export const GET = apiRoute({ auth: "session", permission: "organization.view", params }, async ({ ctx, params }) =>
  getAnonymitySetting(ctx, params.orgId),
);

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "organization.manage", params, body: anonymitySchema },
  async ({ ctx, params, body }) => updateAnonymitySetting(ctx, params.orgId, body),
);
