// Attacker/victim entries for the bulk-import route. The attacker is an admin of another
// organisation, so the role check never hides a missing tenant check.
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { RouteEntry } from "./types";

/** The victim's people and teams are as createWorkspace made them. */
async function untouched(v: Workspace): Promise<void> {
  const s = await runInOrg(e2eDb(), v.orgId, async (tx) => ({
    users: await tx.user.count({ where: { organizationId: v.orgId } }),
    teams: await tx.team.count({ where: { organizationId: v.orgId } }),
    team: await tx.team.findFirst({ where: { organizationId: v.orgId, id: v.team.id }, select: { managerId: true } }),
    reports: await tx.user.count({ where: { organizationId: v.orgId, managerId: v.manager.id } }),
    invitations: await tx.authToken.count({ where: { organizationId: v.orgId, purpose: "invitation" } }),
  }));
  const ok =
    s.users === 3 && s.teams === 1 && s.team?.managerId === v.manager.id && s.reports === 1 && s.invitations === 0;
  if (!ok) throw new Error(`victim's people changed: ${JSON.stringify(s)}`);
}

const row = (over: Record<string, unknown> = {}) => ({
  firstName: "Mallory",
  lastName: "Attacker",
  email: `mallory.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`,
  ...over,
});

export const bulkImportRoutes: RouteEntry[] = [
  {
    file: "app/api/users/bulk-import/route.ts",
    method: "POST",
    attacks: [
      // Naming the victim's organisation is not found, before anything is read.
      {
        aims: "body:organizationId",
        send: ({ victim, call }) =>
          call("POST", "/api/users/bulk-import", { users: [row()], organizationId: victim.orgId }),
        expected: [404],
        unchanged: untouched,
      },
      // The victim's manager and team, named by e-mail and name, are not found from the attacker's
      // organisation: the person is imported into the attacker's own, without a manager.
      {
        aims: "route",
        send: async ({ victim, call }) => {
          const res = await call("POST", "/api/users/bulk-import", {
            users: [row({ role: "manager", department: victim.team.name, managerEmail: victim.manager.email })],
          });
          const body = res.json() as { successful?: number; warnings?: string[] };
          if (res.status === 200 && !(body.successful === 1 && body.warnings?.[0]?.includes("nobody with the email")))
            throw new Error(`unexpected import result: ${res.body}`);
          return res;
        },
        expected: [200],
        unchanged: untouched,
      },
    ],
  },
];
