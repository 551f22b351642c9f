"use client";

import { useId, useState, type ComponentType } from "react";
import { Bell } from "lucide-react";
import type { NotificationDto } from "@/lib/notifications/dto";
import { Button } from "@/components/ui/button";
import type { NotificationPopoverProps } from "@/components/notifications/notification-popover";
import {
  useMarkNotificationRead,
  useNotifications,
  usePendingReadIds,
} from "@/components/notifications/use-notifications";

type NotificationBellProps = { userId: string; organizationId: string };

type PopoverComponent = ComponentType<NotificationPopoverProps>;
const loadPopover = () => import("@/components/notifications/notification-popover").then((m) => m.NotificationPopover);

/**
 * The header bell: unread badge, and a popover listing the user's notifications. The popover code
 * (Radix popover and the list) loads on the first open, so it is not in every page's first
 * download; until then the bell is a plain button whose press loads it and opens it.
 */
export function NotificationBell({ userId, organizationId }: NotificationBellProps) {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<PopoverComponent | null>(null);
  const [loading, setLoading] = useState(false);
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
    // Already-read items are not marked again (no needless write).
    if (!item.isRead) markRead.mutate(item.id);
    setOpen(false);
  }

  function firstOpen() {
    if (loading) return;
    setLoading(true);
    loadPopover()
      .then((component) => {
        setPanel(() => component);
        onOpenChange(true);
      })
      .catch(() => setLoading(false)); // offline: the next press tries again
  }

  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      {...(Panel
        ? {}
        : {
            "aria-haspopup": "dialog" as const,
            "aria-expanded": false,
            onClick: firstOpen,
            // Start fetching when the pointer or focus arrives, so the first open feels immediate.
            onPointerEnter: () => void loadPopover().catch(() => undefined),
            onFocus: () => void loadPopover().catch(() => undefined),
          })}
    >
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
  );

  if (!Panel) return trigger;
  return (
    <Panel
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      titleId={titleId}
      unread={unread}
      query={query}
      items={items}
      pendingIds={pendingIds}
      onMarkRead={(id) => markRead.mutate(id)}
      onAction={onAction}
    />
  );
}
