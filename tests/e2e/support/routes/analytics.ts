// Attacker/victim entries for the analytics routes. The attacker is an admin of another
// organisation, so the role check never hides a missing tenant check; the victim gets a sent
// round with scores, and the attacker must not reach it by id.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

const NIL = "00000000-0000-0000-0000-000000000000";
const rounds = new Map<string, Promise<string>>();

/** One sent round with rollups in the victim's organisation (made once per victim). */
function victimRound(v: Workspace): Promise<string> {
  let p = rounds.get(v.orgId);
  if (!p) {
    p = runInOrg(e2eDb(), v.orgId, async (tx) => {
      const id = randomUUID();
      const now = new Date();
      await tx.survey.create({
        data: {
          organizationId: v.orgId,
          id,
          kind: "pulse",
          title: "Victim pulse",
          status: "closed",
          scheduledFor: now,
          sentAt: now,
          closesAt: now,
          closedAt: now,
        },
      });
      await tx.surveyParticipation.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: NIL, invited: 9, responded: 9 },
      });
      await tx.surveyRollup.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: NIL, metric: "overall", n: 9, sum: 81 },
      });
      return id;
    });
    rounds.set(v.orgId, p);
  }
  return p;
}

/** The victim's round is as it was made. */
async function untouched(v: Workspace): Promise<void> {
  const id = await victimRound(v);
  const r = await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.surveyRollup.findMany({ where: { organizationId: v.orgId, surveyId: id }, select: { n: true, sum: true } }),
  );
  if (r.length !== 1 || r[0]!.n !== 9 || r[0]!.sum !== 81)
    throw new Error(`victim's rollups changed: ${JSON.stringify(r)}`);
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});

export const analyticsRoutes: RouteEntry[] = [
  {
    file: "app/api/dashboard-metrics/[organizationId]/route.ts",
    method: "GET",
    attacks: [
      a("path:organizationId", ({ victim, call }) => call("GET", `/api/dashboard-metrics/${victim.orgId}`), [404]),
    ],
  },
  {
    file: "app/api/team-rankings/[organizationId]/route.ts",
    method: "GET",
    attacks: [a("path:organizationId", ({ victim, call }) => call("GET", `/api/team-rankings/${victim.orgId}`), [404])],
  },
  {
    file: "app/api/pulse/route.ts",
    method: "GET",
    attacks: [
      a(
        "query:round",
        async ({ victim, call }) => call("GET", `/api/pulse?round=${await victimRound(victim)}&segment=all`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/focus-areas/route.ts",
    method: "GET",
    attacks: [
      a(
        "query:teamId",
        ({ victim, call }) => call("GET", `/api/focus-areas?scope=team&teamId=${victim.team.id}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/pulse/export/route.ts",
    method: "GET",
    attacks: [
      a(
        "query:round",
        async ({ victim, call }) => call("GET", `/api/pulse/export?round=${await victimRound(victim)}`),
        [404],
      ),
    ],
  },
];
