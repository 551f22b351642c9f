import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { forbidden } from "@/lib/errors/domain-error";
import type { TeamRow } from "@/lib/analytics/load";

// decisions.md, 'Roles and what the server enforces': dashboards and reports for the whole
// organisation are for admins; managers see their own teams only (the teams they lead);
// employees see no analytics at all.

export type Scope = { orgWide: boolean; teams: TeamRow[] };

export function requireAnalyticsViewer(ctx: AuthContext): void {
  if (ctx.role !== "admin" && ctx.role !== "manager") throw forbidden();
}

export function scopeOf(ctx: AuthContext, teams: readonly TeamRow[]): Scope {
  requireAnalyticsViewer(ctx);
  if (ctx.role === "admin") return { orgWide: true, teams: [...teams] };
  return { orgWide: false, teams: teams.filter((t) => t.managerId === ctx.userId) };
}

export function canSeeTeam(ctx: AuthContext, team: Pick<TeamRow, "managerId">): boolean {
  return ctx.role === "admin" || (ctx.role === "manager" && team.managerId === ctx.userId);
}
