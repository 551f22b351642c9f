import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { seedDefaultTemplates } from "@/lib/one-on-one/templates";
import { entityId } from "@/lib/validation/entity-id";

// 'Add Default Templates'. The wrapper answers 404 for any organisation but the
// caller's; seeding is idempotent by template key.
const params = z.object({ orgId: entityId("organization") });

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.templates", params },
  async ({ ctx }) => seedDefaultTemplates(ctx),
);
