import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { addTalkingPoint, listAgenda } from "@/lib/one-on-one/agenda";
import { talkingPointInputSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// The meeting's agenda (AgendaItemDto[]); POST adds a talking point (either person, while scheduled).
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  listAgenda(ctx, params.meetingId),
);

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: talkingPointInputSchema },
  async ({ ctx, params, body }) => Response.json(await addTalkingPoint(ctx, params.meetingId, body), { status: 201 }),
);
