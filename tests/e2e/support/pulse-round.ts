// One closed pulse round seeded straight into the rollup tables (as the fold at close leaves them),
// for the specs that read dashboards and Pulse Overview. The workspace gets three teams: its own
// (4 more people), Design (6) and Ops (2, too small to be shown on its own).
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "./workspace";

/** The organisation-wide group's id in participation and rollup rows. */
export const ORG_ROW = "00000000-0000-0000-0000-000000000000";

export type SeededTeams = { team: string; design: string; ops: string };
/** Per group: [invited, responded]. */
export type Participation = Record<string, readonly [number, number]>;
/** Per group, per metric: [n, sum, promoters?, detractors?]. */
export type Rollups = Record<string, Partial<Record<string, readonly [number, number, number?, number?]>>>;
export type RoundQuestion = { type: "scale" | "enps"; text: string; dimension: string | null; bankKey: string };

export async function seedClosedPulseRound(
  ws: Workspace,
  round: (teams: SeededTeams) => { questions?: RoundQuestion[]; participation: Participation; rollups: Rollups },
): Promise<void> {
  await runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const org = ws.orgId;
    const person = (firstName: string, teamId: string) =>
      tx.user.create({
        data: {
          organizationId: org,
          firstName,
          lastName: "Seed",
          email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 6)}@${ws.subdomain}.example`,
          teamId,
        },
      });
    for (let i = 0; i < 4; i++) await person(`Mate${i}`, ws.team.id);
    const design = await tx.team.create({ data: { organizationId: org, name: "Design" }, select: { id: true } });
    for (let i = 0; i < 6; i++) await person(`Designer${i}`, design.id);
    const ops = await tx.team.create({ data: { organizationId: org, name: "Ops" }, select: { id: true } });
    for (let i = 0; i < 2; i++) await person(`Op${i}`, ops.id);
    const { questions = [], participation, rollups } = round({ team: ws.team.id, design: design.id, ops: ops.id });

    const id = randomUUID();
    const sentAt = new Date(Date.now() - 3 * 86_400_000);
    // Closed (early, now): dashboards read closed rounds only, whose answers were folded into the
    // rollups at close (docs/decisions.md (Anonymity and the minimum group)).
    const closedAt = new Date();
    await tx.survey.create({
      data: {
        organizationId: org,
        id,
        kind: "pulse",
        title: "Weekly pulse",
        status: "closed",
        scheduledFor: sentAt,
        sentAt,
        closesAt: closedAt,
        closedAt,
      },
    });
    if (questions.length > 0)
      await tx.surveyQuestion.createMany({
        data: questions.map((q, i) => ({ organizationId: org, surveyId: id, order: i + 1, ...q })),
      });
    for (const [teamId, [invited, responded]] of Object.entries(participation))
      await tx.surveyParticipation.create({ data: { organizationId: org, surveyId: id, teamId, invited, responded } });
    for (const [teamId, metrics] of Object.entries(rollups))
      for (const [metric, row] of Object.entries(metrics)) {
        if (!row) continue;
        const [n, sum, promoters = 0, detractors = 0] = row;
        await tx.surveyRollup.create({
          data: { organizationId: org, surveyId: id, teamId, metric, n, sum, promoters, detractors },
        });
      }
  });
}
