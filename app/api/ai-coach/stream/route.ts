import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { apiRoute } from "@/lib/api/route";
import { finishReply, prepareReply } from "@/lib/coach/reply";
import { coachRequestSchema } from "@/lib/coach/request-schemas";
import { runCoach } from "@/lib/coach/engine/run";
import type { SourceDto } from "@/lib/coach/dto";

// POST /api/ai-coach/stream: Boss Bot's reply as an AI SDK UI message stream. The assistant
// message carries metadata { conversationId, userMessageId, createdAt } and a data-sources part;
// the user message is saved before the stream starts, the reply when it ends or is stopped (what
// arrived is kept). No database transaction is open while the reply streams.

type CoachStreamMessage = import("ai").UIMessage<
  { conversationId: string; userMessageId: string; createdAt: string },
  { sources: SourceDto[] }
>;

export const POST = apiRoute(
  { auth: "session", readOnly: "refuse", permission: "coach.use", body: coachRequestSchema },
  async ({ ctx, body, req }) => {
    const prepared = await prepareReply(ctx, body, req.signal);
    const stream = createUIMessageStream<CoachStreamMessage>({
      onError: () => "The reply was interrupted. What arrived is kept.",
      execute: async ({ writer }) => {
        const createdAt = new Date().toISOString();
        writer.write({
          type: "start",
          messageMetadata: {
            conversationId: prepared.conversation.id,
            userMessageId: prepared.userMessage.id,
            createdAt,
          },
        });
        writer.write({ type: "data-sources", data: prepared.sources });
        const id = "text-0";
        writer.write({ type: "text-start", id });
        let text = "";
        try {
          for await (const ev of runCoach(prepared.run)) {
            if (ev.type === "delta") {
              text += ev.text;
              writer.write({ type: "text-delta", id, delta: ev.text });
            } else {
              writer.write({ type: "text-end", id });
              writer.write({ type: "error", errorText: ev.message });
              return;
            }
          }
          writer.write({ type: "text-end", id });
          writer.write({ type: "finish", finishReason: "stop" });
        } finally {
          // Saved also when the client stopped the reply: what arrived is kept.
          await finishReply(ctx, prepared, text);
        }
      },
    });
    return createUIMessageStreamResponse({
      stream,
      headers: { "Server-Timing": `retrieval;dur=${prepared.retrievalMs.toFixed(1)}` },
    });
  },
);
