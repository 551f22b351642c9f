import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteAgendaItem, updateAgendaItem } from "@/lib/one-on-one/agenda";
import { agendaItemPatchSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// Tick an agenda item off (either person) or edit your own talking point; delete your own talking point.
const params = z.object({ meetingId: entityKey("meeting"), itemId: entityKey("agendaItem") });

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: agendaItemPatchSchema },
  async ({ ctx, params, body }) => updateAgendaItem(ctx, params.meetingId, params.itemId, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "oneOnOnes.use", params },
  async ({ ctx, params }) => {
    await deleteAgendaItem(ctx, params.meetingId, params.itemId);
    return { ok: true };
  },
);
