import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { updateMeetingNotes } from "@/lib/one-on-one/meetings";
import { updateMeetingSchema } from "@/lib/one-on-one/meeting-schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// The shared meeting notes and 'Mark Complete' (the manager's alone).
export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: updateMeetingSchema },
  async ({ ctx, params, body }) => updateMeetingNotes(ctx, params.meetingId, body),
);
