import "server-only";
import { randomBytes } from "node:crypto";
import { withOrg, type Tx } from "@/lib/db/tenant";
import type { TokenPurpose } from "@/lib/generated/prisma/enums";
import { hashToken } from "@/lib/auth/token-hash";

// Single-use tokens (password reset, invitation, host handoff). The raw token travels in the link;
// only its hash is stored (lib/auth/token-hash.ts).
export { hashToken };

/** A new token for one person and purpose; returns the raw token for the link. `email` is the
 * address an address token is about. A new link replaces any earlier unused one of the same
 * purpose unless `replace` is false (an undo link must survive a second change). */
export async function issueToken(
  tx: Tx,
  orgId: string,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
  { email, replace = true }: { email?: string; replace?: boolean } = {},
): Promise<string> {
  const raw = randomBytes(32).toString("base64url");
  if (replace)
    await tx.authToken.updateMany({
      where: { organizationId: orgId, userId, purpose, usedAt: null },
      data: { usedAt: new Date() },
    });
  await tx.authToken.create({
    data: {
      organizationId: orgId,
      userId,
      purpose,
      ...(email === undefined ? {} : { email }),
      tokenHash: hashToken(raw),
      expiresAt: new Date(Date.now() + ttlMs),
    },
  });
  return raw;
}

/** Spends a token: its person (and address, for an address token) when it exists, has this
 * purpose, is unexpired and unused, and (when `userId` is given) is that person's; the conditional
 * update makes a second use (or a race of two) fail. A token refused here stays unspent. */
export async function spendToken(
  tx: Tx,
  orgId: string,
  raw: string,
  purpose: TokenPurpose,
  userId?: string,
): Promise<{ userId: string; email: string | null } | null> {
  if (raw.length < 20 || raw.length > 100) return null;
  const now = new Date();
  const token = await tx.authToken.findUnique({
    where: { organizationId_tokenHash: { organizationId: orgId, tokenHash: hashToken(raw) } },
    select: { id: true, userId: true, purpose: true, usedAt: true, expiresAt: true, email: true },
  });
  if (!token || token.purpose !== purpose || token.usedAt || token.expiresAt <= now) return null;
  if (userId && token.userId !== userId) return null;
  const spent = await tx.authToken.updateMany({
    where: { organizationId: orgId, id: token.id, usedAt: null },
    data: { usedAt: now },
  });
  return spent.count === 1 ? { userId: token.userId, email: token.email } : null;
}

/** Spends a token (see spendToken) and returns its person. */
export async function consumeToken(tx: Tx, orgId: string, raw: string, purpose: TokenPurpose): Promise<string | null> {
  return (await spendToken(tx, orgId, raw, purpose))?.userId ?? null;
}

/** Whether a link's token would be accepted in this workspace, for the page that shows the form
 * or the error (its own unit of work). */
export async function isUsableToken(orgId: string, raw: string, purpose: TokenPurpose): Promise<boolean> {
  return raw !== "" && withOrg(orgId, (tx) => peekToken(tx, orgId, raw, purpose));
}

/** Whose link a token is, spent or not: for a caller that has just spent it (an accepted
 * invitation signs its person in). Null for a token of another purpose or workspace. */
export async function tokenOwner(orgId: string, raw: string, purpose: TokenPurpose): Promise<string | null> {
  if (raw.length < 20 || raw.length > 100) return null;
  const token = await withOrg(orgId, (tx) =>
    tx.authToken.findUnique({
      where: { organizationId_tokenHash: { organizationId: orgId, tokenHash: hashToken(raw) } },
      select: { purpose: true, userId: true },
    }),
  );
  return token && token.purpose === purpose ? token.userId : null;
}

/** Whether a token would be accepted, without spending it (to show the form or an error). */
export async function peekToken(tx: Tx, orgId: string, raw: string, purpose: TokenPurpose): Promise<boolean> {
  if (raw.length < 20 || raw.length > 100) return false;
  const token = await tx.authToken.findUnique({
    where: { organizationId_tokenHash: { organizationId: orgId, tokenHash: hashToken(raw) } },
    select: { purpose: true, usedAt: true, expiresAt: true },
  });
  return !!token && token.purpose === purpose && !token.usedAt && token.expiresAt > new Date();
}
