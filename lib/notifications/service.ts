import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import type { NotificationDto } from "@/lib/notifications/dto";

// The newest notifications, read or not, plus every unread one (up to a cap), so the bell's unread
// count is right however many have piled up, while the response keeps its first shape: a list.
const LIST_LIMIT = 50;
const UNREAD_LIMIT = 500;

const select = {
  id: true,
  type: true,
  title: true,
  message: true,
  isRead: true,
  createdAt: true,
  actionUrl: true,
  actionText: true,
} as const;

type Row = {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  createdAt: Date;
  actionUrl: string | null;
  actionText: string | null;
};
const toDto = (r: Row): NotificationDto => ({ ...r, createdAt: r.createdAt.toISOString() });

export type NotifyInput = {
  userId: string;
  type: string;
  title: string;
  message: string;
  actionUrl?: string | null;
  actionText?: string | null;
};

const rowOf = (orgId: string, input: NotifyInput) => ({
  organizationId: orgId,
  userId: input.userId,
  type: input.type,
  title: input.title.slice(0, 200),
  message: input.message.slice(0, 2000),
  actionUrl: input.actionUrl ?? null,
  actionText: input.actionText ?? null,
});

/** Tells a user about something, inside the caller's transaction (other features call this). */
export async function notify(tx: Tx, orgId: string, input: NotifyInput): Promise<string> {
  const row = await tx.notification.create({ data: rowOf(orgId, input), select: { id: true } });
  return row.id;
}

/** Tells several users at once, inside the caller's transaction: one insert however many there
 * are (a plan published to a large organisation tells everyone in the same transaction). */
export async function notifyMany(tx: Tx, orgId: string, inputs: readonly NotifyInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const { count } = await tx.notification.createMany({ data: inputs.map((input) => rowOf(orgId, input)) });
  return count;
}

/** A user's own notifications, newest first. Anyone else's list, or another organisation's,
 * is "not found" — even for admins. */
export async function listNotifications(
  ctx: AuthContext,
  userId: string,
  organizationId: string,
): Promise<NotificationDto[]> {
  if (userId !== ctx.userId || organizationId !== ctx.orgId) throw notFound("Notifications");
  const [latest, unread] = await withOrg(ctx.orgId, async (tx) => {
    const mine = { organizationId: ctx.orgId, userId: ctx.userId };
    const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
    return [
      await tx.notification.findMany({ where: mine, orderBy: order, take: LIST_LIMIT, select }),
      await tx.notification.findMany({ where: { ...mine, isRead: false }, orderBy: order, take: UNREAD_LIMIT, select }),
    ];
  });
  const byId = new Map([...latest, ...unread].map((r) => [r.id, r]));
  return [...byId.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
    .map(toDto);
}

export async function markNotificationRead(ctx: AuthContext, id: string): Promise<NotificationDto> {
  return withOrg(ctx.orgId, async (tx) => {
    const found = await tx.notification.findFirst({
      where: { organizationId: ctx.orgId, id, userId: ctx.userId },
      select,
    });
    if (!found) throw notFound("Notification");
    if (found.isRead) return toDto(found);
    const row = await tx.notification.update({
      where: orgKey(ctx.orgId, id),
      data: { isRead: true },
      select,
    });
    return toDto(row);
  });
}
