import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { invalidInput, conflict, notFound } from "@/lib/errors/domain-error";
import { audit } from "@/lib/audit/audit";
import { requirePermission } from "@/lib/auth/authorize";
import { fullName, toUserDto, userSelect, type TeamDto, type UserDto } from "@/lib/people/dto";
import type { TeamInput } from "@/lib/people/schemas";
import { isUniqueViolation } from "@/lib/db/errors";

const teamSelect = {
  id: true,
  organizationId: true,
  name: true,
  managerId: true,
  manager: { select: { firstName: true, lastName: true, email: true } },
  _count: { select: { members: true } },
} as const;

type TeamRow = {
  id: string;
  organizationId: string;
  name: string;
  managerId: string | null;
  manager: { firstName: string; lastName: string; email: string } | null;
  _count: { members: number };
};

function toTeamDto(t: TeamRow): TeamDto {
  return {
    id: t.id,
    organizationId: t.organizationId,
    name: t.name,
    managerId: t.managerId,
    managerName: t.manager ? fullName(t.manager) : null,
    memberCount: t._count.members,
  };
}

export async function listTeams(ctx: AuthContext): Promise<TeamDto[]> {
  requirePermission(ctx, "people.view");
  const rows = await withOrg(ctx.orgId, (tx) =>
    tx.team.findMany({ where: { organizationId: ctx.orgId }, select: teamSelect, orderBy: { name: "asc" } }),
  );
  return rows.map(toTeamDto);
}

/** How many teams the organisation has (people.view). */
export async function countTeams(ctx: AuthContext): Promise<number> {
  requirePermission(ctx, "people.view");
  return withOrg(ctx.orgId, (tx) => tx.team.count({ where: { organizationId: ctx.orgId } }));
}

export async function getTeam(ctx: AuthContext, id: string): Promise<TeamDto & { members: UserDto[] }> {
  requirePermission(ctx, "people.view");
  const row = await withOrg(ctx.orgId, (tx) =>
    tx.team.findUnique({
      where: orgKey(ctx.orgId, id),
      select: { ...teamSelect, members: { select: userSelect, orderBy: [{ firstName: "asc" }, { lastName: "asc" }] } },
    }),
  );
  if (!row) throw notFound("Team");
  return { ...toTeamDto(row), members: row.members.map(toUserDto) };
}

/** A team's manager is chosen among users with role manager. */
async function checkManager(tx: Tx, orgId: string, managerId: string | null): Promise<void> {
  if (!managerId) return;
  const m = await tx.user.findUnique({ where: orgKey(orgId, managerId), select: { role: true } });
  if (!m || m.role !== "manager")
    throw invalidInput("Invalid request body", {
      managerId: ["The team manager must be a user with the manager role"],
    });
}

const duplicateName = (name: string) => conflict("team_name_taken", `A team named "${name}" already exists`);

export async function createTeam(ctx: AuthContext, input: TeamInput): Promise<TeamDto> {
  requirePermission(ctx, "people.manage");
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      await checkManager(tx, ctx.orgId, input.managerId);
      const row = await tx.team.create({
        data: { organizationId: ctx.orgId, name: input.name, managerId: input.managerId },
        select: teamSelect,
      });
      await audit(tx, ctx, "team.create", { type: "team", id: row.id }, { name: row.name });
      return toTeamDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

export async function updateTeam(ctx: AuthContext, id: string, input: TeamInput): Promise<TeamDto> {
  requirePermission(ctx, "people.manage");
  try {
    return await withOrg(ctx.orgId, async (tx) => {
      const exists = await tx.team.findUnique({ where: orgKey(ctx.orgId, id), select: { id: true } });
      if (!exists) throw notFound("Team");
      await checkManager(tx, ctx.orgId, input.managerId);
      const row = await tx.team.update({
        where: orgKey(ctx.orgId, id),
        data: { name: input.name, managerId: input.managerId },
        select: teamSelect,
      });
      await audit(tx, ctx, "team.update", { type: "team", id }, { name: row.name, managerId: row.managerId });
      return toTeamDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName(input.name);
    throw err;
  }
}

export async function deleteTeam(ctx: AuthContext, id: string): Promise<void> {
  requirePermission(ctx, "people.manage");
  await withOrg(ctx.orgId, async (tx) => {
    const team = await tx.team.findUnique({ where: orgKey(ctx.orgId, id), select: { name: true } });
    if (!team) throw notFound("Team");
    // Members stay in the organisation, without a team. The team's action plans go with it (their
    // baselines and check-backs measure this team); the audit row says how many.
    await tx.user.updateMany({ where: { organizationId: ctx.orgId, teamId: id }, data: { teamId: null } });
    const actionPlans = await tx.actionPlan.count({ where: { organizationId: ctx.orgId, teamId: id } });
    await tx.team.delete({ where: orgKey(ctx.orgId, id) });
    await audit(tx, ctx, "team.delete", { type: "team", id }, { name: team.name, actionPlans });
  });
}
