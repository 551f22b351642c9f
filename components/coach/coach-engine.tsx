"use client";

import { memo, useEffect, useRef } from "react";
import { useCoachChat, type CoachChat } from "@/components/coach/use-coach-chat";
import type { BossBotContext } from "@/components/coach/boss-bot-context";
import type { Queued } from "@/components/coach/boss-bot";

/**
 * The chat engine (useChat and its transport, i.e. the AI SDK) without any markup: boss-bot.tsx loads
 * it after the frame is on screen and renders from the state it hands up after every render.
 * Memoised, so the frame's re-render on that hand-up does not render it again. What the person
 * asked or chose before it was ready (queued) goes out once, in order.
 */
export const CoachEngine = memo(function CoachEngine({ userId, context, onChat, queued, onTaken }: {
  userId: string;
  context: BossBotContext | null;
  onChat: (chat: CoachChat) => void;
  queued: Queued | null;
  onTaken: () => void;
}) {
  const chat = useCoachChat({ userId, context });
  useEffect(() => {
    onChat(chat);
  });
  const taken = useRef<Queued | null>(null);
  const { select, send } = chat;
  useEffect(() => {
    if (!queued || taken.current === queued) return;
    taken.current = queued;
    onTaken();
    void (async () => {
      if (queued.select) await select(queued.select.id);
      if (queued.send) send(queued.send);
    })();
  }, [queued, onTaken, select, send]);
  return null;
});
