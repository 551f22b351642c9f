import "server-only";
import type { AuthContext } from "@/lib/auth/context";
import { listTeams } from "@/lib/people/teams";
import { listUsers } from "@/lib/people/users";
import { fullName } from "@/lib/people/dto";
import type { PlanPeople } from "@/components/plans/plan-form-schemas";

/**
 * Who a plan form offers, for a planner (plans.manage implies people.view): the teams they may
 * plan for (admins every team, managers the teams they lead), the people who may own a plan
 * (admins and managers) and every team's members for the steps' owners. The routes check the same
 * rules again (lib/plans/steps.ts).
 */
export async function planPeople(ctx: AuthContext): Promise<PlanPeople> {
  const [teams, users] = await Promise.all([listTeams(ctx), listUsers(ctx)]);
  const mine = ctx.role === "admin" ? teams : teams.filter((t) => t.managerId === ctx.userId);
  const teamIds = new Set(mine.map((t) => t.id));
  const person = (u: (typeof users)[number]) => ({ id: u.id, name: fullName(u) });
  return {
    teams: mine.map((t) => ({ id: t.id, name: t.name, managerId: t.managerId })),
    planners: users.filter((u) => u.role === "admin" || u.role === "manager").map(person),
    members: users
      .filter((u) => u.teamId !== null && (ctx.role === "admin" || teamIds.has(u.teamId)))
      .map((u) => ({ ...person(u), teamId: u.teamId! })),
    canPlanOrganisation: ctx.role === "admin",
  };
}
