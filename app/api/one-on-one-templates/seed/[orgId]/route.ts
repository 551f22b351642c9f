import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { seedDefaultTemplates } from "@/lib/one-on-one/templates";

// 'Add Default Templates'. The wrapper answers 404 for any organisation but the
// caller's; seeding is idempotent by template key.
const params = z.object({ orgId: z.uuid() });

export const POST = apiRoute({ auth: "session", permission: "oneOnOnes.templates", params }, async ({ ctx }) =>
  seedDefaultTemplates(ctx),
);
