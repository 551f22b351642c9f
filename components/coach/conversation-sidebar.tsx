"use client";

import { useId, useState } from "react";
import { Lock, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ConversationItem } from "@/components/coach/conversation-item";
import { useConversations, useDeleteConversation, useRenameConversation } from "@/components/coach/use-conversations";
import type { Conversation } from "@/components/coach/coach-dto";

/** New Chat, the person's own conversations, and the privacy notice. */
export function ConversationSidebar({
  userId,
  activeId,
  onSelect,
  onNew,
  onDeleted,
}: {
  userId: string;
  activeId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  onDeleted: (id: string) => void;
}) {
  const list = useConversations(userId);
  const rename = useRenameConversation(userId);
  const remove = useDeleteConversation(userId);
  // The conversation to delete, and where focus goes after (chosen while its row is still listed:
  // the delete takes it out of the list before the dialog closes).
  const [confirming, setConfirming] = useState<{ conversation: Conversation; focusAfter: string } | null>(null);
  // Per sidebar: on a phone the sheet holds a second one beside the (hidden) desktop list.
  const uid = useId();
  const openId = (id: string) => `${uid}open-${id}`;
  const newChatId = `${uid}new-chat`;
  // Once a conversation is deleted its row and menu are gone: focus goes to the next one, else the
  // one before, else New Chat, so the keyboard stays in the list.
  const focusAfterDeleting = (rows: readonly Conversation[], i: number) => {
    const neighbour = rows[i + 1] ?? rows[i - 1];
    return neighbour ? openId(neighbour.id) : newChatId;
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="p-3">
        <Button id={newChatId} onClick={onNew} className="w-full">
          <Plus aria-hidden="true" /> New Chat
        </Button>
      </div>
      <nav aria-label="Conversations" className="min-h-0 flex-1 overflow-y-auto px-2 pb-2">
        {list.isPending ? (
          <Spinner label="Loading conversations" className="w-full py-6" />
        ) : list.isError ? (
          <div className="px-2 py-4 text-sm text-slate-600">
            <p>Could not load your conversations.</p>
            <Button variant="link" className="h-auto p-0" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <p className="px-2 py-4 text-sm text-slate-600">No conversations yet. Start a new chat!</p>
        ) : (
          <ul className="space-y-0.5">
            {list.data.map((c, i, rows) => (
              <ConversationItem
                key={c.id}
                conversation={c}
                openId={openId(c.id)}
                active={c.id === activeId}
                onOpen={() => onSelect(c.id)}
                onRename={(title) => rename.mutate({ id: c.id, title })}
                onDelete={() => setConfirming({ conversation: c, focusAfter: focusAfterDeleting(rows, i) })}
              />
            ))}
          </ul>
        )}
      </nav>
      <p className="flex gap-2 border-t border-slate-200 p-3 text-xs text-slate-600">
        <Lock aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
        <span>Your conversations are private. Managers, HR and administrators cannot access them.</span>
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Delete conversation?"
          description={`"${confirming.conversation.title}" and all its messages will be deleted. This cannot be undone.`}
          confirmLabel="Delete"
          pending={remove.isPending}
          returnFocusFallback={confirming.focusAfter}
          onClose={() => setConfirming(null)}
          onConfirm={() =>
            remove.mutate(confirming.conversation.id, {
              onSuccess: () => {
                onDeleted(confirming.conversation.id);
                setConfirming(null);
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
