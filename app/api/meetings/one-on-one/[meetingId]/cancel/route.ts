import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { cancelMeeting } from "@/lib/one-on-one/meetings";
import { cancelMeetingSchema } from "@/lib/one-on-one/meeting-schemas";

const params = z.object({ meetingId: z.uuid() });

// Cancels this occurrence or the whole series and sends METHOD:CANCEL (manager only).
export const POST = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", params, body: cancelMeetingSchema },
  async ({ ctx, params, body }) => cancelMeeting(ctx, params.meetingId, body),
);
