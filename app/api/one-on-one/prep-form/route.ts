import { apiRoute } from "@/lib/api/route";
import { submitPrepForm } from "@/lib/one-on-one/prep-forms";
import { PREP_FORM_MAX_BODY_BYTES, prepFormSubmitBodySchema } from "@/lib/one-on-one/prep-form";

// Submits the employee's prep form; the first submission notifies the manager.
export const POST = apiRoute(
  {
    auth: "session",
    readOnly: "refuse",
    permission: "oneOnOnes.use",
    body: prepFormSubmitBodySchema,
    maxBodyBytes: PREP_FORM_MAX_BODY_BYTES,
  },
  async ({ ctx, body }) => submitPrepForm(ctx, body),
);
