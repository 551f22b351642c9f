import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { teamDashboardData, teamRankings } from "@/lib/analytics/teams";
import { pulseOverview } from "@/lib/analytics/pulse";
import { pulseCsv } from "@/lib/analytics/csv";
import { roundComments } from "@/lib/analytics/comments";
import { getCurrentSurvey } from "@/lib/surveys/round-status";
import { openSurveyFor } from "@/lib/surveys/open-survey";
import { managerTeamReports } from "@/lib/analytics/reports";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { createOrg, userMaker } from "../support/factories";
import { status } from "../support/status";

// One organisation, seeded straight into the rollup tables as submissions would leave them:
//   Alpha (6 people, led by Mia), Beta (5, led by Ben), Tiny (2: too small to be attributed).
//   Round A, 5 days ago (closed early, so released): 13 answered (Alpha 6, Beta 4, 3 outside any attributed team).
//   Round B, 35 days ago: 11 answered (Alpha 6, Beta 4, 1 outside): Beta must be hidden too.
const DAY = 86_400_000;
type Acc = { n: number; sum: number; promoters?: number; detractors?: number };
type Seed = {
  orgId: string;
  admin: AuthContext;
  mia: AuthContext;
  ben: AuthContext;
  eve: AuthContext;
  alpha: string;
  beta: string;
  tiny: string;
  roundA: string;
  roundB: string;
  roundC: string;
};

const ctxOf = (orgId: string, userId: string, role: AuthContext["role"]): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});

