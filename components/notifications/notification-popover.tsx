"use client";

import type { ReactElement } from "react";
import { BellOff, CircleExclamationPoint } from "lucide-react";
import type { NotificationDto } from "@/lib/notifications/dto";
import { Button } from "@/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { Spinner } from "@/components/ui/spinner";
import { NotificationItem } from "@/components/notifications/notification-item";
import type { useNotifications } from "@/components/notifications/use-notifications";

export type NotificationPopoverProps = BodyProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell button, the same element the bell renders before this code has loaded. */
  trigger: ReactElement;
  titleId: string;
  unread: number;
};

/** The bell's popover, loaded on its first open (see NotificationBell). */
export function NotificationPopover({
  open,
  onOpenChange,
  trigger,
  titleId,
  unread,
  ...body
}: NotificationPopoverProps) {
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={titleId} className="w-96 p-0">
        <div className="border-b border-slate-200 px-4 py-3">
          <h2 id={titleId} className="text-base font-semibold text-slate-900">
            Notifications
          </h2>
          {body.query.data ? (
            <p className="text-sm text-slate-600">{unread > 0 ? `${unread} unread` : "All caught up!"}</p>
          ) : null}
        </div>
        <NotificationBody {...body} />
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
    <div
      tabIndex={0}
      role="region"
      aria-label="Notification list"
      className="max-h-80 overflow-y-auto overscroll-contain outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset"
    >
      <ul className="divide-y divide-slate-100">
        {items.map((item) => (
          <NotificationItem
            key={item.id}
            item={item}
            pending={pendingIds.includes(item.id)}
            onMarkRead={onMarkRead}
            onAction={onAction}
          />
        ))}
      </ul>
    </div>
  );
}
