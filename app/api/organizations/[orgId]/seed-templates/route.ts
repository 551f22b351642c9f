import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { seedDefaultTemplates } from "@/lib/one-on-one/templates";
import { entityId } from "@/lib/validation/entity-id";

// The second address for 'Add Default Templates' (same as /api/one-on-one-templates/seed/{orgId}),
// kept for the product's first client (docs/decisions.md (The API's addresses)).
const params = z.object({ orgId: entityId("organization") });

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.templates", params },
  async ({ ctx }) => seedDefaultTemplates(ctx),
);