async function seed(): Promise<Seed> {
  const { orgId } = await createOrg();
  return withOrg(orgId, async (tx) => {
    const user = userMaker(tx, orgId);
    const admin = await user("Ada", "admin");
    const mia = await user("Mia", "manager");
    const ben = await user("Ben", "manager");
    const team = async (name: string, managerId: string | null) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    const alpha = await team("Alpha", mia);
    const beta = await team("Beta", ben);
    const tiny = await team("Tiny", null);
    for (let i = 0; i < 6; i++) await user(`Alpha${i}`, "employee", alpha);
    for (let i = 0; i < 5; i++) await user(`Beta${i}`, "employee", beta);
    const eve = await user("Eve", "employee", tiny);
    const tim = await user("Tim", "employee", tiny);

    const round = async (
      daysAgo: number,
      participation: Record<string, [number, number]>,
      rollups: Record<string, Record<string, Acc>>,
      comments: Record<string, number> = {},
    ) => {
      const id = randomUUID();
      const sentAt = new Date(Date.now() - daysAgo * DAY);
      await tx.survey.create({
        data: {
          organizationId: orgId,
          id,
          kind: "pulse",
          title: `Weekly pulse ${daysAgo}`,
          status: "closed",
          scheduledFor: sentAt,
          sentAt,
          closesAt: new Date(sentAt.getTime() + 7 * DAY),
          minGroupSize: 3,
        },
      });
      const q = await tx.surveyQuestion.create({
        data: {
          organizationId: orgId,
          surveyId: id,
          order: 1,
          type: "text",
          text: "Anything else?",
          isRequired: false,
        },
        select: { id: true },
      });
      for (const [teamId, [invited, responded]] of Object.entries(participation))
        await tx.surveyParticipation.create({
          data: { organizationId: orgId, surveyId: id, teamId, invited, responded },
        });
      for (const [teamId, metrics] of Object.entries(rollups))
        for (const [metric, a] of Object.entries(metrics))
          await tx.surveyRollup.create({
            data: {
              organizationId: orgId,
              surveyId: id,
              teamId,
              metric,
              n: a.n,
              sum: a.sum,
              promoters: a.promoters ?? 0,
              detractors: a.detractors ?? 0,
            },
          });
      for (const [teamId, count] of Object.entries(comments)) {
        for (let i = 0; i < count; i++) {
          const r = await tx.surveyResponse.create({
            data: { organizationId: orgId, surveyId: id, teamId: teamId === ORG_GROUP ? null : teamId },
            select: { id: true },
          });
          await tx.surveyAnswer.create({
            data: {
              organizationId: orgId,
              responseId: r.id,
              questionId: q.id,
              text: `${teamId === alpha ? "alpha" : teamId === beta ? "beta" : "outside"} comment ${i}`,
            },
          });
        }
      }
      return id;
    };

    const roundA = await round(
      5,
      { [ORG_GROUP]: [15, 13], [alpha]: [6, 6], [beta]: [5, 4] },
      {
        [ORG_GROUP]: {
          overall: { n: 13, sum: 89 },
          recognition: { n: 13, sum: 87 },
          enps: { n: 13, sum: 91, promoters: 5, detractors: 3 },
          stress: { n: 13, sum: 91 },
        },
        [alpha]: {
          overall: { n: 6, sum: 48 },
          recognition: { n: 6, sum: 45 },
          enps: { n: 6, sum: 48 },
          stress: { n: 6, sum: 30 },
        },
        [beta]: {
          overall: { n: 4, sum: 20 },
          recognition: { n: 4, sum: 24 },
          enps: { n: 4, sum: 24 },
          stress: { n: 4, sum: 36 },
        },
      },
      { [alpha]: 6, [beta]: 4, [ORG_GROUP]: 3 },
    );
    const roundB = await round(
      35,
      { [ORG_GROUP]: [13, 11], [alpha]: [6, 6], [beta]: [5, 4] },
      {
        [ORG_GROUP]: { overall: { n: 11, sum: 77 }, recognition: { n: 11, sum: 66 }, enps: { n: 11, sum: 66 } },
        [alpha]: { overall: { n: 6, sum: 42 }, recognition: { n: 6, sum: 39 }, enps: { n: 6, sum: 36 } },
        [beta]: { overall: { n: 4, sum: 28 }, recognition: { n: 4, sum: 20 }, enps: { n: 4, sum: 24 } },
      },
    );
    // Round C, sent yesterday and still open: 2 of 15 answered so far (participation only; its
    // answers wait in the pool until it closes). Eve still has an open invitation to it.
    const roundC = randomUUID();
    const sentC = new Date(Date.now() - DAY);
    await tx.survey.create({
      data: {
        organizationId: orgId,
        id: roundC,
        kind: "pulse",
        title: "Weekly pulse 1",
        status: "active",
        scheduledFor: sentC,
        sentAt: sentC,
        closesAt: new Date(sentC.getTime() + 7 * DAY),
        minGroupSize: 3,
        invitedCount: 15,
        responseCount: 2,
      },
    });
    await tx.surveyQuestion.create({
      data: {
        organizationId: orgId,
        surveyId: roundC,
        order: 1,
        type: "text",
        text: "Anything else?",
        isRequired: false,
      },
    });
    await tx.surveyParticipation.create({
      data: { organizationId: orgId, surveyId: roundC, teamId: ORG_GROUP, invited: 15, responded: 2 },
    });
    await tx.surveyInvitation.create({
      data: { organizationId: orgId, surveyId: roundC, userId: eve, tokenHash: randomUUID() },
    });
    // The two who answered so far: their links, and two answers in the pool (an open round's count
    // is the size of its pool; the links say nothing).
    for (const userId of [tim, ben])
      await tx.surveyInvitation.create({
        data: { organizationId: orgId, surveyId: roundC, userId, tokenHash: randomUUID() },
      });
    for (const marker of [randomUUID(), randomUUID()])
      await tx.surveyPendingResponse.create({
        data: { organizationId: orgId, surveyId: roundC, teamId: null, answers: [], marker },
      });
    return {
      orgId,
      admin: ctxOf(orgId, admin, "admin"),
      mia: ctxOf(orgId, mia, "manager"),
      ben: ctxOf(orgId, ben, "manager"),
      eve: ctxOf(orgId, eve, "employee"),
      alpha,
      beta,
      tiny,
      roundA,
      roundB,
      roundC,
    };
  });
}

let s: Seed;
beforeAll(async () => {
  s = await seed();
});

