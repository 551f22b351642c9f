import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { setStepDone } from "@/lib/plans/plans";
import { stepPatchSchema } from "@/lib/plans/schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ id: entityId("actionPlan"), stepId: entityId("actionPlanStep") });

// plans.view: a step's owner may be an employee, who ticks their own step (lib/plans/access.ts).
export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "plans.view", params, body: stepPatchSchema },
  async ({ ctx, params, body }) => setStepDone(ctx, params.id, params.stepId, body.done),
);
