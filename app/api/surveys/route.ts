import { apiRoute } from "@/lib/api/route";
import { createCustomSurvey } from "@/lib/surveys/custom";
import { customSurveySchema } from "@/lib/surveys/custom-schemas";

// 'Create Survey': a custom survey sent now or at a chosen time (admins only, docs/decisions.md
// (Surveys and rounds)).
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "surveys.send", body: customSurveySchema },
  async ({ ctx, body }) => Response.json(await createCustomSurvey(ctx, body), { status: 201 }),
);
