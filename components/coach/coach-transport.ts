import { ApiRequestError } from "@/lib/api/client";
import type { BossBotContext } from "@/components/coach/boss-bot-context";

// The light half of the stream request (the browser's first download): its error and the send state.
// The transport itself, which needs the AI SDK, is in coach-chat-engine.ts (loaded lazily).

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
