import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { pulseOverview } from "@/lib/analytics/pulse";
import { pulseQuery } from "@/lib/analytics/pulse-schemas";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { createOrg, userMaker } from "../support/factories";
import { status } from "../support/status";

// The dashboard's team alerts pass the same suppression as every other figure. One closed round
// (minimum group 3), seeded straight into the rollup tables as the fold leaves them:
//   Low (5 answered, led by Mia): recognition 3.0, relationship with manager 3.2, eNPS 4.8
//     (satisfaction 8, so culture 4.7).
//   Ops (3 answered, led by Ben, who was invited and attributed to Ops): recognition and
//     relationship with manager 5.0. Ben may not see it (3 is not 3 besides him); the admin may.
//   Fine (5 answered, led by Ben): everything 8.
//   Partial (5 answered): satisfaction 5.0, but relationship with manager answered by only 2
//     (1.0): that figure is hidden, so it never becomes an alert.
//   Tiny (2 answered): every figure 1.0, hidden: never an alert.
//   3 answered outside any team. The organisation's averages are all above 6.5.
const DAY = 86_400_000;
type Acc = [n: number, sum: number, promoters?: number, detractors?: number];

let orgId: string;
const ctx: Record<"admin" | "mia" | "ben" | "eve", AuthContext> = {} as never;
const teams: Record<"low" | "ops" | "fine" | "partial" | "tiny", string> = {} as never;

beforeAll(async () => {
  ({ orgId } = await createOrg());
  await withOrg(orgId, async (tx) => {
    const user = userMaker(tx, orgId);
    const as = (userId: string, role: AuthContext["role"]): AuthContext => ({
      orgId,
      userId,
      role,
      sessionId: randomUUID(),
    });
    const adminId = await user("Ada", "admin");
    const miaId = await user("Mia", "manager");
    const benId = await user("Ben", "manager");
    const team = async (name: string, managerId: string | null) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    teams.low = await team("Low", miaId);
    teams.ops = await team("Ops", benId);
    teams.fine = await team("Fine", benId);
    teams.partial = await team("Partial", null);
    teams.tiny = await team("Tiny", null);
    await tx.user.update({
      where: { organizationId_id: { organizationId: orgId, id: benId } },
      data: { teamId: teams.ops },
    });
    const eveId = await user("Eve", "employee", teams.tiny);
    ctx.admin = as(adminId, "admin");
    ctx.mia = as(miaId, "manager");
    ctx.ben = as(benId, "manager");
    ctx.eve = as(eveId, "employee");

    const surveyId = randomUUID();
    const sentAt = new Date(Date.now() - 9 * DAY);
    await tx.survey.create({
      data: {
        organizationId: orgId,
        id: surveyId,
        kind: "pulse",
        title: "Weekly pulse",
        status: "closed",
        scheduledFor: sentAt,
        sentAt,
        closesAt: new Date(sentAt.getTime() + 7 * DAY),
        closedAt: new Date(sentAt.getTime() + 7 * DAY),
        minGroupSize: 3,
      },
    });
    // Ben sat in Ops in this round's audience (the viewer rule).
    await tx.surveyInvitation.create({
      data: { organizationId: orgId, surveyId, userId: benId, tokenHash: randomUUID(), teamId: teams.ops },
    });
    const participation: Record<string, [number, number]> = {
      [ORG_GROUP]: [25, 23],
      [teams.low]: [5, 5],
      [teams.ops]: [3, 3],
      [teams.fine]: [5, 5],
      [teams.partial]: [5, 5],
      [teams.tiny]: [2, 2],
    };
    const all = (score: number, n: number): Record<string, Acc> => ({
      overall: [n, score * n],
      recognition: [n, score * n],
      relationship_with_manager: [n, score * n],
      satisfaction: [n, score * n],
      enps: [n, score * n],
      stress: [n, (10 - score) * n],
    });
    const rollups: Record<string, Record<string, Acc>> = {
      [ORG_GROUP]: { ...all(7.5, 23), relationship_with_manager: [20, 150] },
      [teams.low]: { ...all(8, 5), recognition: [5, 15], relationship_with_manager: [5, 16], enps: [5, 24] },
      [teams.ops]: { ...all(8, 3), recognition: [3, 15], relationship_with_manager: [3, 15] },
      [teams.fine]: all(8, 5),
      [teams.partial]: { ...all(8, 5), satisfaction: [5, 25], relationship_with_manager: [2, 2] },
      [teams.tiny]: all(1, 2),
    };
    for (const [teamId, [invited, responded]] of Object.entries(participation))
      await tx.surveyParticipation.create({ data: { organizationId: orgId, surveyId, teamId, invited, responded } });
    for (const [teamId, metrics] of Object.entries(rollups))
      for (const [metric, [n, sum, promoters = 0, detractors = 0]] of Object.entries(metrics))
        await tx.surveyRollup.create({
          data: { organizationId: orgId, surveyId, teamId, metric, n, sum, promoters, detractors },
        });
  });
});

