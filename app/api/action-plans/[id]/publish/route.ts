import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { publishPlan } from "@/lib/plans/plans";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ id: entityId("actionPlan") });

// Publishing schedules the check-backs and notifies the plan's audience: nothing of that goes
// out from a read-only workspace.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "plans.manage", params },
  async ({ ctx, params }) => publishPlan(ctx, params.id),
);
