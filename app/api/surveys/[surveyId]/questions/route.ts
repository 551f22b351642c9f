import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { takerFor } from "@/lib/surveys/taker";
import { entityId } from "@/lib/validation/entity-id";

// GET /api/surveys/{surveyId}/questions?token=...: [{ id, question, type, isRequired, order, options }], the
// questions asked of that link (a team-only check-back question only of its team).
export const GET = apiRoute(
  {
    auth: "tenant",
    params: z.object({ surveyId: entityId("survey") }),
    query: z.object({ token: z.string().max(200).optional() }),
  },
  async ({ tenant, params, query }) => {
    const found = await readSurveyForTaker(tenant.orgId, params.surveyId, await takerFor(query.token));
    if (!found) throw notFound("Survey");
    return found.questions;
  },
);
