import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { createPlan, getPlan, publishPlan } from "@/lib/plans/plans";
import { planInputSchema } from "@/lib/plans/schemas";
import { createOrg, userMaker } from "../support/factories";
import { ownerClient } from "../support/owner-client";

// The baseline shown with a plan follows every rule the dashboard applies for the person looking,
// the complementary one included. One closed pulse round, minimum group 3: Alpha 4 answers, Beta 2
// of 3 (hidden), and Ada, an admin in no team, answered too: 7 in all. Shown to Ada, Alpha's
// figure would give Beta's hidden sum away (total - Alpha - her own answer), so the dashboard hides
// Alpha from her, and so must a plan on Alpha.
const DAY = 86_400_000;
const owner = ownerClient();
const rwm = "relationship_with_manager";

let orgId: string;
const as = {} as Record<"ada" | "max" | "lea", AuthContext>;
const teams = {} as Record<"alpha" | "beta", string>;
let roundId: string;

beforeAll(async () => {
  ({ orgId } = await createOrg());
  await withOrg(orgId, async (tx) => {
    const make = userMaker(tx, orgId);
    const user = async (firstName: string, role: Role): Promise<AuthContext> => ({
      orgId,
      userId: await make(firstName, role),
      role,
      sessionId: randomUUID(),
    });
    as.ada = await user("ada", "admin");
    // Another admin, not invited to the round: nothing of theirs is in it.
    as.max = await user("max", "admin");
    as.lea = await user("lea", "manager");
    const team = async (name: string) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId: as.lea.userId }, select: { id: true } }))
        .id;
    teams.alpha = await team("Alpha");
    teams.beta = await team("Beta");
    roundId = randomUUID();
    const sentAt = new Date(Date.now() - 10 * DAY);
    await tx.survey.create({
      data: {
        organizationId: orgId,
        id: roundId,
        kind: "pulse",
        title: "Weekly pulse",
        status: "closed",
        scheduledFor: sentAt,
        sentAt,
        closesAt: new Date(sentAt.getTime() + 7 * DAY),
        closedAt: new Date(sentAt.getTime() + DAY),
        minGroupSize: 3,
      },
    });
    const rows: [string, number, number, number][] = [
      [ORG_GROUP, 8, 7, 42],
      [teams.alpha, 4, 4, 20],
      [teams.beta, 3, 2, 16],
    ];
    for (const [teamId, invited, responded, sum] of rows) {
      await tx.surveyParticipation.create({
        data: { organizationId: orgId, surveyId: roundId, teamId, invited, responded },
      });
      await tx.surveyRollup.create({
        data: { organizationId: orgId, surveyId: roundId, teamId, metric: rwm, n: responded, sum },
      });
    }
    await tx.surveyInvitation.create({
      data: { organizationId: orgId, surveyId: roundId, userId: as.ada.userId, tokenHash: randomUUID(), teamId: null },
    });
  });
});

const plan = (teamId: string | null) =>
  planInputSchema.parse({
    title: "Weekly 1:1s",
    dimension: rwm,
    teamId,
    dueAt: new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10),
  });

describe("the baseline shown with a plan", () => {
  it("is hidden from a viewer the dashboard hides the group from by the complementary rule, at creation and after", async () => {
    const created = await createPlan(as.ada, plan(teams.alpha));
    expect(created.baseline).toBeNull();
    await publishPlan(as.ada, created.id);
    expect((await getPlan(as.ada, created.id)).baseline).toBeNull();
    // The row keeps the group's figure, and whoever the rule does not touch sees it.
    const stored = await owner().query(`SELECT "baselineScore", "baselineN" FROM "ActionPlan" WHERE "id" = $1::uuid`, [
      created.id,
    ]);
    expect(stored.rows).toEqual([{ baselineScore: 5, baselineN: 4 }]);
    expect((await getPlan(as.max, created.id)).baseline).toEqual({ score: 5, n: 4, surveyId: roundId });
    expect((await getPlan(as.lea, created.id)).baseline).toEqual({ score: 5, n: 4, surveyId: roundId });
  });

  it("for the organisation shows the figure to the same viewer: 6 answers besides hers reach the minimum", async () => {
    const created = await createPlan(as.ada, { ...plan(null), visibility: "organization" });
    expect(created.baseline).toEqual({ score: 6, n: 7, surveyId: roundId });
  });

  it("is not recorded for a team hidden from everyone", async () => {
    expect((await createPlan(as.max, plan(teams.beta))).baseline).toBeNull();
  });
});
