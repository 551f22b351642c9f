import { apiRoute } from "@/lib/api/route";
import { replyOnce } from "@/lib/coach/reply";
import { chatMessageRequestSchema } from "@/lib/coach/request-schemas";

// POST /api/chat/messages { conversationId, type, content }: saves the user's
// message and Boss Bot's reply in the caller's conversation and returns both.
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "coach.use", body: chatMessageRequestSchema },
  async ({ ctx, body }) => {
    const { prepared, aiMessage } = await replyOnce(ctx, {
      message: body.content,
      conversationId: body.conversationId,
    });
    return Response.json({ userMessage: prepared.userMessage, aiMessage }, { status: 201 });
  },
);
