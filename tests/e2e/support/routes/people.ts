// Attacker/victim entries for the people routes: users, teams, the organisation. The attacker is
// an admin of another organisation, so roles never hide a missing tenant check.
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

async function victimState(v: Workspace) {
  return runInOrg(e2eDb(), v.orgId, async (tx) => ({
    users: await tx.user.count({ where: { organizationId: v.orgId } }),
    employee: await tx.user.findFirst({
      where: { organizationId: v.orgId, id: v.employee.id },
      select: { firstName: true, role: true, teamId: true },
    }),
    team: await tx.team.findFirst({
      where: { organizationId: v.orgId, id: v.team.id },
      select: { name: true, managerId: true },
    }),
    invitations: await tx.authToken.count({ where: { organizationId: v.orgId, purpose: "invitation" } }),
  }));
}

/** The victim's people are as createWorkspace made them. */
async function untouched(v: Workspace): Promise<void> {
  const s = await victimState(v);
  const ok =
    s.users === 3 &&
    s.employee?.firstName === "Eve" &&
    s.employee.teamId === v.team.id &&
    s.team?.name === v.team.name &&
    s.team.managerId === v.manager.id &&
    s.invitations === 0;
  if (!ok) throw new Error(`victim's people changed: ${JSON.stringify(s)}`);
}

const person = (over: Record<string, unknown> = {}) => ({
  firstName: "Mallory",
  lastName: "Attacker",
  email: `mallory.${Date.now()}@example.com`,
  role: "employee",
  ...over,
});

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});

export const peopleRoutes: RouteEntry[] = [
  {
    file: "app/api/users/route.ts",
    method: "POST",
    attacks: [
      a(
        "body:organizationId",
        ({ victim, call }) => call("POST", "/api/users", person({ organizationId: victim.orgId })),
        [404],
      ),
      a(
        "body:teamId",
        ({ victim, call }) => call("POST", "/api/users", person({ teamId: victim.team.id })),
        [400, 404],
      ),
      a(
        "body:managerId",
        ({ victim, call }) => call("POST", "/api/users", person({ managerId: victim.manager.id })),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/users/[id]/route.ts",
    method: "GET",
    attacks: [a("path:id", ({ victim, call }) => call("GET", `/api/users/${victim.employee.id}`), [404])],
  },
  {
    file: "app/api/users/[id]/route.ts",
    method: "PUT",
    attacks: [
      a(
        "path:id",
        ({ victim, call }) => call("PUT", `/api/users/${victim.employee.id}`, person({ role: "manager" })),
        [404],
      ),
      a(
        "body:organizationId",
        ({ victim, call }) => call("PUT", `/api/users/${victim.employee.id}`, person({ organizationId: victim.orgId })),
        [404],
      ),
      // The attacker's own person, moved into the victim's team or under the victim's manager.
      a(
        "body:teamId",
        ({ attacker, victim, call }) =>
          call(
            "PUT",
            `/api/users/${attacker.employee.id}`,
            person({ teamId: victim.team.id, email: attacker.employee.email }),
          ),
        [400, 404],
      ),
      a(
        "body:managerId",
        ({ attacker, victim, call }) =>
          call(
            "PUT",
            `/api/users/${attacker.employee.id}`,
            person({ managerId: victim.manager.id, email: attacker.employee.email }),
          ),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/users/[id]/route.ts",
    method: "DELETE",
    attacks: [a("path:id", ({ victim, call }) => call("DELETE", `/api/users/${victim.employee.id}`), [404])],
  },
  {
    file: "app/api/users/[id]/resend-invitation/route.ts",
    method: "POST",
    attacks: [
      a("path:id", ({ victim, call }) => call("POST", `/api/users/${victim.employee.id}/resend-invitation`), [404]),
    ],
  },
  {
    file: "app/api/users/organization/[orgId]/route.ts",
    method: "GET",
    attacks: [a("path:orgId", ({ victim, call }) => call("GET", `/api/users/organization/${victim.orgId}`), [404])],
  },
  {
    file: "app/api/users/by-organization/route.ts",
    method: "GET",
    victimPath: (v) => `/api/users/by-organization?organizationId=${v.orgId}`,
    attacks: [
      a(
        "query:organizationId",
        ({ victim, call }) => call("GET", `/api/users/by-organization?organizationId=${victim.orgId}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/teams/route.ts",
    method: "POST",
    attacks: [
      a(
        "body:organizationId",
        ({ victim, call }) => call("POST", "/api/teams", { name: "Hijack", organizationId: victim.orgId }),
        [404],
      ),
      a(
        "body:managerId",
        ({ victim, call }) => call("POST", "/api/teams", { name: "Hijack", managerId: victim.manager.id }),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/teams/[teamId]/route.ts",
    method: "GET",
    attacks: [a("path:teamId", ({ victim, call }) => call("GET", `/api/teams/${victim.team.id}`), [404])],
  },
  {
    file: "app/api/teams/[teamId]/route.ts",
    method: "PUT",
    attacks: [
      a(
        "path:teamId",
        ({ victim, call }) => call("PUT", `/api/teams/${victim.team.id}`, { name: "Renamed by attacker" }),
        [404],
      ),
      // The attacker's own team, put under the victim's manager or into the victim's organisation.
      a(
        "body:managerId",
        ({ attacker, victim, call }) =>
          call("PUT", `/api/teams/${attacker.team.id}`, { name: "Renamed", managerId: victim.manager.id }),
        [400, 404],
      ),
      a(
        "body:organizationId",
        ({ attacker, victim, call }) =>
          call("PUT", `/api/teams/${attacker.team.id}`, { name: "Renamed", organizationId: victim.orgId }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/teams/[teamId]/route.ts",
    method: "DELETE",
    attacks: [a("path:teamId", ({ victim, call }) => call("DELETE", `/api/teams/${victim.team.id}`), [404])],
  },
  {
    file: "app/api/teams/organization/[orgId]/route.ts",
    method: "GET",
    attacks: [a("path:orgId", ({ victim, call }) => call("GET", `/api/teams/organization/${victim.orgId}`), [404])],
  },
  {
    file: "app/api/organizations/[orgId]/route.ts",
    method: "GET",
    attacks: [a("path:orgId", ({ victim, call }) => call("GET", `/api/organizations/${victim.orgId}`), [404])],
  },
];
