import { apiRoute } from "@/lib/api/route";
import { checkSameOrigin } from "@/lib/api/same-origin";
import { submitResponse } from "@/lib/surveys/submit";
import { submissionSchema } from "@/lib/surveys/take-schema";

// POST /api/surveys/responses { surveyId, responses: [{ questionId, answer, submittedAt }], token }
// -> 201. Only the personal link answers (no sign-in needed); without one the answer is refused as
// an invalid link, signed in or not.
export const POST = apiRoute({ auth: "tenant", body: submissionSchema, maxBodyBytes: 64 * 1024, rateLimit: "surveyResponse" }, async ({ tenant, body, req }) => {
  // Only from this workspace's own pages.
  checkSameOrigin(req);
  await submitResponse(tenant.orgId, body, { token: body.token });
  return Response.json({ ok: true }, { status: 201 });
});
