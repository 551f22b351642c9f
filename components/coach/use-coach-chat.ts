"use client";

import { useCallback, useEffect, useState } from "react";
import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/api/client";
import { queryKeys } from "@/lib/query/keys";
import { toast } from "@/components/ui/toast";
import { coachMetadataSchema, chatMessageListSchema, type ChatMessage, type CoachUIMessage } from "@/components/coach/coach-dto";
import { CoachRequestError, SendState, coachTransport } from "@/components/coach/coach-transport";
import { clearBossBotContext, type BossBotContext } from "@/components/coach/boss-bot-context";

const SEND_FAILED = "Failed to send message. Please try again.";
const CREATE_FAILED = "Failed to create conversation. Please try again.";

/** A stored message as the chat renders it: text plus its sources as a data part. */
export function toUIMessage(m: ChatMessage): CoachUIMessage {
  return {
    id: m.id,
    role: m.type === "user" ? "user" : "assistant",
    metadata: { conversationId: m.conversationId, createdAt: m.createdAt },
    parts: [{ type: "text", text: m.content }, ...(m.sources.length > 0 ? [{ type: "data-sources" as const, data: m.sources }] : [])],
  };
}

function failureText(err: unknown, creating: boolean): string {
  if (err instanceof CoachRequestError) {
    if (err.status === 429) {
      const wait = err.retryAfter ? ` Please try again in ${err.retryAfter} seconds.` : "";
      return err.serverMessage ?? `Too many messages.${wait}`;
    }
    // 409: the state refuses it (a read-only workspace, issue 12); the server says why.
    if (err.status === 400 || err.status === 409 || err.status === 413) return err.serverMessage ?? SEND_FAILED;
  }
  return creating ? CREATE_FAILED : SEND_FAILED;
}

/**
 * The Boss Bot thread: useChat streaming from /api/ai-coach/stream, the selected conversation,
 * the optimistic user message and its roll-back, and the 1:1 context sent with a first message.
 */
export function useCoachChat({ userId, storedContext }: { userId: string; storedContext: BossBotContext | null }) {
  const qc = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [loadingThread, setLoadingThread] = useState(false);
  const [threadError, setThreadError] = useState(false);
  const [contextRemoved, setContextRemoved] = useState(false);
  const context = contextRemoved ? null : storedContext;
  const [restoredInput, setRestoredInput] = useState<{ text: string; n: number } | null>(null);
  const [sendState] = useState(() => new SendState());
  const [transport] = useState(() => coachTransport(sendState));
  useEffect(() => {
    sendState.setContext(context);
  }, [sendState, context]);

  const adopt = useCallback(
    (id: string) => {
      if (sendState.conversationId === id) return;
      sendState.setConversation(id);
      setConversationId(id);
    },
    [sendState],
  );

  const chat = useChat<CoachUIMessage>({
    transport,
    onFinish: ({ message }) => {
      const meta = coachMetadataSchema.safeParse(message.metadata);
      if (meta.success && meta.data.conversationId) adopt(meta.data.conversationId);
      void qc.invalidateQueries({ queryKey: queryKeys.coachConversations(userId) });
    },
    onError: (err) => {
      let accepted = false;
      chat.setMessages((msgs) => {
        const lastUser = msgs.findLastIndex((m) => m.role === "user");
        if (lastUser === -1) return msgs;
        const reply = msgs.slice(lastUser + 1).find((m) => m.role === "assistant");
        // The server saved the question (and what arrived of the reply): keep them.
        accepted = Boolean(reply && coachMetadataSchema.safeParse(reply.metadata).data?.userMessageId);
        if (accepted) return msgs;
        const text = msgs[lastUser]?.parts.map((p) => (p.type === "text" ? p.text : "")).join("") ?? "";
        setRestoredInput((r) => ({ text, n: (r?.n ?? 0) + 1 }));
        return msgs.slice(0, lastUser);
      });
      // A reply cut after the conversation existed is a failed send, never a failed creation.
      toast({ title: "Error", description: failureText(err, sendState.sentWithoutId && !accepted), variant: "destructive" });
    },
  });

  // The conversation a first message opens is known from the stream's metadata, before it ends.
  const lastAssistant = chat.messages.findLast((m) => m.role === "assistant");
  const streamedId = coachMetadataSchema.safeParse(lastAssistant?.metadata).data?.conversationId ?? null;
  const activeId = conversationId ?? streamedId;

  const pending = chat.status === "submitted" || chat.status === "streaming";

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || pending) return;
      void chat.sendMessage({ text: message, metadata: { createdAt: new Date().toISOString() } });
    },
    [chat, pending],
  );

  const select = useCallback(
    async (id: string | null) => {
      if (pending) await chat.stop();
      const token = sendState.setConversation(id);
      setConversationId(id);
      setThreadError(false);
      chat.setMessages([]);
      if (id === null) return;
      setLoadingThread(true);
      try {
        const stored = await qc.fetchQuery({
          queryKey: queryKeys.coachMessages(id),
          queryFn: ({ signal }) => apiFetch(`/api/chat/conversations/${encodeURIComponent(id)}/messages`, { schema: chatMessageListSchema, signal }),
          staleTime: 0,
        });
        if (token === sendState.selectToken) chat.setMessages(stored.map(toUIMessage));
      } catch {
        if (token === sendState.selectToken) setThreadError(true);
      } finally {
        if (token === sendState.selectToken) setLoadingThread(false);
      }
    },
    [chat, pending, qc, sendState],
  );

  const removeContext = useCallback(() => {
    clearBossBotContext();
    setContextRemoved(true);
  }, []);

  return {
    messages: chat.messages,
    status: chat.status,
    pending,
    send,
    stop: () => void chat.stop(),
    conversationId: activeId,
    select,
    loadingThread,
    threadError,
    context,
    removeContext,
    restoredInput,
  };
}
