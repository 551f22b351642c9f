import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteTemplate, getTemplate, listTemplates, updateTemplate } from "@/lib/one-on-one/templates";
import { templateInputSchema } from "@/lib/one-on-one/default-templates";
import { entityKey } from "@/lib/validation/entity-id";

// The parameter is named "id", not "orgId": the API's GET /api/one-on-one-templates/{id} takes
// either the caller's organisation id (-> the list) or a template id (-> that template), so the
// wrapper's organisation check must not refuse a template id. Any other value is 404: another
// organisation's id, an unknown id and a malformed one answer alike (getTemplate checks the form).
const params = z.object({ id: entityKey("template") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  params.id === ctx.orgId ? listTemplates(ctx) : getTemplate(ctx, params.id),
);

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.templates", params, body: templateInputSchema },
  async ({ ctx, params, body }) => updateTemplate(ctx, params.id, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "oneOnOnes.templates", params },
  async ({ ctx, params }) => {
    await deleteTemplate(ctx, params.id);
    return { ok: true };
  },
);
