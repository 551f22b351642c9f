import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteActionItem, updateActionItem } from "@/lib/one-on-one/action-items";
import { actionItemPatchSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// Complete (recorded against this meeting) or edit an action item; delete (its creator or the manager).
const params = z.object({ meetingId: entityKey("meeting"), itemId: entityKey("actionItem") });

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: actionItemPatchSchema },
  async ({ ctx, params, body }) => updateActionItem(ctx, params.meetingId, params.itemId, body),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "oneOnOnes.use", params },
  async ({ ctx, params }) => {
    await deleteActionItem(ctx, params.meetingId, params.itemId);
    return { ok: true };
  },
);
