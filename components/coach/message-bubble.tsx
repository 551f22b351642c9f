"use client";

import dynamic from "next/dynamic";
import { Bot, User } from "lucide-react";
import { cn } from "@/lib/utils/cn";
import { LazyCoachMarkdown as CoachMarkdown } from "@/components/coach/coach-markdown-lazy";
import { messageTime } from "@/components/coach/conversation-time";
import { coachMetadataSchema, sourceSchema, type CoachUIMessage, type Source } from "@/components/coach/coach-dto";

// Sources show under a finished reply only, never at first paint: their dialog and the library's
// category labels load with them (boss-bot.tsx fetches the chunk at mount).
const SourceList = dynamic(() => import("@/components/coach/source-list").then((m) => m.SourceList), {
  loading: () => null,
});

export function messageText(m: CoachUIMessage): string {
  return m.parts.map((p) => (p.type === "text" ? p.text : "")).join("");
}

function messageSources(m: CoachUIMessage): Source[] {
  const part = m.parts.find((p) => p.type === "data-sources");
  if (!part || part.type !== "data-sources") return [];
  const parsed = sourceSchema.array().safeParse(part.data);
  return parsed.success ? parsed.data : [];
}

export function MessageBubble({ message, streaming }: { message: CoachUIMessage; streaming: boolean }) {
  const mine = message.role === "user";
  const text = messageText(message);
  const at = messageTime(coachMetadataSchema.safeParse(message.metadata).data?.createdAt);
  const Icon = mine ? User : Bot;
  return (
    <li
      className={cn("flex min-w-0 gap-2", mine ? "flex-row-reverse" : "flex-row")}
      data-testid={mine ? "user-message" : "ai-message"}
    >
      <span
        aria-hidden="true"
        className={cn(
          "mt-1 flex size-7 shrink-0 items-center justify-center rounded-full",
          mine ? "bg-brand-600 text-white" : "bg-slate-200 text-slate-700",
        )}
      >
        <Icon className="size-4" />
      </span>
      <div className={cn("flex max-w-[85%] min-w-0 flex-col sm:max-w-[75%]", mine ? "items-end" : "items-start")}>
        <span className="sr-only">{mine ? "You said:" : "Boss Bot said:"}</span>
        <div
          className={cn(
            "min-w-0 max-w-full rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed break-words",
            mine
              ? "rounded-tr-sm bg-brand-600 whitespace-pre-wrap text-white"
              : "rounded-tl-sm border border-slate-200 bg-white text-slate-900",
          )}
        >
          {mine ? text : <CoachMarkdown text={text} />}
          {!mine && !streaming ? <SourceList sources={messageSources(message)} /> : null}
        </div>
        {at ? <time className="mt-1 px-1 text-xs text-slate-500">{at}</time> : null}
      </div>
    </li>
  );
}

export function TypingIndicator() {
  return (
    <li className="flex gap-2" aria-live="polite">
      <span
        aria-hidden="true"
        className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-200 text-slate-700"
      >
        <Bot className="size-4" />
      </span>
      <div className="rounded-2xl rounded-tl-sm border border-slate-200 bg-white px-4 py-3" role="status">
        <span className="sr-only">Boss Bot is typing</span>
        <span aria-hidden="true" className="flex gap-1">
          {[0, 150, 300].map((d) => (
            <span
              key={d}
              className="size-2 animate-bounce rounded-full bg-slate-400 motion-reduce:animate-none"
              style={{ animationDelay: `${d}ms` }}
            />
          ))}
        </span>
      </div>
    </li>
  );
}
