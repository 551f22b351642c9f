"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Lock, PanelLeft, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ChatInput } from "@/components/coach/chat-input";
import { ContextChip } from "@/components/coach/context-chip";
import { ConversationSidebar } from "@/components/coach/conversation-sidebar";
import { MessageThread } from "@/components/coach/message-thread";
import { StarterPrompts } from "@/components/coach/starter-prompts";
import { useStoredBossBotContext } from "@/components/coach/boss-bot-context";
import { useCoachChat } from "@/components/coach/use-coach-chat";
import { queryKeys } from "@/lib/query/keys";
import { useVaultGate } from "@/components/vault/use-vault-gate";
import { VaultNotices } from "@/components/vault/vault-notices";
import { vaultRefusalOf } from "@/components/vault/vault-api";

/**
 * The Boss Bot screen: the conversation list beside the thread from md up; on a
 * phone the list opens as a sheet from the 'Conversations' button.
 */
export function BossBot({ userId }: { userId: string }) {
  const storedContext = useStoredBossBotContext();
  const qc = useQueryClient();
  // Boss Bot's conversations are private: the vault comes first (its recovery key saved before the
  // first message is written; sealed and locked states said above the thread).
  const vault = useVaultGate({
    onRecovered: () => void qc.invalidateQueries({ queryKey: queryKeys.coachConversations(userId) }),
  });
  const sendRef = useRef<(text: string) => void>(() => {});
  const restoreRef = useRef<(text: string) => void>(() => {});
  const { guard, refused } = vault;
  const onVaultRefused = useCallback(
    (err: Error, text: string) => {
      if (vaultRefusalOf(err) === "vault_setup_required")
        return refused(
          err,
          () => sendRef.current(text),
          () => restoreRef.current(text),
        );
      // Locked: the status is refreshed (the notice shows) and the usual toast says to sign in again.
      refused(
        err,
        () => {},
        () => {},
      );
      return false;
    },
    [refused],
  );
  const chat = useCoachChat({ userId, onVaultRefused });
  useEffect(() => {
    sendRef.current = chat.send;
    restoreRef.current = chat.restore;
  });
  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message || chat.pending) return;
      // Held behind the setup dialog, the latest send goes out once the key is saved.
      guard(
        () => sendRef.current(message),
        () => restoreRef.current(message),
      );
    },
    [chat.pending, guard],
  );
  // Opened from a 1:1 review: the conversation about that meeting starts with a first message of
  // the manager's, sent once (the stored context is taken out of storage as it starts).
  const { startMeeting } = chat;
  const meetingStarted = useRef(false);
  useEffect(() => {
    if (!storedContext || meetingStarted.current) return;
    meetingStarted.current = true;
    send(startMeeting(storedContext));
  }, [storedContext, startMeeting, send]);
  useEffect(() => {
    // Fetch the lazy chunks while the person reads the page, before a reply or the list needs them.
    void import("@/components/coach/coach-markdown");
    void import("@/components/coach/source-list");
    void import("@/components/coach/conversation-menu");
  }, []);
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
    <div
      onFocusCapture={chat.warm}
      onPointerDownCapture={chat.warm}
      onKeyDownCapture={chat.warm}
      className="flex h-[calc(100dvh-11rem)] min-h-[26rem] overflow-hidden rounded-xl border border-slate-200 bg-white md:h-[calc(100dvh-8.5rem)]"
    >
      <aside
        aria-label="Boss Bot conversations"
        className="hidden w-64 shrink-0 border-r border-slate-200 bg-slate-50 md:block"
      >
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
              <DialogPrimitive.Content
                aria-describedby={undefined}
                className="fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col bg-white shadow-xl outline-none md:hidden"
              >
                <div className="flex h-14 items-center justify-between border-b border-slate-200 px-3">
                  <DialogPrimitive.Title className="text-sm font-semibold text-slate-900">
                    Conversations
                  </DialogPrimitive.Title>
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
            <h1 id="boss-bot-title" className="text-base font-semibold text-slate-900">
              Boss Bot
            </h1>
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <Lock aria-hidden="true" className="size-3" /> Your private leadership coach
            </p>
          </div>
        </header>
        <VaultNotices vault={vault.vault} onEnterKey={vault.openRecover} className="border-b border-slate-200 p-3" />
        {/* Focusable so the thread scrolls by keyboard even when it holds no link or button. */}
        <div
          role="region"
          aria-label="Conversation"
          tabIndex={0}
          className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        >
          {empty ? (
            <StarterPrompts onPick={send} disabled={chat.pending} />
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
        {chat.context ? <ContextChip context={chat.context} onRemove={chat.removeContext} /> : null}
        <ChatInput pending={chat.pending} onSend={send} onStop={chat.stop} restored={chat.restoredInput} />
      </section>
      {vault.dialogs}
    </div>
  );
}
