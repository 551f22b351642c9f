import { apiRoute } from "@/lib/api/route";
import { createTemplate, listTemplates } from "@/lib/one-on-one/templates";
import { templateInputSchema } from "@/lib/one-on-one/default-templates";

// The organisation's 1:1 agenda templates: every member reads them, admins and
// managers create them.
export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use" }, async ({ ctx }) => listTemplates(ctx));

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.templates", body: templateInputSchema },
  async ({ ctx, body }) => Response.json(await createTemplate(ctx, body), { status: 201 }),
);
