import "server-only";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { fullName } from "@/lib/people/dto";
import { buildOrgChart, type OrgChart } from "@/lib/people/org-chart-tree";

/** The organisation's chart: two narrow queries, then the tree in memory (2,000 people is a few
 * hundred kilobytes of rows). */
export async function getOrgChart(ctx: AuthContext): Promise<OrgChart> {
  requirePermission(ctx, "people.view");
  const [people, teams] = await withOrg(ctx.orgId, (tx) =>
    Promise.all([
      tx.user.findMany({
        where: { organizationId: ctx.orgId },
        select: { id: true, firstName: true, lastName: true, email: true, role: true, teamId: true, managerId: true },
      }),
      tx.team.findMany({ where: { organizationId: ctx.orgId }, select: { id: true, name: true, managerId: true } }),
    ]),
  );
  return buildOrgChart(
    people.map((p) => ({ id: p.id, name: fullName(p), role: p.role, teamId: p.teamId, managerId: p.managerId })),
    teams,
  );
}
