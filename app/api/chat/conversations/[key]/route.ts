import { z } from "zod";
import { apiRoute } from "@/lib/api/route";
import { notFound } from "@/lib/errors/domain-error";
import { deleteConversation, listConversations, renameConversation } from "@/lib/coach/conversations";
import { renameConversationSchema } from "@/lib/coach/schemas";

// Next requires one slug name per level, so the API's shapes share this file:
//   GET    /api/chat/conversations/{userId}  -> the caller's own conversations (another id: 404)
//   PATCH  /api/chat/conversations/{id}      -> rename { title }
//   DELETE /api/chat/conversations/{id}      -> delete with its messages
const params = z.object({ key: z.uuid() });

export const GET = apiRoute({ auth: "session", permission: "coach.use", params }, async ({ ctx, params }) => {
  if (params.key !== ctx.userId) throw notFound("User");
  return listConversations(ctx);
});

export const PATCH = apiRoute(
  { auth: "session", permission: "coach.use", params, body: renameConversationSchema },
  async ({ ctx, params, body }) => renameConversation(ctx, params.key, body.title),
);

export const DELETE = apiRoute({ auth: "session", permission: "coach.use", params }, async ({ ctx, params }) => {
  await deleteConversation(ctx, params.key);
  return { ok: true };
});
