import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/api/errors";

/** Routes that name an organisation in the path (spec: /api/users/organization/{orgId}) answer
 * only for the caller's own; any other id is "not found", like a foreign row id. */
export function requireOwnOrg(ctx: AuthContext, orgId: string): void {
  if (orgId !== ctx.orgId) throw notFound("Organization");
}
