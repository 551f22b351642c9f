import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { pulseOverview } from "@/lib/analytics/pulse";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { createOrg, userMaker } from "../support/factories";

// A dimension a round did not ask about is 'not asked' in every row, the hidden team's too: it is
// a fact about the round, not about anyone's answers, and 'hidden' would suggest answers to protect.
//   Big (5 people, all answered), Small (2 people, both answered: below the minimum of 3), and 3
//   answers from people outside any team (so Big's figures do not give Small's away).
//   The round asked about overall engagement and eNPS only.
const DAY = 86_400_000;
let admin: AuthContext;
let roundId: string;

beforeAll(async () => {
  const { orgId } = await createOrg();
  await withOrg(orgId, async (tx) => {
    const user = userMaker(tx, orgId);
    const adminId = await user("Ada", "admin");
    admin = { orgId, userId: adminId, role: "admin", sessionId: randomUUID() };
    const team = async (name: string) =>
      (await tx.team.create({ data: { organizationId: orgId, name }, select: { id: true } })).id;
    const big = await team("Big");
    const small = await team("Small");
    for (let i = 0; i < 5; i++) await user(`Big${i}`, "employee", big);
    for (let i = 0; i < 2; i++) await user(`Small${i}`, "employee", small);
    roundId = randomUUID();
    const sentAt = new Date(Date.now() - 3 * DAY);
    await tx.survey.create({
      data: {
        organizationId: orgId,
        id: roundId,
        kind: "pulse",
        title: "Weekly pulse",
        status: "closed",
        scheduledFor: sentAt,
        sentAt,
        closesAt: new Date(sentAt.getTime() + 2 * DAY),
        minGroupSize: 3,
      },
    });
    const participation: [string, number, number][] = [
      [ORG_GROUP, 11, 10],
      [big, 5, 5],
      [small, 2, 2],
    ];
    for (const [teamId, invited, responded] of participation)
      await tx.surveyParticipation.create({
        data: { organizationId: orgId, surveyId: roundId, teamId, invited, responded },
      });
    const rollups: [string, string, number, number][] = [
      [ORG_GROUP, "overall", 10, 70],
      [ORG_GROUP, "enps", 10, 80],
      [big, "overall", 5, 40],
      [big, "enps", 5, 40],
      [small, "overall", 2, 9],
      [small, "enps", 2, 16],
    ];
    for (const [teamId, metric, n, sum] of rollups)
      await tx.surveyRollup.create({ data: { organizationId: orgId, surveyId: roundId, teamId, metric, n, sum } });
  });
});

describe("pulse overview: dimensions a round did not ask", () => {
  it("read 'not asked' in shown and hidden rows alike, apart from the hidden scores", async () => {
    const o = await pulseOverview(admin, roundId);
    const big = o.rows.find((r) => r.name === "Big")!;
    const small = o.rows.find((r) => r.name === "Small")!;
    expect(big.suppressed).toBe(false);
    expect(big.dimensions.overall).toEqual({ value: 8, status: "ok", reason: null });
    expect(big.dimensions.wellness).toEqual({ value: null, status: "not-asked", reason: null });

    expect(small).toMatchObject({ suppressed: true, reason: "below-minimum", participation: null });
    // Asked, but too few answers: hidden.
    expect(small.dimensions.overall).toEqual({ value: null, status: "suppressed", reason: "below-minimum" });
    expect(small.enps.status).toBe("suppressed");
    // Not asked at all: says so, even in the hidden row.
    expect(small.dimensions.wellness).toEqual({ value: null, status: "not-asked", reason: null });
    expect(small.dimensions.recognition.status).toBe("not-asked");
  });
});
