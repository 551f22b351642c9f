import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getCurrentSurvey } from "@/lib/surveys/round-status";
import { entityId } from "@/lib/validation/entity-id";

// The current survey of an organisation ({id} is the organisation's id; another one's is 404).
export const GET = apiRoute(
  { auth: "session", permission: "surveys.view", params: z.object({ id: entityId("organization") }) },
  async ({ ctx, params }) => Response.json(await getCurrentSurvey(ctx, params.id)),
);
