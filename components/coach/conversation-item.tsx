"use client";

import { useEffect, useRef, useState } from "react";
import dynamic from "next/dynamic";
import { cn } from "@/lib/utils/cn";
import { conversationTime } from "@/components/coach/conversation-time";
import type { Conversation } from "@/components/coach/coach-dto";

const TITLE_MAX = 50;

// Loaded when the first conversation shows (boss-bot.tsx fetches it earlier, at mount); until then
// a blank of the button's size keeps the row from shifting.
const ConversationMenu = dynamic(() => import("@/components/coach/conversation-menu"), {
  loading: () => <span aria-hidden="true" className="mr-1 size-8 shrink-0" />,
});

/** One row of the list: open on click; Rename edits the title in place (Enter saves, Escape cancels). */
export function ConversationItem({
  conversation,
  openId,
  active,
  onOpen,
  onRename,
  onDelete,
}: {
  conversation: Conversation;
  /** The open button's id: where focus goes when a neighbour is deleted. */
  openId: string;
  active: boolean;
  onOpen: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(conversation.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const editingRef = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.select();
  }, [editing]);

  const finish = (save: boolean) => {
    // Enter or Escape ends the edit; the blur that follows must not end it a second time.
    if (!editingRef.current) return;
    editingRef.current = false;
    const title = draft.trim();
    setEditing(false);
    if (save && title && title !== conversation.title) onRename(title);
    else setDraft(conversation.title);
    requestAnimationFrame(() => openRef.current?.focus());
  };

  if (editing) {
    return (
      <li className="px-1 py-1">
        <label htmlFor={`rename-${conversation.id}`} className="sr-only">
          Conversation title
        </label>
        <input
          id={`rename-${conversation.id}`}
          ref={inputRef}
          value={draft}
          maxLength={TITLE_MAX}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              finish(true);
            } else if (e.key === "Escape") {
              e.preventDefault();
              e.stopPropagation();
              finish(false);
            }
          }}
          onBlur={() => finish(true)}
          className="w-full rounded-md border border-brand-500 px-2 py-1.5 text-sm outline-2 outline-brand-500"
        />
      </li>
    );
  }

  return (
    <li className={cn("group flex items-center gap-1 rounded-md", active ? "bg-brand-50" : "hover:bg-slate-100")}>
      <button
        ref={openRef}
        id={openId}
        type="button"
        onClick={onOpen}
        aria-current={active ? "true" : undefined}
        className="min-w-0 flex-1 rounded-md px-2 py-2 text-left focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <span className={cn("block truncate text-sm", active ? "font-medium text-brand-800" : "text-slate-900")}>
          {conversation.title}
        </span>
        <span className="block text-xs text-slate-600">{conversationTime(conversation.lastMessageAt)}</span>
      </button>
      <ConversationMenu
        title={conversation.title}
        editingRef={editingRef}
        onRename={() => {
          setDraft(conversation.title);
          editingRef.current = true;
          setEditing(true);
        }}
        onDelete={onDelete}
      />
    </li>
  );
}
