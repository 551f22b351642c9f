import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { takerFor } from "@/lib/surveys/taker";
import { entityId } from "@/lib/validation/entity-id";

// GET /api/surveys/{surveyId}?token=...: the survey with its questions, readable with the personal link, or by the invited person
// signed in; anyone else gets 404, so survey ids cannot be probed.
export const GET = apiRoute(
  {
    auth: "tenant",
    params: z.object({ surveyId: entityId("survey") }),
    query: z.object({ token: z.string().max(200).optional() }),
  },
  async ({ tenant, params, query }) => {
    const found = await readSurveyForTaker(tenant.orgId, params.surveyId, await takerFor(query.token));
    if (!found) throw notFound("Survey");
    // The survey carries its questions. Its response and user counts are organisation-wide
    // figures, which a person taking the survey is not shown (nor are managers).
    return { ...found.survey, questions: found.questions };
  },
);
