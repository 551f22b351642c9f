import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { createActionItem, listActionItems } from "@/lib/one-on-one/action-items";
import { actionItemInputSchema } from "@/lib/one-on-one/notes-schemas";
import { entityKey } from "@/lib/validation/entity-id";

// The meeting's action items, open ones of earlier meetings of the pair carried over (ActionItemDto[]).
const params = z.object({ meetingId: entityKey("meeting") });

export const GET = apiRoute({ auth: "session", permission: "oneOnOnes.use", params }, async ({ ctx, params }) =>
  listActionItems(ctx, params.meetingId),
);

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "oneOnOnes.use", params, body: actionItemInputSchema },
  async ({ ctx, params, body }) => Response.json(await createActionItem(ctx, params.meetingId, body), { status: 201 }),
);
