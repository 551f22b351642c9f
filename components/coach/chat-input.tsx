"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { Send, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils/cn";
import { formatNumber } from "@/lib/format";
import { MAX_MESSAGE_CHARS } from "@/components/coach/coach-dto";
import { coachRequestSchema } from "@/lib/coach/request-schemas";
import { useFormFields } from "@/components/forms/use-form-fields";
import { FieldMessages } from "@/components/forms/fields";

// The server's rule for a message, checked as the user types.
const messageSchema = coachRequestSchema.pick({ message: true });

const MIN_HEIGHT = 48;
const MAX_HEIGHT = 120;
/** The counter appears once the message is this close to the limit. */
const COUNTER_FROM = MAX_MESSAGE_CHARS - 500;

/**
 * The message box: grows from 48 to 120 px, Enter sends, Shift+Enter adds a line. On useFormFields
 * for its value, the server's rule and the early-submit hold, with deliberate differences: the
 * answer streams into the conversation above (the parent shows it and any failure, and hands the
 * text back), so there is no form-level message here; Send stays disabled while the box is empty
 * rather than saying so, and the field speaks only once it was typed in.
 */
export function ChatInput({
  pending,
  onSend,
  onStop,
  restored,
}: {
  pending: boolean;
  onSend: (text: string) => void;
  onStop: () => void;
  /** Text handed back after a failed send (n changes on every hand-back). */
  restored: { text: string; n: number } | null;
}) {
  const form = useFormFields(messageSchema, { message: "" }, { idPrefix: "coach-", quietUntilEdited: ["message"] });
  const value = form.values.message;
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, el.scrollHeight))}px`;
  }, [value]);

  // A failed send hands its text back (adjusting state while rendering, as React recommends).
  const [seen, setSeen] = useState(restored);
  if (restored !== seen) {
    setSeen(restored);
    if (restored) form.set("message", restored.text);
  }

  const canSend = value.trim().length > 0 && value.length <= MAX_MESSAGE_CHARS && !pending;
  const submit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!canSend || form.check(e.currentTarget) === null) return;
    onSend(value);
    form.reset();
  };
  const bound = form.input("message");
  const messages = form.messages("message");

  return (
    <form className="border-t border-slate-200 bg-white p-3" onSubmit={submit} noValidate>
      <div className="flex items-end gap-2">
        <label htmlFor={bound.id} className="sr-only">
          Message to Boss Bot
        </label>
        <textarea
          {...bound}
          ref={ref}
          rows={1}
          maxLength={MAX_MESSAGE_CHARS}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              // Through the form's submit, so a press before hydration is held like a click.
              e.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder="Ask for leadership guidance..."
          aria-describedby={[bound["aria-describedby"], "coach-message-hint"].filter(Boolean).join(" ")}
          className="min-h-12 min-w-0 flex-1 resize-none rounded-lg border border-slate-300 bg-white px-3 py-3 text-sm text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500"
          style={{ height: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
        />
        {pending ? (
          <Button type="button" variant="outline" onClick={onStop} className="h-12" aria-label="Stop">
            <Square aria-hidden="true" />
            <span className="hidden sm:inline">Stop</span>
          </Button>
        ) : (
          <Button type="submit" disabled={!canSend} className="h-12" aria-label="Send">
            <Send aria-hidden="true" />
            <span className="hidden sm:inline">Send</span>
          </Button>
        )}
      </div>
      <FieldMessages id={form.messagesId("message")} messages={messages} />
      <div className="mt-1 flex justify-between gap-2 text-xs text-slate-500">
        <span id="coach-message-hint">Enter to send, Shift+Enter for a new line.</span>
        {value.length >= COUNTER_FROM ? (
          <span className={cn(value.length >= MAX_MESSAGE_CHARS && "font-medium text-red-700")} aria-live="polite">
            {formatNumber(value.length)} / {formatNumber(MAX_MESSAGE_CHARS)}
          </span>
        ) : null}
      </div>
    </form>
  );
}
