import { ApiRequestError } from "@/lib/api/client";
import { requestContextOf, type BossBotContext, type MeetingRequestContext } from "@/components/coach/boss-bot-context";

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

/** A 1:1 handed over from a meeting review and the conversation it opened (null until the first
 * message has created it). */
export type MeetingBinding = { context: BossBotContext; conversationId: string | null };

/** The chat's mutable send state, read when a request goes out (so it is never stale). */
export class SendState {
  conversationId: string | null = null;
  meeting: MeetingBinding | null = null;
  /** Whether the request in flight opened a new conversation (for the failure text). */
  sentWithoutId = false;
  /** Bumped on each selection, so a late answer for an earlier one is ignored. */
  selectToken = 0;

  setConversation(id: string | null): number {
    this.conversationId = id;
    return ++this.selectToken;
  }

  setMeeting(meeting: MeetingBinding | null): void {
    this.meeting = meeting;
  }

  /** The 1:1 context of the conversation shown now: the meeting's own conversation, or a new one
   * while the meeting has not opened its conversation yet. */
  contextNow(): BossBotContext | null {
    return this.meeting && this.meeting.conversationId === this.conversationId ? this.meeting.context : null;
  }

  /** The body extras of the request going out now. */
  takeExtras(): { conversationId: string | null; context: MeetingRequestContext | null } {
    this.sentWithoutId = this.conversationId === null;
    // The 1:1 context goes with every message of the conversation it opened, so a follow-up is
    // still about the meeting.
    const context = this.contextNow();
    return { conversationId: this.conversationId, context: context ? requestContextOf(context) : null };
  }
}
