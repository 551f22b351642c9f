import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import type { TeamRow } from "@/lib/analytics/load";

// docs/decisions.md (Roles and permissions), through the one permission map: analytics
// are for roles holding "analytics.view"; those also holding "analytics.organization" see the
// whole organisation, the others only the teams they lead; employees see no analytics at all.

export type Scope = { orgWide: boolean; teams: TeamRow[] };

export function scopeOf(ctx: AuthContext, teams: readonly TeamRow[]): Scope {
  requirePermission(ctx, "analytics.view");
  if (can(ctx, "analytics.organization")) return { orgWide: true, teams: [...teams] };
  return { orgWide: false, teams: teams.filter((t) => t.managerId === ctx.userId) };
}

export function canSeeTeam(ctx: AuthContext, team: Pick<TeamRow, "managerId">): boolean {
  return can(ctx, "analytics.organization") || (can(ctx, "analytics.view") && team.managerId === ctx.userId);
}
