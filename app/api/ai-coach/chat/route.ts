import { apiRoute } from "@/lib/api/route";
import { replyOnce } from "@/lib/coach/reply";
import { coachRequestSchema } from "@/lib/coach/request-schemas";

// POST /api/ai-coach/chat { message, organizationId, conversationId? } ->
// { response, sources: [{ id, title, category }] }: the same engine, not streamed; both messages
// are saved in the caller's conversation (a new one when none is named).
export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "coach.use", body: coachRequestSchema },
  async ({ ctx, body }) => {
    const { prepared, text } = await replyOnce(ctx, body);
    return {
      response: text,
      sources: prepared.sources.map((s) => ({ id: s.id, title: s.title, category: s.category })),
      conversationId: prepared.conversation.id,
    };
  },
);
