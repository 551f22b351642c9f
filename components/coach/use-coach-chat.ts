"use client";

import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ChatStatus } from "ai";
import { useQueryClient } from "@tanstack/react-query";
import { apiFetch, problemOf } from "@/lib/api/client";
import type { ErrorCode } from "@/lib/errors/codes";
import { queryKeys } from "@/lib/query/keys";
import { toast } from "@/components/ui/toast";
import {
  coachMetadataSchema,
  chatMessageListSchema,
  type ChatMessage,
  type CoachUIMessage,
} from "@/components/coach/coach-dto";
import { CoachRequestError, SendState, type MeetingBinding } from "@/components/coach/coach-transport";
import type { CoachChatEngine } from "@/components/coach/coach-chat-engine";
import { clearBossBotContext, meetingOpener, type BossBotContext } from "@/components/coach/boss-bot-context";

const SEND_FAILED = "Failed to send message. Please try again.";
const CREATE_FAILED = "Failed to create conversation. Please try again.";

/** A stored message as the chat renders it: text plus its sources as a data part. */
function toUIMessage(m: ChatMessage): CoachUIMessage {
  return {
    id: m.id,
    role: m.type === "user" ? "user" : "assistant",
    metadata: { conversationId: m.conversationId, createdAt: m.createdAt },
    parts: [
      { type: "text", text: m.content },
      ...(m.sources.length > 0 ? [{ type: "data-sources" as const, data: m.sources }] : []),
    ],
  };
}

// Refusals the person can act on: the message is too long or holds what it may not, or the
// workspace or the vault refuses it now. The server's message says why.
const SAYS_WHY: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "invalid_input",
  "control_characters",
  "payload_too_large",
  "workspace_read_only",
  "vault_locked",
  "vault_setup_required",
]);

function failureText(err: unknown, creating: boolean): string {
  const problem = problemOf(err);
  if (problem?.code === "rate_limited") {
    const retryAfter = err instanceof CoachRequestError ? err.retryAfter : null;
    const wait = retryAfter ? ` Please try again in ${retryAfter} seconds.` : "";
    return problem.message ?? `Too many messages.${wait}`;
  }
  if (problem?.code && SAYS_WHY.has(problem.code)) return problem.message ?? SEND_FAILED;
  return creating ? CREATE_FAILED : SEND_FAILED;
}

// The AI SDK (its Chat, transport and stream parser) is most of this screen's script, so it is not
// in the first download: the engine module loads once, when the browser is idle or on the first
// focus, press or key inside Boss Bot (warm), or at the latest with the first send.
type EngineModule = typeof import("@/components/coach/coach-chat-engine");
let engineModule: Promise<EngineModule> | null = null;
function loadEngineModule(): Promise<EngineModule> {
  engineModule ??= import("@/components/coach/coach-chat-engine").catch((err: unknown) => {
    engineModule = null; // A failed chunk load (offline) is tried again on the next action.
    throw err;
  });
  return engineModule;
}

const NO_MESSAGES: CoachUIMessage[] = [];
const noSubscription = () => () => {};

/** A message asked before the engine was ready: shown at once, sent as soon as it is. */
type Queued = { message: CoachUIMessage; text: string };

/**
 * The Boss Bot thread: the AI SDK's Chat streaming from /api/ai-coach/stream (read the way useChat
 * reads it, with useSyncExternalStore), the selected conversation, the optimistic user message and
 * its roll-back, and the 1:1 context of the conversation a meeting review opened.
 */
