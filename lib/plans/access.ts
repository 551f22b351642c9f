import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Prisma } from "@/lib/generated/prisma/client";
import { can } from "@/lib/auth/permissions";

// Who sees and who changes an action plan (docs/decisions.md (Acting on results)):
// - admins see every plan;
// - managers see every plan of the teams they lead, plans they own or created, the organisation's
//   plans once published, and other teams' published plans shown to the whole organisation;
// - employees see published plans shown to the whole organisation, their own team's published
//   plans, any plan in which they own a step, and any plan they own (an owner demoted from
//   manager keeps seeing it).
// Every other plan answers "not found", as another organisation's does.
// Changing a plan: its owner, the team's manager or an admin; ticking a step: those and the
// step's own owner.

/** Published, or published and then finished: what the plan's audience sees. */
const SHOWN: Prisma.ActionPlanWhereInput = { status: { in: ["published", "done"] } };

/** Teams the person leads (a manager's own teams). */
async function ledTeamIds(tx: Tx, ctx: AuthContext): Promise<string[]> {
  const rows = await tx.team.findMany({
    where: { organizationId: ctx.orgId, managerId: ctx.userId },
    select: { id: true },
  });
  return rows.map((r) => r.id);
}

/** The filter of the plans `ctx` may see (plans.view is checked by the caller). */
export async function visiblePlanWhere(tx: Tx, ctx: AuthContext): Promise<Prisma.ActionPlanWhereInput> {
  const org = { organizationId: ctx.orgId };
  if (ctx.role === "admin") return org;
  const ownsStep: Prisma.ActionPlanWhereInput = { steps: { some: { ownerId: ctx.userId } } };
  const orgWide: Prisma.ActionPlanWhereInput = { ...SHOWN, visibility: "organization" };
  if (ctx.role === "manager") {
    const led = await ledTeamIds(tx, ctx);
    return {
      ...org,
      OR: [
        { teamId: { in: led } },
        { ownerId: ctx.userId },
        { createdById: ctx.userId },
        { ...SHOWN, teamId: null },
        orgWide,
        ownsStep,
      ],
    };
  }
  const me = await tx.user.findUnique({
    where: orgKey(ctx.orgId, ctx.userId),
    select: { teamId: true },
  });
  return {
    ...org,
    // The plan's owner always sees it: one demoted from manager still gets its reminders.
    OR: [orgWide, ...(me?.teamId ? [{ ...SHOWN, teamId: me.teamId }] : []), ownsStep, { ownerId: ctx.userId }],
  };
}

/** What deciding who may change a plan needs of it. */
export type PlanAccessFacts = { ownerId: string; teamId: string | null; teamManagerId: string | null };

/** Whether `ctx` may edit, publish or end the plan: an admin, its owner, or its team's manager
 * (the latter two only while they hold plans.manage). */
export function canManagePlan(ctx: AuthContext, plan: PlanAccessFacts): boolean {
  if (!can(ctx, "plans.manage")) return false;
  if (ctx.role === "admin") return true;
  return plan.ownerId === ctx.userId || (plan.teamId !== null && plan.teamManagerId === ctx.userId);
}

/** Whether `ctx` may tick a step: a plan manager, or the step's own owner. */
export function canMarkStep(ctx: AuthContext, plan: PlanAccessFacts, step: { ownerId: string | null }): boolean {
  return canManagePlan(ctx, plan) || (step.ownerId !== null && step.ownerId === ctx.userId);
}
