import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { orgKey, withOrg } from "@/lib/db/tenant";
import type { AuthContext, SessionUserDto } from "@/lib/auth/context";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;
// lastSeenAt is refreshed at most this often, so reading a session is not a write per request.
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export async function createSession(tx: Tx, orgId: string, userId: string, userAgent: string | null): Promise<string> {
  const row = await tx.session.create({
    data: {
      organizationId: orgId,
      userId,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
      userAgent: userAgent?.slice(0, 300) ?? null,
    },
    select: { id: true },
  });
  return row.id;
}

/** The signed-in user behind a session id, or null when the session is unknown, expired or
 * revoked, or its user is gone. */
export async function loadSession(
  orgId: string,
  sessionId: string,
): Promise<{ ctx: AuthContext; user: SessionUserDto } | null> {
  return withOrg(orgId, async (tx) => {
    const s = await tx.session.findUnique({
      where: orgKey(orgId, sessionId),
      select: {
        expiresAt: true,
        revokedAt: true,
        lastSeenAt: true,
        user: { select: { id: true, organizationId: true, firstName: true, lastName: true, email: true, role: true } },
      },
    });
    const now = Date.now();
    if (!s || s.revokedAt || s.expiresAt.getTime() <= now) return null;
    if (now - s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await tx.session.update({
        where: orgKey(orgId, sessionId),
        data: { lastSeenAt: new Date(now) },
      });
    }
    return {
      ctx: { orgId, userId: s.user.id, role: s.user.role, sessionId },
      user: s.user,
    };
  });
}

/** Sign-out: the session's row goes, so its cookie is worthless even if kept. */
export async function endSession(ctx: Pick<AuthContext, "orgId" | "sessionId">): Promise<void> {
  await withOrg(ctx.orgId, (tx) => revokeSession(tx, ctx.orgId, ctx.sessionId));
}

// Ending a session also deletes its sealed vault key: even the cookie's secret opens nothing then.
const ENDED = () => ({ revokedAt: new Date(), vaultKey: null, pendingRecovery: null });

export async function revokeSession(tx: Tx, orgId: string, sessionId: string): Promise<void> {
  await tx.session.updateMany({
    where: { organizationId: orgId, id: sessionId, revokedAt: null },
    data: ENDED(),
  });
}

/** Ends every session of a user (password change, removal), optionally keeping the current one. */
export async function revokeUserSessions(
  tx: Tx,
  orgId: string,
  userId: string,
  keepSessionId?: string,
): Promise<number> {
  const r = await tx.session.updateMany({
    where: { organizationId: orgId, userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: ENDED(),
  });
  return r.count;
}
