import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { teamRankings } from "@/lib/analytics/teams";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { managerTeamReports } from "@/lib/analytics/reports";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { pulseOverview, RECENT } from "@/lib/analytics/pulse";
import { createOrg, userMaker } from "../support/factories";

// The case: Marketing (4 people, led by Mo) answered three rounds of the last four weeks in
// full, and two of them answered the fourth, which was hidden (fewer than 3). Engineering (5)
// answered every round; three people in no team answered too, so the rest of the organisation is
// never small enough to give Marketing away. A rate over the shown rounds only read 100%; every
// round the team was invited to counts: 12 answers shown of 16 invitations, at least 75%.
const DAY = 86_400_000;
type Seed = { admin: AuthContext; mo: AuthContext; marketing: string; engineering: string };

async function seed(hiddenRoundAnswers: number): Promise<Seed> {
  const { orgId } = await createOrg();
  return withOrg(orgId, async (tx) => {
    const user = userMaker(tx, orgId);
    const admin = await user("Ada", "admin");
    const mo = await user("Mo", "manager");
    const team = async (name: string, managerId: string | null) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    const marketing = await team("Marketing", mo);
    const engineering = await team("Engineering", null);
    for (let i = 0; i < 4; i++) await user(`Mkt${i}`, "employee", marketing);
    for (let i = 0; i < 5; i++) await user(`Eng${i}`, "employee", engineering);

    const round = async (daysAgo: number, marketingAnswers: number) => {
      const id = randomUUID();
      const sentAt = new Date(Date.now() - daysAgo * DAY);
      await tx.survey.create({
        data: {
          organizationId: orgId,
          id,
          kind: "pulse",
          title: `Pulse ${daysAgo}`,
          status: "closed",
          scheduledFor: sentAt,
          sentAt,
          closesAt: new Date(sentAt.getTime() + 2 * DAY),
          minGroupSize: 3,
        },
      });
      const rows: [string, number, number][] = [
        [ORG_GROUP, 12, marketingAnswers + 8],
        [marketing, 4, marketingAnswers],
        [engineering, 5, 5],
      ];
      for (const [teamId, invited, responded] of rows) {
        await tx.surveyParticipation.create({
          data: { organizationId: orgId, surveyId: id, teamId, invited, responded },
        });
        if (responded > 0)
          await tx.surveyRollup.create({
            data: {
              organizationId: orgId,
              surveyId: id,
              teamId,
              metric: "recognition",
              n: responded,
              sum: responded * 7,
              promoters: 0,
              detractors: 0,
            },
          });
      }
    };
    await round(24, 4);
    await round(17, 4);
    await round(10, hiddenRoundAnswers);
    await round(3, 4);
    const ctx = (userId: string, role: AuthContext["role"]): AuthContext => ({
      orgId,
      userId,
      role,
      sessionId: randomUUID(),
    });
    return { admin: ctx(admin, "admin"), mo: ctx(mo, "manager"), marketing, engineering };
  });
}

let s: Seed;
beforeAll(async () => {
  s = await seed(2);
});

describe("response rates count every round the team was invited to", () => {
  it("Team Rankings: Marketing's hidden round counts its invitations, and the rate says it is a floor", async () => {
    const items = await teamRankings(s.admin);
    const marketing = items.find((t) => t.name === "Marketing")!;
    expect(marketing).toMatchObject({
      cultureScore: 7,
      responseRate: 75,
      responseRounds: { atLeast: true, rounds: 4, hiddenRounds: 1, hiddenReason: "below-minimum" },
    });
    expect(items.find((t) => t.name === "Engineering")).toMatchObject({
      responseRate: 100,
      responseRounds: { atLeast: false, rounds: 4, hiddenRounds: 0, hiddenReason: null },
    });
  });

  it("gives the manager's report and dashboard the same figure", async () => {
    const [report] = await managerTeamReports(s.mo, 3);
    expect(report).toMatchObject({
      name: "Marketing",
      responseRate: 75,
      responseRounds: { atLeast: true, hiddenRounds: 1 },
    });
    const m = await dashboardMetrics(s.mo);
    expect(m).toMatchObject({
      participation: 75,
      participationRounds: { atLeast: true, rounds: 4, hiddenRounds: 1, hiddenReason: "below-minimum" },
    });
    // The week of the hidden round has no rate to show; the others have theirs.
    const week = m.weekly.find((w) => w.participation.hiddenRounds === 1)!;
    expect(week.participation).toMatchObject({ rate: null, atLeast: false, rounds: 1 });
    expect(m.weekly.filter((w) => w.participation.rate === 100)).toHaveLength(3);
  });

  it("gives Pulse Overview's last four weeks the same floor", async () => {
    const o = await pulseOverview(s.admin, RECENT, "teams");
    expect(o.rows.find((r) => r.name === "Marketing")).toMatchObject({
      participation: 75,
      participationAtLeast: true,
      suppressed: false,
    });
    expect(o.rows.find((r) => r.name === "Engineering")).toMatchObject({
      participation: 100,
      participationAtLeast: false,
    });
  });

  it("does not depend on how many answered the hidden round (nobody's answer can be worked out from it)", async () => {
    for (const answers of [0, 1]) {
      const other = await seed(answers);
      const marketing = (await teamRankings(other.admin)).find((t) => t.name === "Marketing")!;
      expect(marketing).toMatchObject({
        responseRate: 75,
        responseRounds: { atLeast: true, rounds: 4, hiddenRounds: 1 },
      });
      expect((await dashboardMetrics(other.mo)).participation).toBe(75);
    }
  });

  it("starts the dashboard's weeks at the first round", async () => {
    const m = await dashboardMetrics(s.admin);
    const first = new Date(`${m.weekly[0]!.week}T00:00:00Z`).getTime();
    expect(first).toBeLessThanOrEqual(Date.now() - 24 * DAY);
    expect(first).toBeGreaterThan(Date.now() - 24 * DAY - 7 * DAY);
    expect(m.weekly[0]!.participation).toMatchObject({ rate: 100, rounds: 1 });
    expect(m.weekly.length).toBeLessThan(12);
  });
});
