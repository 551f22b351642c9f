"use client";

import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { MessageBubble, TypingIndicator, messageText } from "@/components/coach/message-bubble";
import type { CoachUIMessage } from "@/components/coach/coach-dto";
import type { ChatStatus } from "ai";

/** The conversation: bubbles oldest first, the typing indicator until the first token arrives. */
export function MessageThread({
  messages,
  status,
  loading,
  error,
  onRetry,
}: {
  messages: CoachUIMessage[];
  status: ChatStatus;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastText = last ? messageText(last) : "";
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [messages.length, lastText.length]);

  if (loading) return <Spinner label="Loading conversation" className="w-full py-10" />;
  if (error) {
    return (
      <div className="px-4 py-10 text-center text-sm text-slate-600">
        <p>Could not load this conversation.</p>
        <Button variant="link" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }

  const waiting = status === "submitted" || (status === "streaming" && (last?.role !== "assistant" || lastText === ""));
  return (
    <div className="px-3 py-4 sm:px-4">
      <ol aria-label="Messages" className="flex flex-col gap-4">
        {messages.map((m, i) => {
          const live = status === "streaming" && i === messages.length - 1;
          // An assistant message with no text yet is shown as the typing indicator instead.
          if (live && m.role === "assistant" && messageText(m) === "") return null;
          return <MessageBubble key={m.id} message={m} streaming={live} />;
        })}
        {waiting ? <TypingIndicator /> : null}
      </ol>
      <div ref={end} />
    </div>
  );
}
