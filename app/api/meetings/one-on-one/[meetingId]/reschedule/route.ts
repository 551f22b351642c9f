import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { rescheduleMeeting } from "@/lib/one-on-one/meetings";
import { rescheduleMeetingSchema } from "@/lib/one-on-one/meeting-schemas";
import { entityId } from "@/lib/validation/entity-id";

const params = z.object({ meetingId: entityId("meeting") });

// Moves this occurrence only and sends the calendar update (manager only).
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: rescheduleMeetingSchema },
  async ({ ctx, params, body }) => rescheduleMeeting(ctx, params.meetingId, body),
);
