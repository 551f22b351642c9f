import "server-only";
import { orgKey, withOrg } from "@/lib/db/tenant";
import { hashPassword } from "@/lib/auth/password";
import { checkCurrentPassword } from "@/lib/auth/current-password";
import { revokeUserSessions } from "@/lib/auth/sessions";
import { prepareRewrap } from "@/lib/vault/vault";
import type { AuthContext } from "@/lib/auth/context";
import { audit } from "@/lib/audit/audit";
import { noticePasswordChanged } from "@/lib/people/account-notices";

// The form's fields live in a client-safe module, so the form validates with the same schema.
export { changePasswordSchema } from "@/lib/auth/password-schemas";

/** Changes the signed-in user's password and ends all their other sessions. */
export async function changePassword(
  ctx: AuthContext,
  current: string,
  next: string,
): Promise<"changed" | "wrong-password"> {
  if (!(await checkCurrentPassword(ctx, current))) return "wrong-password";
  const passwordHash = await hashPassword(next);
  const rewrapVault = await prepareRewrap(ctx.orgId, ctx.userId, current, next);
  await withOrg(
    ctx.orgId,
    async (tx) => {
      await tx.user.update({
        where: orgKey(ctx.orgId, ctx.userId),
        data: { passwordHash, passwordSetAt: new Date() },
      });
      await revokeUserSessions(tx, ctx.orgId, ctx.userId, ctx.sessionId);
      await rewrapVault(tx);
      await audit(tx, ctx, "user.password_changed", { type: "user", id: ctx.userId });
      await noticePasswordChanged(tx, ctx.orgId, ctx.userId);
      // The person's own rows (the vault's wrap) are open to this unit of work.
    },
    { userId: ctx.userId },
  );
  return "changed";
}
