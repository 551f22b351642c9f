import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { reorderAgenda } from "@/lib/one-on-one/agenda";
import { agendaOrderSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// Reorder the agenda: itemIds must be exactly the meeting's items. Answers the agenda in its new order.
const params = z.object({ meetingId: entityKey("meeting") });

export const PUT = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: agendaOrderSchema },
  async ({ ctx, params, body }) => reorderAgenda(ctx, params.meetingId, body),
);