describe("dashboard metrics from rollups", () => {
  it("gives an admin the organisation's scores, trends, standard eNPS, participation and emergencies", async () => {
    const m = await dashboardMetrics(s.admin);
    expect(m).toMatchObject({
      scope: "organization",
      overallCultureScore: 6.7, // recognition 87/13: the only culture dimension asked
      engagementScore: 6.8, // 89/13
      enpsScore: 7,
      stressLevel: 7,
      standardEnps: 15.4, // (5 - 3) / 13
      participation: 87, // 13 of 15
      cultureScoreTrend: "+11.5%", // 6.69 against 6.0
      engagementTrend: "-2.2%", // 6.85 against 7.0
      enpsTrend: "+16.7%", // 7.0 against 6.0
      totalUsers: 16,
    });
    expect(m.emergencyMetrics.map((e) => e.text)).toEqual(["Stress Level: 7.0/10 (High)"]);
    // The chart starts at round B's week (35 days ago: no blank weeks before it) and ends this week.
    expect(m.weekly.length).toBeLessThan(12);
    expect(new Date(`${m.weekly[0]!.week}T00:00:00Z`).getTime()).toBeLessThanOrEqual(Date.now() - 35 * DAY);
    expect(new Date(`${m.weekly[0]!.week}T00:00:00Z`).getTime()).toBeGreaterThan(Date.now() - 42 * DAY);
    expect(m.weekly[0]!.engagement).toBe(7);
    // Participation per week is the rounds sent that week: B 11 of 13, A 13 of 15; none in the others.
    expect(m.weekly.map((w) => w.participation.rate).filter((r) => r !== null)).toEqual([85, 87]);
    // Each point covers its week and the three before: round B (7.0) shows in its week and the three
    // after it, round A (6.8, thirty days later) from its week on; no window holds both.
    const weekOf = (daysAgo: number) =>
      m.weekly.findLastIndex((w) => new Date(`${w.week}T00:00:00Z`).getTime() <= Date.now() - daysAgo * DAY);
    const expected = m.weekly.map((_, i) => (i >= weekOf(5) ? 6.8 : i >= weekOf(35) && i <= weekOf(35) + 3 ? 7 : null));
    expect(m.weekly.map((w) => w.engagement)).toEqual(expected);
  });

  it("gives a manager their own teams only, and an employee 403", async () => {
    const ben = await dashboardMetrics(s.ben);
    // Beta's own round A cells (round B's were hidden, so no trend).
    expect(ben).toMatchObject({
      scope: "teams",
      overallCultureScore: 6,
      engagementScore: 5,
      totalUsers: 5,
      cultureScoreTrend: null,
      participation: 80,
    });
    expect(ben.emergencyMetrics.map((e) => e.text)).toEqual([
      "Culture Score: 6.0/10",
      "eNPS Score: 6.0/10",
      "Engagement Score: 5.0/10",
      "Stress Level: 9.0/10 (High)",
    ]);
    expect(await status(dashboardMetrics(s.eve))).toBe(403);
  });
});

describe("team rankings", () => {
  it("ranks by culture score with hidden teams last", async () => {
    const items = await teamRankings(s.admin);
    expect(
      items.map((t) => [
        t.name,
        t.cultureScore,
        t.cultureScoreTrend,
        t.engagementScore,
        t.responseRate,
        t.suppressionReason,
      ]),
    ).toEqual([
      ["Alpha", 7.5, "+15.4%", 8, 100, null],
      ["Beta", 6, null, 5, 80, null],
      ["Tiny", null, null, null, null, "below-minimum"],
    ]);
    expect(items.find((t) => t.name === "Tiny")).toMatchObject({ memberCount: 2, suppressed: true });
  });

  it("shows a manager only the teams they lead", async () => {
    expect((await teamRankings(s.mia)).map((t) => t.name)).toEqual(["Alpha"]);
    expect(await status(teamRankings(s.eve))).toBe(403);
  });

  it("gives the team endpoint's dashboard data to admins and the team's manager only", async () => {
    expect(await teamDashboardData(s.admin, s.alpha)).toMatchObject({
      cultureScore: 7.5,
      memberCount: 6,
      responseRate: 100,
      suppressed: false,
    });
    expect(await teamDashboardData(s.ben, s.alpha)).toMatchObject({
      cultureScore: null,
      engagementScore: null,
      suppressed: true,
      suppressionReason: "not-your-team",
    });
    expect(await status(teamDashboardData(s.admin, randomUUID()))).toBe(404);
  });

  it("gives managers anonymity-safe insight counts", async () => {
    const [beta] = await managerTeamReports(s.ben, 3);
    // Counts of the team's dimensions (no person's scores exist), out of those measured.
    expect(beta).toMatchObject({ name: "Beta", strongDimensions: [], measuredDimensions: 2, tooSmall: false });
    expect(beta!.needsAttention.map((d) => d.key)).toEqual(["overall", "recognition"]);
  });
});