export function useCoachChat({
  userId,
  onVaultRefused,
}: {
  userId: string;
  /** A send the server refused for the private vault: true when the caller takes the message
   * over (it is sent again once the vault is set up), false for the usual toast and hand-back. */
  onVaultRefused?: (err: Error, text: string) => boolean;
}) {
  const qc = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [loadingThread, setLoadingThread] = useState(false);
  const [threadError, setThreadError] = useState(false);
  const [restoredInput, setRestoredInput] = useState<{ text: string; n: number } | null>(null);
  const [sendState] = useState(() => new SendState());
  // The meeting's conversation, kept here for rendering and in sendState for the request going out.
  const [meeting, setMeetingState] = useState<MeetingBinding | null>(null);
  const setMeeting = useCallback(
    (m: MeetingBinding | null) => {
      sendState.setMeeting(m);
      setMeetingState(m);
    },
    [sendState],
  );
  // The chip shows with the conversation the meeting opened (or is about to open), not with others.
  const context = meeting && meeting.conversationId === conversationId ? meeting.context : null;
  // Read by the engine's callbacks, which live as long as the chat does.
  const userIdRef = useRef(userId);
  const vaultRefusedRef = useRef(onVaultRefused);
  useEffect(() => {
    userIdRef.current = userId;
    vaultRefusedRef.current = onVaultRefused;
  }, [userId, onVaultRefused]);

  const adopt = useCallback(
    (id: string) => {
      if (sendState.conversationId === id) return;
      // A first message sent with the 1:1 context opened this conversation: the meeting's from now on.
      if (sendState.conversationId === null && sendState.meeting?.conversationId === null)
        setMeeting({ ...sendState.meeting, conversationId: id });
      sendState.setConversation(id);
      setConversationId(id);
    },
    [sendState, setMeeting],
  );

  // One Chat for the component's life, created once its module has loaded.
  const [engine, setEngine] = useState<CoachChatEngine | null>(null);
  const starting = useRef<Promise<CoachChatEngine> | null>(null);
  const ensureEngine = useCallback((): Promise<CoachChatEngine> => {
    starting.current ??= loadEngineModule().then(
      ({ createCoachChatEngine }) => {
        const created = createCoachChatEngine({
          sendState,
          onFinish: (message) => {
            const meta = coachMetadataSchema.safeParse(message.metadata);
            if (meta.success && meta.data.conversationId) adopt(meta.data.conversationId);
            void qc.invalidateQueries({ queryKey: queryKeys.coachConversations(userIdRef.current) });
          },
          onError: (err, chat) => {
            let accepted = false;
            const msgs = chat.messages;
            const lastUser = msgs.findLastIndex((m) => m.role === "user");
            if (lastUser !== -1) {
              const reply = msgs.slice(lastUser + 1).find((m) => m.role === "assistant");
              // The server saved the question (and what arrived of the reply): keep them.
              accepted = Boolean(reply && coachMetadataSchema.safeParse(reply.metadata).data?.userMessageId);
              if (!accepted) {
                const text = msgs[lastUser]?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
                chat.messages = msgs.slice(0, lastUser);
                if (vaultRefusedRef.current?.(err, text)) return;
                setRestoredInput((r) => ({ text, n: (r?.n ?? 0) + 1 }));
              }
            }
            // A reply cut after the conversation existed is a failed send, never a failed creation.
            toast({
              title: "Error",
              description: failureText(err, sendState.sentWithoutId && !accepted),
              variant: "destructive",
            });
          },
        });
        setEngine(created);
        return created;
      },
      (err: unknown) => {
        starting.current = null;
        throw err;
      },
    );
    return starting.current;
  }, [adopt, qc, sendState]);

  const warm = useCallback(() => {
    // Nothing waits on it here; an action made meanwhile awaits the same promise and reports.
    ensureEngine().catch(() => {});
  }, [ensureEngine]);
  useEffect(() => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(warm, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = window.setTimeout(warm, 1);
    return () => window.clearTimeout(t);
  }, [warm]);

  const subscribe = engine ? engine.subscribe : noSubscription;
  const chatMessages = useSyncExternalStore(
    subscribe,
    () => (engine ? engine.messages() : NO_MESSAGES),
    () => NO_MESSAGES,
  );
  const chatStatus = useSyncExternalStore<ChatStatus>(
    subscribe,
    () => (engine ? engine.status() : "ready"),
    () => "ready",
  );

  // A send made before the engine was ready: it shows (and blocks another send) until it goes out.
  const [queued, setQueued] = useState<Queued | null>(null);
  const queuedRef = useRef<Queued | null>(null);
  const messages = queued ? [...chatMessages, queued.message] : chatMessages;
  const status: ChatStatus = queued ? "submitted" : chatStatus;

  // The conversation a first message opens is known from the stream's metadata, before it ends.
  const lastAssistant = chatMessages.findLast((m) => m.role === "assistant");
  const streamedId = coachMetadataSchema.safeParse(lastAssistant?.metadata).data?.conversationId ?? null;
  const activeId = conversationId ?? streamedId;

  const pending = status === "submitted" || status === "streaming";

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || pending) return;
      const metadata = { createdAt: new Date().toISOString() };
      if (engine) {
        void engine.chat.sendMessage({ text: message, metadata });
        return;
      }
      const item: Queued = {
        text: message,
        message: { id: "queued-send", role: "user", metadata, parts: [{ type: "text", text: message }] },
      };
      queuedRef.current = item;
      setQueued(item);
      ensureEngine().then(
        (ready) => {
          if (queuedRef.current !== item) return; // Stopped while it waited.
          queuedRef.current = null;
          setQueued(null);
          void ready.chat.sendMessage({ text: message, metadata });
        },
        (err: unknown) => {
          if (queuedRef.current !== item) return;
          queuedRef.current = null;
          setQueued(null);
          setRestoredInput((r) => ({ text: message, n: (r?.n ?? 0) + 1 }));
          toast({
            title: "Error",
            description: failureText(err, sendState.conversationId === null),
            variant: "destructive",
          });
        },
      );
    },
    [engine, ensureEngine, pending, sendState],
  );

  const stop = useCallback(() => {
    if (engine) {
      void engine.chat.stop();
      return;
    }
    // Stopped before it went out: nothing was sent, so the text goes back to the input.
    const item = queuedRef.current;
    if (!item) return;
    queuedRef.current = null;
    // After the click that called this has run its course: re-rendered inside it, the Stop button
    // would become the form's Send button (the same element) before the browser's default action,
    // which would then submit the text just handed back.
    window.setTimeout(() => {
      setQueued(null);
      setRestoredInput((r) => ({ text: item.text, n: (r?.n ?? 0) + 1 }));
    }, 0);
  }, [engine]);

  const select = useCallback(
    async (id: string | null) => {
      let ready: CoachChatEngine;
      try {
        ready = engine ?? (await ensureEngine());
      } catch {
        // The engine did not load (offline): the thread shows its error and 'Try again' selects again.
        setConversationId(id);
        setThreadError(id !== null);
        return;
      }
      if (pending) await ready.chat.stop();
      const token = sendState.setConversation(id);
      setConversationId(id);
      setThreadError(false);
      ready.setMessages([]);
      if (id === null) return;
      setLoadingThread(true);
      try {
        const stored = await qc.fetchQuery({
          queryKey: queryKeys.coachMessages(id),
          queryFn: ({ signal }) =>
            apiFetch(`/api/chat/conversations/${encodeURIComponent(id)}/messages`, {
              schema: chatMessageListSchema,
              signal,
            }),
          staleTime: 0,
        });
        if (token === sendState.selectToken) ready.setMessages(stored.map(toUIMessage));
      } catch {
        if (token === sendState.selectToken) setThreadError(true);
      } finally {
        if (token === sendState.selectToken) setLoadingThread(false);
      }
    },
    [engine, ensureEngine, pending, qc, sendState],
  );

  /** Hands text back to the message box (a send held for the vault and then given up). */
  const restore = useCallback((text: string) => setRestoredInput((r) => ({ text, n: (r?.n ?? 0) + 1 })), []);

  const removeContext = useCallback(() => {
    clearBossBotContext();
    setMeeting(null);
  }, [setMeeting]);

  /** Takes over a 1:1 context handed over from a meeting review (removed from storage, so a reload
   * does not start the conversation again) for the next new conversation; answers its first
   * message. */
  const startMeeting = useCallback(
    (ctx: BossBotContext): string => {
      clearBossBotContext();
      setMeeting({ context: ctx, conversationId: null });
      return meetingOpener(ctx);
    },
    [setMeeting],
  );

  return {
    messages,
    status,
    pending,
    send,
    stop,
    conversationId: activeId,
    select,
    loadingThread,
    threadError,
    context,
    removeContext,
    startMeeting,
    restoredInput,
    restore,
    /** Starts loading the engine now (the first focus, press or key inside Boss Bot). */
    warm,
  };
}
