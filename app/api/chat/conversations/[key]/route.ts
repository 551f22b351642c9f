import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { deleteConversation, listConversations, renameConversation } from "@/lib/coach/conversations";
import { renameConversationSchema } from "@/lib/coach/schemas";
import { entityId } from "@/lib/validation/entity-id";

// Next requires one slug name per level, so the API's shapes share this file:
//   GET    /api/chat/conversations/{userId}  -> the caller's own conversations (another user's id:
//                                              404, the wrapper's ownUser check)
//   PATCH  /api/chat/conversations/{id}      -> rename { title }
//   DELETE /api/chat/conversations/{id}      -> delete with its messages
const userParams = z.object({ key: entityId("user") });
const params = z.object({ key: entityId("conversation") });

export const GET = apiRoute(
  { auth: "session", permission: "coach.use", params: userParams, ownUser: ["key"] },
  async ({ ctx }) => listConversations(ctx),
);

export const PATCH = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "coach.use", params, body: renameConversationSchema },
  async ({ ctx, params, body }) => renameConversation(ctx, params.key, body.title),
);

export const DELETE = apiRoute(
  { auth: "session", readOnly: "allow", permission: "coach.use", params },
  async ({ ctx, params }) => {
    await deleteConversation(ctx, params.key);
    return { ok: true };
  },
);
