import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { can, type Permission } from "@/lib/auth/permissions";
import { forbidden, notFound } from "@/lib/errors/domain-error";

/** Throws 'forbidden' unless the signed-in role holds the permission (lib/auth/permissions.ts). */
export function requirePermission(ctx: AuthContext, permission: Permission): void {
  if (!can(ctx, permission)) throw forbidden("forbidden", "You do not have permission to do this");
}

/**
 * The own-organisation check of domain functions that take an organisation id: it must be the
 * caller's own. (An organisation id named in an /api request is checked by the wrapper before
 * that, lib/api/route.ts.) Any other answers "not found", exactly like a foreign row id,
 * so the ids of other organisations cannot be probed (docs/decisions.md (Hosts and tenancy)).
 */
export function requireOwnOrg(ctx: AuthContext, orgId: unknown): void {
  if (typeof orgId !== "string" || orgId.toLowerCase() !== ctx.orgId) throw notFound("Organisation");
}
