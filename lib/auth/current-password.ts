import "server-only";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { verifyPassword } from "@/lib/auth/password";
import { releaseAttempt, reserveAttempt, type ThrottleKey } from "@/lib/auth/throttle";
import { rateLimited } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";

/**
 * Checks the signed-in person's current password (Change password, Change e-mail) under the same
 * per-account throttle as signing in: a stolen live session must not become a password-guessing
 * oracle that turns into lasting access. The attempt is counted before the check and given back on
 * success, as at sign-in; while the account is blocked, nothing is checked (429).
 */
export async function checkCurrentPassword(ctx: AuthContext, password: string): Promise<boolean> {
  const user = await withOrg(ctx.orgId, (tx) =>
    tx.user.findUnique({
      where: orgKey(ctx.orgId, ctx.userId),
      select: { email: true, passwordHash: true },
    }),
  );
  if (!user) return verifyPassword(null, password);
  const keys: ThrottleKey[] = [{ kind: "account", value: user.email }];
  const wait = await withOrg(ctx.orgId, (tx) => reserveAttempt(tx, ctx.orgId, keys));
  if (wait > 0) throw rateLimited(Math.ceil(wait / 1000));
  const valid = await verifyPassword(user.passwordHash, password);
  if (valid) await withOrg(ctx.orgId, (tx) => releaseAttempt(tx, ctx.orgId, keys));
  return valid;
}