describe("pulse overview", () => {
  it("hides a team below the minimum and, in round B, the sibling that would give the rest away", async () => {
    const a = await pulseOverview(s.admin, s.roundA);
    expect(a.rows.map((r) => [r.name, r.suppressed, r.participation])).toEqual([
      ["All employees", false, 87],
      ["Alpha", false, 100],
      ["Beta", false, 80],
      ["Tiny", true, null],
    ]);
    expect(a.rows[1]!.dimensions.overall).toEqual({ value: 8, status: "ok", reason: null });
    expect(a.rows[1]!.dimensions.wellness.status).toBe("not-asked");
    expect(a.rows[3]!.dimensions.overall).toEqual({ value: null, status: "suppressed", reason: "below-minimum" });

    const b = await pulseOverview(s.admin, s.roundB);
    const beta = b.rows.find((r) => r.name === "Beta")!;
    expect(beta).toMatchObject({ suppressed: true, reason: "complementary", participation: null });
    expect(beta.enps.value).toBeNull();
    const csv = pulseCsv(b);
    expect(csv).toContain("Beta,5,hidden,hidden");
    expect(csv).not.toMatch(/Beta,5,80/);
  });

  it("shows a manager their teams without the organisation row; refuses employees and foreign rounds", async () => {
    const o = await pulseOverview(s.mia, "latest");
    expect(o.selected).toBe(s.roundA);
    expect(o.rows.map((r) => r.name)).toEqual(["Alpha"]);
    expect(await status(pulseOverview(s.eve, "latest"))).toBe(403);
    expect(await status(pulseOverview(s.admin, randomUUID()))).toBe(404);
  });

  it("adds up the last four weeks", async () => {
    const o = await pulseOverview(s.admin, "recent");
    expect(o.rows[0]).toMatchObject({ name: "All employees", participation: 87 });
  });

  it("reports the current survey's status; counts for admins only", async () => {
    expect(await getCurrentSurvey(s.admin, s.orgId)).toMatchObject({
      id: s.roundC,
      status: "active",
      questionCount: 1,
      responses: 2,
    });
    expect(await getCurrentSurvey(s.mia, s.orgId)).toMatchObject({ id: s.roundC, totalUsers: null, responses: null });
    expect(await openSurveyFor(s.eve)).toMatchObject({ surveyId: s.roundC });
    expect(await openSurveyFor(s.mia)).toBeNull();
  });
});

describe("open rounds", () => {
  it("are not in any figure, option or comment list until they close", async () => {
    const pulse = await pulseOverview(s.admin, "latest");
    expect(pulse.selected).toBe(s.roundA);
    expect(pulse.rounds.map((r) => r.id)).not.toContain(s.roundC);
    expect(await status(pulseOverview(s.admin, s.roundC))).toBe(404);
    expect((await roundComments(s.admin, "latest")).round?.id).toBe(s.roundA);
    expect(await status(roundComments(s.admin, s.roundC))).toBe(404);
  });
});

describe("comments", () => {
  it("shows the organisation's comments to admins, shuffled and dated by round only", async () => {
    const orders = new Set<string>();
    for (let i = 0; i < 6; i++) {
      const c = await roundComments(s.admin, "latest");
      expect(c.groups).toHaveLength(1);
      expect(c.groups[0]!.comments).toHaveLength(13);
      for (const x of c.groups[0]!.comments) {
        expect(Object.keys(x).sort()).toEqual(["roundDate", "text"]);
        expect(x.roundDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      }
      orders.add(c.groups[0]!.comments.map((x) => x.text).join("|"));
    }
    expect(orders.size).toBeGreaterThan(1);
  });

  it("needs at least 5 respondents in a team", async () => {
    const mia = await roundComments(s.mia, "latest");
    expect(mia.groups[0]).toMatchObject({ name: "Alpha", reason: null });
    expect(mia.groups[0]!.comments.every((c) => c.text.startsWith("alpha"))).toBe(true);
    const ben = await roundComments(s.ben, "latest");
    expect(ben.groups[0]).toMatchObject({ name: "Beta", reason: "below-minimum", comments: [] });
    expect(await status(roundComments(s.eve, "latest"))).toBe(403);
  });
});
