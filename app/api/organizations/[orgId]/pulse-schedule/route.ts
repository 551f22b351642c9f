import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { pulseScheduleSchema } from "@/lib/surveys/round-schedule-schemas";
import { getPulseSchedule, updatePulseSchedule } from "@/lib/surveys/round-schedule";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ orgId: entityId("organization") });

// The weekly pulse schedule: day, time and time zone, and whether it runs. Admins change it;
// admins and managers read it (the surveys page shows the next send).
export const GET = apiRoute({ auth: "session", permission: "organization.view", params }, async ({ ctx, params }) =>
  getPulseSchedule(ctx, params.orgId),
);

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "surveys.send", params, body: pulseScheduleSchema },
  async ({ ctx, params, body }) => updatePulseSchedule(ctx, params.orgId, body),
);
