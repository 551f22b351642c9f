import { afterEach, describe, expect, it, vi } from "vitest";
import { createUIMessageStream, createUIMessageStreamResponse } from "ai";
import { createCoachChatEngine } from "@/components/coach/coach-chat-engine";
import { CoachRequestError, SendState } from "@/components/coach/coach-transport";
import type { CoachUIMessage } from "@/components/coach/coach-dto";

// Boss Bot's lazily loaded chat engine (components/coach/coach-chat-engine.ts), driven as
// use-coach-chat.ts drives it, against a stream shaped like /api/ai-coach/stream's.

const CONVERSATION = "3f0c6a1e-8d5b-4c1e-9f3a-2b7d6e5c4a10";
const OTHER = "5d2e7b3f-1a4c-4e8d-8b6f-0c9a1e2d3f40";
const CONTEXT = { type: "1on1_prep_analysis" as const, meetingId: "m-1", data: { employeeName: "Sam" } };

function streamResponse(deltas: string[]): Response {
  const stream = createUIMessageStream<CoachUIMessage>({
    execute: async ({ writer }) => {
      writer.write({
        type: "start",
        messageMetadata: { conversationId: CONVERSATION, userMessageId: "u-1", createdAt: "2026-11-24T08:00:00.000Z" },
      });
      writer.write({
        type: "data-sources",
        data: [{ id: "s-1", title: "Stay interviews", category: "employee_engagement", source: "builtin" }],
      });
      writer.write({ type: "text-start", id: "t" });
      for (const delta of deltas) writer.write({ type: "text-delta", id: "t", delta });
      writer.write({ type: "text-end", id: "t" });
      writer.write({ type: "finish", finishReason: "stop" });
    },
  });
  return createUIMessageStreamResponse({ stream });
}

function text(m: CoachUIMessage | undefined): string {
  return m?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the coach chat engine", () => {
  it("streams a reply into a store read like useChat's, and sends only the message, the conversation and the meeting's id", async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal("fetch", async (_input: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return streamResponse(["Ask what ", "changed ", "for them."]);
    });
    const sendState = new SendState();
    sendState.setMeeting({ context: CONTEXT, conversationId: null });
    const finished: CoachUIMessage[] = [];
    const engine = createCoachChatEngine({
      sendState,
      onFinish: (m) => finished.push(m),
      onError: (err) => {
        throw err;
      },
    });

    let notified = 0;
    const seen: CoachUIMessage[][] = [];
    const off = engine.subscribe(() => {
      notified++;
      seen.push(engine.messages());
    });
    // A snapshot is stable until something changes (useSyncExternalStore needs that).
    expect(engine.messages()).toBe(engine.messages());
    expect(engine.status()).toBe("ready");

    await engine.chat.sendMessage({
      text: "How do I re-engage Sam?",
      metadata: { createdAt: "2026-11-24T08:00:00.000Z" },
    });

    expect(engine.status()).toBe("ready");
    const [question, reply] = engine.messages();
    expect(question?.role).toBe("user");
    expect(text(question)).toBe("How do I re-engage Sam?");
    expect(reply?.role).toBe("assistant");
    expect(text(reply)).toBe("Ask what changed for them.");
    expect(reply?.metadata?.conversationId).toBe(CONVERSATION);
    expect(reply?.parts.some((p) => p.type === "data-sources")).toBe(true);
    expect(finished.map((m) => m.metadata?.conversationId)).toEqual([CONVERSATION]);
    // Every chunk reached the subscriber, the whole reply included.
    expect(notified).toBeGreaterThan(3);
    expect(text(seen.at(-1)?.at(-1))).toBe("Ask what changed for them.");
    // The meeting's id only: the stored data stays in the browser (the server reads the meeting).
    expect(bodies).toEqual([
      { message: "How do I re-engage Sam?", context: { type: "1on1_prep_analysis", meetingId: "m-1" } },
    ]);

    // The next message of the meeting's conversation keeps the context; another conversation's does not.
    sendState.setMeeting({ context: CONTEXT, conversationId: CONVERSATION });
    sendState.setConversation(CONVERSATION);
    await engine.chat.sendMessage({ text: "And if that fails?" });
    expect(bodies[1]).toEqual({
      message: "And if that fails?",
      conversationId: CONVERSATION,
      context: { type: "1on1_prep_analysis", meetingId: "m-1" },
    });
    sendState.setConversation(OTHER);
    await engine.chat.sendMessage({ text: "Something else" });
    expect(bodies[2]).toEqual({ message: "Something else", conversationId: OTHER });

    off();
    const before = notified;
    engine.setMessages([]);
    expect(engine.messages()).toEqual([]);
    expect(notified).toBe(before);
  });

  it("reports a refused request to onError as a CoachRequestError with its Retry-After", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ title: "Too many messages" }), {
          status: 429,
          headers: { "Retry-After": "30", "Content-Type": "application/problem+json" },
        }),
    );
    const errors: unknown[] = [];
    const engine = createCoachChatEngine({
      sendState: new SendState(),
      onFinish: () => {},
      onError: (err) => errors.push(err),
    });
    await engine.chat.sendMessage({ text: "Hello" });
    expect(engine.status()).toBe("error");
    expect(errors).toHaveLength(1);
    const err = errors[0];
    expect(err).toBeInstanceOf(CoachRequestError);
    expect(err instanceof CoachRequestError ? [err.status, err.retryAfter] : null).toEqual([429, 30]);
  });
});
