import { apiRoute } from "@/lib/api/route";
import { enforceRateLimit } from "@/lib/api/rate-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { DomainError } from "@/lib/errors/domain-error";
import { submitResponse } from "@/lib/surveys/submit";
import { submissionSchema } from "@/lib/surveys/take-schemas";

// POST /api/surveys/responses { surveyId, responses: [{ questionId, answer, submittedAt }], token }
// -> 201. Only the personal link answers (no sign-in needed); without one the answer is refused as
// an invalid link, signed in or not. Only from this workspace's own pages (the wrapper's
// same-origin rule). Without an unspent link's token (256 random bits) nothing is written.
//
// The surveyResponse rate limit counts refused submissions only. A stored answer must not be
// written next to anything that names its author, and the rate limit's row names the client's
// address in a transaction of its own right before the answer's: counted on every submission, it
// would sit one transaction id away from the pool row. A link stores one answer at most, so
// accepted submissions need no limit; a script trying links is counted and stopped as before.
// Answering a round that was already open keeps working read-only.
export const POST = apiRoute(
  { auth: "tenant", readOnly: "allow", body: submissionSchema, maxBodyBytes: 64 * 1024, writes: false },
  async ({ tenant, body, req }) => {
    try {
      await submitResponse(tenant.orgId, body, { token: body.token });
    } catch (err) {
      if (err instanceof DomainError)
        await enforceRateLimit("surveyResponse", {
          address: clientAddress(req.headers.get("x-forwarded-for"), req.headers.get("x-real-ip")),
          orgId: tenant.orgId,
        });
      throw err;
    }
    return Response.json({ ok: true }, { status: 201 });
  },
);
