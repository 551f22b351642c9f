import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { getPrepForm, updatePrepForm } from "@/lib/one-on-one/prep-forms";
import { PREP_FORM_MAX_BODY_BYTES, prepFormDraftSchema } from "@/lib/one-on-one/prep-form";
import { entityKey } from "@/lib/validation/entity-id";

// One dynamic segment serves the API's two addresses at this level, since Next.js allows only one
// name per folder: GET /api/one-on-one-prep/{meetingId} (the meeting's prep form, or null) and
// PUT /api/one-on-one-prep/{prepId} (a draft save addressed by the form's own id).
// Ids outside the caller's 1:1s, malformed ones included, answer 404.
const meetingParams = z.object({ id: entityKey("meeting") });
const params = z.object({ id: entityKey("prepForm") });

export const GET = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", params: meetingParams },
  // null is a valid answer ("no form yet"); NextResponse.json(null) sends it as JSON.
  async ({ ctx, params }) => Response.json(await getPrepForm(ctx, params.id)),
);

export const PUT = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "oneOnOnes.use",
    params,
    body: prepFormDraftSchema,
    maxBodyBytes: PREP_FORM_MAX_BODY_BYTES,
  },
  async ({ ctx, params, body }) => updatePrepForm(ctx, params.id, body),
);
