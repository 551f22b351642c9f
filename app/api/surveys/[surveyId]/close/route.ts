import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { closeSurveyNow } from "@/lib/surveys/round-lifecycle";

// 'Close now and release results' (admins): closes an open survey before its close date and folds
// its answers into the results (results are released at close: docs/decisions.md (Anonymity and the minimum group)).
export const POST = apiRoute(
  { auth: "session", permission: "surveys.send", params: z.object({ surveyId: z.uuid() }) },
  async ({ ctx, params }) => closeSurveyNow(ctx, params.surveyId),
);
