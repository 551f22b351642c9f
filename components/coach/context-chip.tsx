"use client";

import { NotebookText, X } from "lucide-react";
import { contextEmployee, type BossBotContext } from "@/components/coach/boss-bot-context";

/** The 1:1 the conversation is about (handed over from a meeting review): it goes with every message
 * of that conversation until removed. */
export function ContextChip({ context, onRemove }: { context: BossBotContext; onRemove: () => void }) {
  const name = contextEmployee(context);
  return (
    <div className="flex px-3 pt-2">
      <span className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 py-1 pr-1 pl-3 text-xs font-medium text-brand-800">
        <NotebookText aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="truncate">Using 1:1 context: {name}</span>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove 1:1 context for ${name}`}
          className="rounded-full p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      </span>
    </div>
  );
}
