"use client";

import { useEffect, useRef } from "react";
import Link from "next/link";
import { Check } from "lucide-react";
import type { NotificationDto } from "@/lib/notifications/dto";
import { cn } from "@/lib/utils/cn";
import { Button } from "@/components/ui/button";
import { formatDate, relativeTime } from "@/lib/format";

type NotificationItemProps = {
  item: NotificationDto;
  pending: boolean;
  onMarkRead: (id: string) => void;
  /** The action was followed: the bell marks the item read (if unread) and closes the popover. */
  onAction: (item: NotificationDto) => void;
};

type ActionTarget = { kind: "internal" | "external"; href: string };

/** Only same-site paths and http(s) URLs become links; anything else (javascript:, data:) is dropped. */
function actionTarget(url: string | null): ActionTarget | null {
  if (!url) return null;
  if (url.startsWith("/") && !url.startsWith("//")) return { kind: "internal", href: url };
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? { kind: "external", href: parsed.href } : null;
  } catch {
    return null;
  }
}

export function NotificationItem({ item, pending, onMarkRead, onAction }: NotificationItemProps) {
  const rowRef = useRef<HTMLLIElement>(null);
  const markRequested = useRef(false);
  const target = actionTarget(item.actionUrl);
  const actionText = item.actionText?.trim();

  // The mark-read button vanishes once the item is read; keep keyboard focus on the row instead
  // of letting it fall back to <body>.
  useEffect(() => {
    if (item.isRead && markRequested.current) {
      markRequested.current = false;
      rowRef.current?.focus();
    }
  }, [item.isRead]);

  return (
    <li
      ref={rowRef}
      tabIndex={-1}
      className={cn("flex gap-3 px-4 py-3 outline-none focus-visible:bg-slate-50", !item.isRead && "bg-brand-50/40")}
    >
      <span
        aria-hidden="true"
        className={cn("mt-1.5 size-2 shrink-0 rounded-full", item.isRead ? "bg-transparent" : "bg-brand-600")}
      />
      <div className="min-w-0 flex-1">
        <p className={cn("text-sm break-words text-slate-900", !item.isRead && "font-semibold")}>
          {item.title}
          {item.isRead ? null : <span className="sr-only"> (unread)</span>}
        </p>
        <p className="mt-0.5 text-sm break-words text-slate-600">{item.message}</p>
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={item.createdAt} title={formatDate(item.createdAt, "numericDateTime")}>
            {relativeTime(item.createdAt)}
          </time>
        </p>
        {target && actionText ? (
          <Button asChild size="sm" variant="outline" className="mt-2">
            {target.kind === "internal" ? (
              <Link href={target.href} onClick={() => onAction(item)}>
                {actionText}
              </Link>
            ) : (
              <a href={target.href} target="_blank" rel="noopener noreferrer" onClick={() => onAction(item)}>
                {actionText}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            )}
          </Button>
        ) : null}
      </div>
      {item.isRead ? null : (
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={pending}
          aria-label={`Mark "${item.title}" as read`}
          onClick={() => {
            markRequested.current = true;
            onMarkRead(item.id);
          }}
          className="shrink-0 text-slate-500 hover:text-brand-700"
        >
          <Check aria-hidden="true" />
        </Button>
      )}
    </li>
  );
}
