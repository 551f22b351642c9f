import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getRoundStatus } from "@/lib/surveys/round-status";
import { entityId } from "@/lib/validation/entity-id";

// A round's progress for admins: invitations, responses and mail delivery (pending, sent, failed,
// retries), so delivery problems show instead of vanishing.
export const GET = apiRoute(
  { auth: "session", permission: "surveys.send", params: z.object({ surveyId: entityId("survey") }) },
  async ({ ctx, params }) => getRoundStatus(ctx, params.surveyId),
);
