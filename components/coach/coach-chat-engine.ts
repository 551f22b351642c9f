import { Chat } from "@ai-sdk/react";
import { DefaultChatTransport, type ChatStatus } from "ai";
import type { CoachUIMessage } from "@/components/coach/coach-dto";
import { CoachRequestError, type SendState } from "@/components/coach/coach-transport";

/**
 * Boss Bot's chat engine: the AI SDK's `Chat` (its transport, streaming and message state) behind a
 * small store. use-coach-chat.ts imports this module lazily, so the AI SDK is not in the page's
 * first download, and reads the store with useSyncExternalStore, as useChat does with the same
 * `~register*Callback` hooks (useChat with `{ chat }` is that and nothing more).
 */
export type CoachChatEngine = {
  readonly chat: Chat<CoachUIMessage>;
  /** Calls back on every change of the messages or the status (each streamed chunk included). */
  subscribe: (onChange: () => void) => () => void;
  messages: () => CoachUIMessage[];
  status: () => ChatStatus;
  setMessages: (messages: CoachUIMessage[]) => void;
};

export function createCoachChatEngine({
  sendState,
  onFinish,
  onError,
}: {
  sendState: SendState;
  onFinish: (message: CoachUIMessage) => void;
  onError: (err: Error, chat: Chat<CoachUIMessage>) => void;
}): CoachChatEngine {
  const chat: Chat<CoachUIMessage> = new Chat<CoachUIMessage>({
    transport: coachTransport(sendState),
    onFinish: ({ message }) => onFinish(message),
    onError: (err) => onError(err, chat),
  });
  return {
    chat,
    subscribe: (onChange) => {
      const offMessages = chat["~registerMessagesCallback"](onChange);
      const offStatus = chat["~registerStatusCallback"](onChange);
      return () => {
        offMessages();
        offStatus();
      };
    },
    // The state keeps one array until it changes, so these are stable snapshots.
    messages: () => chat.messages,
    status: () => chat.status,
    setMessages: (messages) => {
      chat.messages = messages;
    },
  };
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
