import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";

export type HiddenStateDto = { id: string; hidden: boolean };

/** Hides a built-in item from this organisation's coach (idempotent). Unknown ids are not found. */
export async function hideBuiltin(ctx: AuthContext, builtinId: string): Promise<HiddenStateDto> {
  requirePermission(ctx, "library.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const item = await tx.builtinContent.findUnique({ where: { id: builtinId }, select: { id: true } });
    if (!item) throw notFound("Content");
    await tx.hiddenBuiltinContent.upsert({
      where: { organizationId_builtinId: { organizationId: ctx.orgId, builtinId } },
      create: { organizationId: ctx.orgId, builtinId, hiddenById: ctx.userId },
      update: {},
    });
    await audit(tx, ctx, "content.builtin_hide", { type: "builtin_content", id: builtinId });
    return { id: builtinId, hidden: true };
  });
}

/** Shows a hidden built-in item to this organisation's coach again (idempotent). */
export async function unhideBuiltin(ctx: AuthContext, builtinId: string): Promise<HiddenStateDto> {
  requirePermission(ctx, "library.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const item = await tx.builtinContent.findUnique({ where: { id: builtinId }, select: { id: true } });
    if (!item) throw notFound("Content");
    await tx.hiddenBuiltinContent.deleteMany({ where: { organizationId: ctx.orgId, builtinId } });
    await audit(tx, ctx, "content.builtin_unhide", { type: "builtin_content", id: builtinId });
    return { id: builtinId, hidden: false };
  });
}
