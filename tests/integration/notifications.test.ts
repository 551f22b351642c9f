import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { listNotifications, markNotificationRead, notify } from "@/lib/notifications/service";
import { statusOf } from "../support/status";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import { createOrg, createUser } from "../support/factories";

async function member(orgId: string): Promise<AuthContext> {
  const u = await createUser(orgId);
  return { orgId, userId: u.id, role: u.role, sessionId: randomUUID() };
}

const send = (
  ctx: Pick<AuthContext, "orgId" | "userId">,
  title: string,
  extra: { actionUrl?: string; actionText?: string } = {},
) =>
  withOrg(ctx.orgId, (tx) =>
    notify(tx, ctx.orgId, { userId: ctx.userId, type: "info", title, message: `About ${title}`, ...extra }),
  );

const rowOf = (orgId: string, id: string) =>
  withOrg(orgId, (tx) => tx.notification.findUnique({ where: { organizationId_id: { organizationId: orgId, id } } }));

async function expectNotFound(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  expect(statusOf(err as DomainError)).toBe(404);
}

describe("notifications", () => {
  it("lists the caller's own notifications, newest first, as DTOs", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    const colleague = await member(orgId);
    const first = await send(me, "First", { actionUrl: "/pulse", actionText: "Open" });
    const second = await send(me, "Second");
    const third = await send(me, "Third");
    await send(colleague, "Not mine");
    // Distinct creation times, deliberately not in insertion order.
    const base = Date.now();
    const stamp = (id: string, offsetMs: number) =>
      withOrg(orgId, (tx) =>
        tx.notification.update({
          where: { organizationId_id: { organizationId: orgId, id } },
          data: { createdAt: new Date(base + offsetMs) },
        }),
      );
    await stamp(first, -60_000);
    await stamp(second, 0);
    await stamp(third, -120_000);

    const list = await listNotifications(me, me.userId, orgId);
    expect(list.map((n) => n.id)).toEqual([second, first, third]);
    expect(list[1]).toEqual({
      id: first,
      type: "info",
      title: "First",
      message: "About First",
      isRead: false,
      createdAt: new Date(base - 60_000).toISOString(),
      actionUrl: "/pulse",
      actionText: "Open",
    });
    expect(list[0]).toMatchObject({ actionUrl: null, actionText: null });

    const theirs = await listNotifications(colleague, colleague.userId, orgId);
    expect(theirs.map((n) => n.title)).toEqual(["Not mine"]);
  });

  it("truncates long titles and messages", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    const id = await withOrg(orgId, (tx) =>
      notify(tx, orgId, { userId: me.userId, type: "info", title: "t".repeat(500), message: "m".repeat(5000) }),
    );
    const row = await rowOf(orgId, id);
    expect(row!.title).toHaveLength(200);
    expect(row!.message).toHaveLength(2000);
  });

  it("returns the newest 50 read notifications and every unread one, newest first", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    const base = Date.now();
    const make = (n: number, isRead: boolean, from: number) =>
      withOrg(orgId, (tx) =>
        tx.notification.createMany({
          data: Array.from({ length: n }, (_, i) => ({
            organizationId: orgId,
            userId: me.userId,
            type: "info",
            title: `${isRead ? "r" : "u"}${from + i}`,
            message: "m",
            isRead,
            createdAt: new Date(base + (from + i) * 1000),
          })),
        }),
      );
    await make(55, true, 0);
    let list = await listNotifications(me, me.userId, orgId);
    expect(list).toHaveLength(50);
    expect(list[0]!.title).toBe("r54");
    expect(list[49]!.title).toBe("r5");
    // 120 unread ones, older than the read ones: all listed, so the bell can count them.
    await make(120, false, -200);
    list = await listNotifications(me, me.userId, orgId);
    expect(list.filter((n) => !n.isRead)).toHaveLength(120);
    expect(list).toHaveLength(170);
    expect(list.map((n) => n.createdAt)).toEqual([...list.map((n) => n.createdAt)].sort().reverse());
  });

  it("answers 404 for another user's list, even for an admin", async () => {
    const { orgId } = await createOrg();
    const admin: AuthContext = { ...(await member(orgId)), role: "admin" };
    const colleague = await member(orgId);
    await send(colleague, "Private");
    await expectNotFound(listNotifications(admin, colleague.userId, orgId));
  });

  it("answers 404 for another organisation's list", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const me = await member(a.orgId);
    const stranger = await member(b.orgId);
    await send(stranger, "Elsewhere");
    await send(me, "Mine");
    await expectNotFound(listNotifications(me, me.userId, b.orgId));
    await expectNotFound(listNotifications(me, stranger.userId, b.orgId));
    // The caller's own list still works.
    expect((await listNotifications(me, me.userId, a.orgId)).map((n) => n.title)).toEqual(["Mine"]);
  });

  it("marks a notification read, idempotently", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    const id = await send(me, "Read me");
    const other = await send(me, "Leave me");
    const dto = await markNotificationRead(me, id);
    expect(dto).toMatchObject({ id, title: "Read me", isRead: true });
    expect((await rowOf(orgId, id))!.isRead).toBe(true);
    expect((await rowOf(orgId, other))!.isRead).toBe(false);
    const again = await markNotificationRead(me, id);
    expect(again).toEqual(dto);
    expect((await rowOf(orgId, id))!.isRead).toBe(true);
  });

  it("answers 404 for a colleague's notification and leaves it unread", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    const colleague = await member(orgId);
    const theirs = await send(colleague, "Theirs");
    await expectNotFound(markNotificationRead({ ...me, role: "admin" }, theirs));
    expect((await rowOf(orgId, theirs))!.isRead).toBe(false);
  });

  it("answers 404 for another organisation's notification id and leaves it unread", async () => {
    const a = await createOrg();
    const b = await createOrg();
    const me = await member(a.orgId);
    const stranger = await member(b.orgId);
    const foreign = await send(stranger, "Foreign");
    await expectNotFound(markNotificationRead(me, foreign));
    // Even a context that claims the stranger's user id in org A finds nothing.
    await expectNotFound(markNotificationRead({ ...me, userId: stranger.userId }, foreign));
    expect((await rowOf(b.orgId, foreign))!.isRead).toBe(false);
  });

  it("answers 404 for an id that does not exist", async () => {
    const { orgId } = await createOrg();
    const me = await member(orgId);
    await expectNotFound(markNotificationRead(me, randomUUID()));
  });
});
