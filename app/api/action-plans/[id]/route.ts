import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getPlan, updatePlan } from "@/lib/plans/plans";
import { planPatchSchema } from "@/lib/plans/schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ id: entityId("actionPlan") });

export const GET = apiRoute({ auth: "session", permission: "plans.view", params }, async ({ ctx, params }) =>
  getPlan(ctx, params.id),
);

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "plans.manage", params, body: planPatchSchema },
  async ({ ctx, params, body }) => updatePlan(ctx, params.id, body),
);
