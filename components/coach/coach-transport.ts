import { DefaultChatTransport } from "ai";
import { ApiRequestError } from "@/lib/api/client";
import type { BossBotContext } from "@/components/coach/boss-bot-context";
import type { CoachUIMessage } from "@/components/coach/coach-dto";

/** A refused stream request, with the Retry-After seconds of a 429. */
export class CoachRequestError extends ApiRequestError {
  readonly retryAfter: number | null;
  constructor(status: number, statusText: string, bodyText: string, retryAfter: number | null) {
    super(status, statusText, bodyText);
    this.retryAfter = retryAfter;
  }
}

/** The chat's mutable send state, read when a request goes out (so it is never stale). */
export class SendState {
  conversationId: string | null = null;
  context: BossBotContext | null = null;
  /** Whether the request in flight opened a new conversation (for the failure text). */
  sentWithoutId = false;
  /** Bumped on each selection, so a late answer for an earlier one is ignored. */
  selectToken = 0;

  setConversation(id: string | null): number {
    this.conversationId = id;
    return ++this.selectToken;
  }

  setContext(context: BossBotContext | null): void {
    this.context = context;
  }

  /** The body extras of the request going out now. */
  takeExtras(): { conversationId: string | null; context: BossBotContext | null } {
    this.sentWithoutId = this.conversationId === null;
    // The 1:1 context opens a conversation: it goes with its first message only.
    return { conversationId: this.conversationId, context: this.conversationId === null ? this.context : null };
  }
}

function lastUserText(messages: CoachUIMessage[]): string {
  const last = [...messages].reverse().find((m) => m.role === "user");
  return last?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
}

/**
 * The stream endpoint takes one message, not the whole history (the server holds the history),
 * so only { message, conversationId, context } goes out. A non-OK answer becomes a
 * CoachRequestError the chat's onError can read by status.
 */
export function coachTransport(state: SendState): DefaultChatTransport<CoachUIMessage> {
  return new DefaultChatTransport<CoachUIMessage>({
    api: "/api/ai-coach/stream",
    credentials: "include",
    prepareSendMessagesRequest: ({ messages }) => {
      const { conversationId, context } = state.takeExtras();
      return {
        body: {
          message: lastUserText(messages),
          ...(conversationId ? { conversationId } : {}),
          ...(context ? { context } : {}),
        },
      };
    },
    fetch: async (input, init) => {
      const res = await fetch(input, init);
      if (!res.ok) {
        const text = await res.text().catch(() => "");
        const ra = Number(res.headers.get("Retry-After"));
        throw new CoachRequestError(res.status, res.statusText, text, Number.isFinite(ra) && ra > 0 ? ra : null);
      }
      return res;
    },
  });
}
