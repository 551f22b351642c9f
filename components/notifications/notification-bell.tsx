"use client";

import { useId, useState } from "react";
import { Bell, BellOff, CircleExclamationPoint } from "lucide-react";
import type { NotificationDto } from "@/lib/notifications/dto";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { NotificationItem } from "@/components/notifications/notification-item";
import { useMarkNotificationRead, useNotifications, usePendingReadIds } from "@/components/notifications/use-notifications";

type NotificationBellProps = { userId: string; organizationId: string };

/** The header bell: unread badge, and a popover listing the user's notifications. */
export function NotificationBell({ userId, organizationId }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const query = useNotifications(userId, organizationId);
  const markRead = useMarkNotificationRead(userId, organizationId);
  const pendingIds = usePendingReadIds();

  const items = query.data ?? [];
  const unread = items.filter((n) => !n.isRead).length;
  const badge = unread > 99 ? "99+" : String(unread);

  function onOpenChange(next: boolean) {
    setOpen(next);
    // Opening shows fresh data rather than up to 30 s old poll results.
    if (next && !query.isFetching) void query.refetch();
  }

  function onAction(item: NotificationDto) {
    // Already-read items are not re-marked (spec section 4).
    if (!item.isRead) markRead.mutate(item.id);
    setOpen(false);
  }

  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}>
          <Bell aria-hidden="true" className="size-5" />
          {unread > 0 ? (
            <span
              aria-hidden="true"
              className="absolute top-1 right-1 flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white"
            >
              {badge}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={titleId} className="w-96 p-0">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          {query.data ? (
            <p className="text-sm text-slate-600">{unread > 0 ? `${unread} unread` : "All caught up!"}</p>
          ) : null}
        </div>
        <NotificationBody
          query={query}
          items={items}
          pendingIds={pendingIds}
          onMarkRead={(id) => markRead.mutate(id)}
          onAction={onAction}
        />
      </PopoverContent>
    </Popover>
  );
}

type BodyProps = {
  query: ReturnType<typeof useNotifications>;
  items: NotificationDto[];
  pendingIds: string[];
  onMarkRead: (id: string) => void;
  onAction: (item: NotificationDto) => void;
};

function NotificationBody({ query, items, pendingIds, onMarkRead, onAction }: BodyProps) {
  if (query.isPending) {
    return (
      <div className="flex justify-center px-4 py-8">
        <Spinner label="Loading notifications" />
      </div>
    );
  }
  // A failed background poll keeps showing the last good list; only "never loaded" is an error.
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 px-4 py-8 text-center">
        <CircleExclamationPoint aria-hidden="true" className="size-6 text-red-600" />
        <p className="text-sm text-slate-700">Could not load notifications.</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
        <BellOff aria-hidden="true" className="size-6 text-slate-400" />
        <p className="text-sm text-slate-600">No notifications yet</p>
      </div>
    );
  }
  return (
    // Focusable so keyboard users can scroll it even past items without buttons.
    <div tabIndex={0} role="region" aria-label="Notification list" className="max-h-80 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset">
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <NotificationItem key={item.id} item={item} pending={pendingIds.includes(item.id)} onMarkRead={onMarkRead} onAction={onAction} />
        ))}
      </ul>
    </div>
  );
}
