import { apiRoute } from "@/lib/api/route";
import { listMeetings, scheduleMeeting } from "@/lib/one-on-one/meetings";
import { listMeetingsQuerySchema, scheduleMeetingSchema } from "@/lib/one-on-one/meeting-schemas";

// The caller's 1:1s (upcoming or past, optionally with one person), and scheduling a new one.
export const GET = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", query: listMeetingsQuerySchema },
  async ({ ctx, query }) => listMeetings(ctx, query),
);

export const POST = apiRoute(
  { auth: "session", permission: "oneOnOnes.schedule", body: scheduleMeetingSchema },
  async ({ ctx, body }) => Response.json(await scheduleMeeting(ctx, body), { status: 201 }),
);
