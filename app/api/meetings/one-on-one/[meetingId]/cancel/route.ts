import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { cancelMeeting } from "@/lib/one-on-one/meetings";
import { cancelMeetingSchema } from "@/lib/one-on-one/meeting-schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// Cancels this occurrence or the whole series and sends METHOD:CANCEL (manager only).
export const POST = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", params, body: cancelMeetingSchema },
  async ({ ctx, params, body }) => cancelMeeting(ctx, params.meetingId, body),
);