const summary = (m: Awaited<ReturnType<typeof dashboardMetrics>>) =>
  m.teamAlerts.map((t) => [t.teamName, t.items.map((i) => `${i.label} ${i.value.toFixed(1)}`)]);

describe("team alerts on the dashboard", () => {
  it("list each visible team's figures below 6.5, worst first, while the organisation's averages are fine", async () => {
    const m = await dashboardMetrics(ctx.admin);
    expect(m.emergencyMetrics).toEqual([]);
    expect(summary(m)).toEqual([
      ["Low", ["Recognition 3.0", "Relationship with manager 3.2", "Culture Score 4.7", "eNPS Score 4.8"]],
      ["Ops", ["Recognition 5.0", "Relationship with manager 5.0", "Culture Score 6.0"]],
      ["Partial", ["Satisfaction 5.0"]],
    ]);
    expect(m.teamAlerts[0]!.teamId).toBe(teams.low);
  });

  it("never list a team below the minimum group, nor a dimension answered by too few", async () => {
    const m = await dashboardMetrics(ctx.admin);
    const names = m.teamAlerts.map((t) => t.teamName);
    expect(names).not.toContain("Tiny");
    const partial = m.teamAlerts.find((t) => t.teamName === "Partial")!;
    expect(partial.items.map((i) => i.metric)).toEqual(["satisfaction"]);
  });

  it("show a manager only the teams they lead, and not a team whose minimum counts the manager", async () => {
    expect(summary(await dashboardMetrics(ctx.mia))).toEqual([
      ["Low", ["Recognition 3.0", "Relationship with manager 3.2", "Culture Score 4.7", "eNPS Score 4.8"]],
    ]);
    // Ops has 3 answers, Ben among its audience: 3 besides him are needed. Fine is fine.
    expect((await dashboardMetrics(ctx.ben)).teamAlerts).toEqual([]);
    expect(await status(dashboardMetrics(ctx.eve))).toBe(403);
  });
});

describe("the Pulse Overview's default view", () => {
  it("is the last four weeks, counting its closed rounds; nothing at all before any round closed", async () => {
    expect(pulseQuery.parse({}).round).toBe("recent");
    const o = await pulseOverview(ctx.admin, pulseQuery.parse({}).round);
    expect(o).toMatchObject({ selected: "recent", selectedLabel: "Last 4 weeks · 1 round", roundCount: 1 });
    // The same team rows, with the same hidden cells, as the alerts.
    expect(o.rows.find((r) => r.name === "Tiny")?.suppressed).toBe(true);
    expect(o.rows.find((r) => r.name === "Partial")?.dimensions.relationship_with_manager.status).toBe("suppressed");

    const { orgId: emptyOrg } = await createOrg();
    const admin = await withOrg(emptyOrg, (tx) =>
      tx.user.create({
        data: {
          organizationId: emptyOrg,
          firstName: "A",
          lastName: "B",
          email: `a.${randomUUID()}@example.com`,
          role: "admin",
        },
        select: { id: true },
      }),
    );
    const empty = await pulseOverview(
      { orgId: emptyOrg, userId: admin.id, role: "admin", sessionId: randomUUID() },
      "recent",
    );
    expect(empty).toMatchObject({ selected: null, selectedLabel: null, roundCount: 0, rows: [] });
  });
});
