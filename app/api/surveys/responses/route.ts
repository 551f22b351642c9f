import { apiRoute } from "@/lib/api/route";
import { checkSameOrigin } from "@/lib/api/same-origin";
import { submitResponse } from "@/lib/surveys/submit";
import { submissionSchema } from "@/lib/surveys/take-schema";
import { takerFor } from "@/lib/surveys/taker";

// POST /api/surveys/responses { surveyId, responses: [{ questionId, answer, submittedAt }], token }
// -> 201. No sign-in needed with the personal link; signed in, the invitation is the person's own.
export const POST = apiRoute({ auth: "tenant", body: submissionSchema, maxBodyBytes: 64 * 1024, rateLimit: "surveyResponse" }, async ({ tenant, body, req }) => {
  // A signed-in browser may answer without a token: only from this workspace's own pages.
  checkSameOrigin(req);
  await submitResponse(tenant.orgId, body, await takerFor(body.token));
  return Response.json({ ok: true }, { status: 201 });
});
