import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { surveyResults } from "@/lib/analytics/survey-results";
import { entityId } from "@/lib/validation/entity-id";

// One survey's results, question by question, for admins (the organisation) and managers (their
// own teams); small groups are suppressed as everywhere else. Another organisation's id: 404.
export const GET = apiRoute(
  { auth: "session", permission: "analytics.view", params: z.object({ surveyId: entityId("survey") }) },
  async ({ ctx, params }) => surveyResults(ctx, params.surveyId),
);
