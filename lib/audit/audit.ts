import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";

/** Records an admin action in the same transaction as the action itself. */
export async function audit(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  action: string,
  target: { type: string; id?: string | null },
  details?: Prisma.InputJsonValue,
): Promise<void> {
  await tx.auditLog.create({
    data: {
      organizationId: ctx.orgId,
      actorId: ctx.userId,
      action,
      targetType: target.type,
      targetId: target.id ?? null,
      details,
    },
  });
}
