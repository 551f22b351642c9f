import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { cancelMeeting } from "@/lib/one-on-one/meetings";
import { cancelMeetingSchema } from "@/lib/one-on-one/meeting-schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// Cancels this occurrence or the whole series and sends METHOD:CANCEL (manager only).
// Cancelling e-mails the other person: refused read-only, where nothing is sent.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: cancelMeetingSchema },
  async ({ ctx, params, body }) => cancelMeeting(ctx, params.meetingId, body),
);
