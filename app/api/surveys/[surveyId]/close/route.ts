import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { closeSurveyNow } from "@/lib/surveys/round-lifecycle";
import { entityId } from "@/lib/validation/entity-id";

// 'Close now and release results' (admins): closes an open survey before its close date and folds
// its answers into the results (results are released at close: docs/decisions.md (Anonymity and the minimum group)).
// Closing early notifies and releases results now: refused read-only (the round still closes on
// its date).
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "surveys.send",
    params: z.object({ surveyId: entityId("survey") }),
  },
  async ({ ctx, params }) => closeSurveyNow(ctx, params.surveyId),
);
