import { apiRoute } from "@/lib/api/route";
import { savePrepDraft } from "@/lib/one-on-one/prep-forms";
import { PREP_FORM_MAX_BODY_BYTES, prepFormDraftSchema } from "@/lib/one-on-one/prep-form";
import { entityId } from "@/lib/validation/entity-id";

// The prep form's draft save (autosave on every change): the employee of the meeting only.
const body = prepFormDraftSchema.extend({
  meetingId: entityId("meeting", "Meeting not found"),
  employeeId: entityId("user", "employeeId must be a UUID").optional(),
});

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", body, maxBodyBytes: PREP_FORM_MAX_BODY_BYTES },
  async ({ ctx, body: { meetingId, employeeId, ...draft } }) => savePrepDraft(ctx, meetingId, draft, employeeId),
);
