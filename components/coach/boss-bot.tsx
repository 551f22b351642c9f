"use client";

import { useCallback, useEffect, useState } from "react";
import dynamic from "next/dynamic";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Lock, PanelLeft, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ChatInput } from "@/components/coach/chat-input";
import { ContextChip } from "@/components/coach/context-chip";
import { ConversationSidebar } from "@/components/coach/conversation-sidebar";
import { MessageThread } from "@/components/coach/message-thread";
import { StarterPrompts } from "@/components/coach/starter-prompts";
import { clearBossBotContext, useStoredBossBotContext } from "@/components/coach/boss-bot-context";
import type { CoachChat } from "@/components/coach/use-coach-chat";
import type { CoachUIMessage } from "@/components/coach/coach-dto";

const loadEngine = () => import("@/components/coach/coach-engine");
// The AI SDK (useChat, its transport) is not in the first download: it loads when the browser is
// idle or on the first focus/press inside Boss Bot, whichever comes first.
const CoachEngine = dynamic(() => loadEngine().then((m) => m.CoachEngine), { ssr: false });

/** What the person did before the engine was ready: replayed, in order, once it is. */
export type Queued = { select?: { id: string | null }; send?: string };

/**
 * The Boss Bot screen (spec section 2): the conversation list beside the thread from md up; on a
 * phone the list opens as a sheet from the 'Conversations' button.
 */
export function BossBot({ userId }: { userId: string }) {
  const storedContext = useStoredBossBotContext();
  const [contextRemoved, setContextRemoved] = useState(false);
  const context = contextRemoved ? null : storedContext;
  const removeContext = useCallback(() => {
    clearBossBotContext();
    setContextRemoved(true);
  }, []);

  const [wanted, setWanted] = useState(false);
  const [engine, setEngine] = useState<CoachChat | null>(null);
  const [queued, setQueued] = useState<Queued | null>(null);
  const load = useCallback(() => {
    void loadEngine();
    setWanted(true);
  }, []);
  useEffect(() => {
    // Fetch the markdown chunk while the person reads the page, before the first reply needs it.
    void import("@/components/coach/coach-markdown");
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(() => setWanted(true), { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const t = window.setTimeout(() => setWanted(true), 1);
    return () => window.clearTimeout(t);
  }, []);
  const onTaken = useCallback(() => setQueued(null), []);
  const enqueue = useCallback(
    (q: Queued) => {
      setQueued((prev) => ({ ...prev, ...q }));
      load();
    },
    [load],
  );
  const queueSend = useCallback(
    (text: string) => {
      const message = text.trim();
      if (message) enqueue({ send: message });
    },
    [enqueue],
  );
  const queueSelect = useCallback(async (id: string | null) => enqueue({ select: { id }, send: undefined }), [enqueue]);
  const unqueueSend = useCallback(() => setQueued((prev) => (prev?.select ? { select: prev.select } : null)), []);
  const chat: Pick<CoachChat, "messages" | "status" | "pending" | "send" | "stop" | "conversationId" | "select" | "loadingThread" | "threadError" | "restoredInput"> =
    engine ?? {
      // The engine is loading: what was asked shows at once and goes out as soon as it is ready.
      messages: queued?.send ? [queuedMessage(queued.send)] : [],
      status: queued?.send ? "submitted" : "ready",
      pending: Boolean(queued?.send),
      send: queueSend,
      stop: unqueueSend,
      conversationId: queued?.select?.id ?? null,
      select: queueSelect,
      loadingThread: Boolean(queued?.select?.id) && !queued?.send,
      threadError: false,
      restoredInput: null,
    };
  const [sheetOpen, setSheetOpen] = useState(false);

  const sidebar = (
    <ConversationSidebar
      userId={userId}
      activeId={chat.conversationId}
      onSelect={(id) => {
        setSheetOpen(false);
        void chat.select(id);
      }}
      onNew={() => {
        setSheetOpen(false);
        void chat.select(null);
      }}
      onDeleted={(id) => {
        if (id === chat.conversationId) void chat.select(null);
      }}
    />
  );

  const empty = chat.messages.length === 0 && !chat.loadingThread && !chat.threadError;
  return (
    <div onFocusCapture={load} onPointerDownCapture={load} className="flex h-[calc(100dvh-11rem)] min-h-[26rem] overflow-hidden rounded-xl border border-slate-200 bg-white md:h-[calc(100dvh-8.5rem)]">
      <aside aria-label="Boss Bot conversations" className="hidden w-64 shrink-0 border-r border-slate-200 bg-slate-50 md:block">
        {sidebar}
      </aside>
      <section aria-labelledby="boss-bot-title" className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5 sm:px-4">
          <DialogPrimitive.Root open={sheetOpen} onOpenChange={setSheetOpen}>
            <DialogPrimitive.Trigger asChild>
              <Button variant="ghost" size="icon-sm" aria-label="Conversations" className="md:hidden">
                <PanelLeft aria-hidden="true" />
              </Button>
            </DialogPrimitive.Trigger>
            <DialogPrimitive.Portal>
              <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" />
              <DialogPrimitive.Content aria-describedby={undefined} className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl outline-none md:hidden">
                <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3">
                  <DialogPrimitive.Title className="text-sm font-semibold text-slate-900">Conversations</DialogPrimitive.Title>
                  <DialogPrimitive.Close asChild>
                    <Button variant="ghost" size="icon-sm" aria-label="Close conversations">
                      <X aria-hidden="true" />
                    </Button>
                  </DialogPrimitive.Close>
                </div>
                <div className="min-h-0 flex-1">{sidebar}</div>
              </DialogPrimitive.Content>
            </DialogPrimitive.Portal>
          </DialogPrimitive.Root>
          <div className="min-w-0">
            <h1 id="boss-bot-title" className="text-base font-semibold text-slate-900">Boss Bot</h1>
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Lock aria-hidden="true" className="size-3" /> Your private leadership coach
            </p>
          </div>
        </header>
        {/* Focusable so the thread scrolls by keyboard even when it holds no link or button. */}
        <div role="region" aria-label="Conversation" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500">
          {empty ? (
            <StarterPrompts onPick={chat.send} disabled={chat.pending} />
          ) : (
            <MessageThread
              messages={chat.messages}
              status={chat.status}
              loading={chat.loadingThread}
              error={chat.threadError}
              onRetry={() => void chat.select(chat.conversationId)}
            />
          )}
        </div>
        {context ? <ContextChip context={context} onRemove={removeContext} /> : null}
        <ChatInput pending={chat.pending} onSend={chat.send} onStop={chat.stop} restored={chat.restoredInput} />
      </section>
      {wanted ? <CoachEngine userId={userId} context={context} onChat={setEngine} queued={queued} onTaken={onTaken} /> : null}
    </div>
  );
}

function queuedMessage(text: string): CoachUIMessage {
  return { id: "queued", role: "user", metadata: { createdAt: new Date().toISOString() }, parts: [{ type: "text", text }] };
}
