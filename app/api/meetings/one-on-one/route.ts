import { apiRoute } from "@/lib/api/route";
import { listMeetings, listMeetingSeries, scheduleMeeting } from "@/lib/one-on-one/meetings";
import { listMeetingsQuerySchema, scheduleMeetingSchema } from "@/lib/one-on-one/meeting-schemas";

// The caller's 1:1s (upcoming or past, optionally with one person; a meeting a row, or with
// view=series a series a row), and scheduling a new one.
export const GET = apiRoute(
  { auth: "session", permission: "oneOnOnes.use", query: listMeetingsQuerySchema },
  async ({ ctx, query }) => (query.view === "series" ? listMeetingSeries(ctx, query) : listMeetings(ctx, query)),
);

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.schedule", body: scheduleMeetingSchema },
  async ({ ctx, body }) => Response.json(await scheduleMeeting(ctx, body), { status: 201 }),
);
