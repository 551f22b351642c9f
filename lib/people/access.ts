import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { forbidden } from "@/lib/errors/domain-error";

// decisions.md: users, teams and the org chart are managed by admins and viewed by managers;
// employees see none of it.
export const PEOPLE_VIEWERS: readonly Role[] = ["admin", "manager"];
export const PEOPLE_MANAGERS: readonly Role[] = ["admin"];

export function requireRole(ctx: AuthContext, roles: readonly Role[]): void {
  if (!roles.includes(ctx.role)) throw forbidden();
}
