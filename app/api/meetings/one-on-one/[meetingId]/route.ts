import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { updateMeetingNotes } from "@/lib/one-on-one/meetings";
import { updateMeetingSchema } from "@/lib/one-on-one/meeting-schemas";

const params = z.object({ meetingId: z.uuid() });

// The shared meeting notes and 'Mark Complete' (the manager's alone).
export const PUT = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", params, body: updateMeetingSchema },
  async ({ ctx, params, body }) => updateMeetingNotes(ctx, params.meetingId, body),
);
