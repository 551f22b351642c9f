import "server-only";
import { withOrg } from "@/lib/db/tenant";
import { contributions } from "@/lib/surveys/scoring";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

export type RollupSums = { n: number; sum: number; promoters: number; detractors: number };
export type Recomputed = { rollups: Map<string, RollupSums>; responded: Map<string, number> };

/** Key of a rollup row: `${teamId}|${metric}`. */
export const rollupKey = (teamId: string, metric: string) => `${teamId}|${metric}`;

/**
 * What the rollups and participation counts of a survey must be, computed again from the raw
 * answers with the same contributions() the submission uses. Dashboards never read this (it scans
 * every answer); tests and the benchmark use it to prove the running sums are exact.
 */
export async function recomputeRollups(orgId: string, surveyId: string): Promise<Recomputed> {
  const responses = await withOrg(orgId, (tx) =>
    tx.surveyResponse.findMany({
      where: { organizationId: orgId, surveyId },
      select: { teamId: true, answers: { select: { value: true, question: { select: { type: true, dimension: true, bankKey: true } } } } },
    }),
  );
  const rollups = new Map<string, RollupSums>();
  const responded = new Map<string, number>();
  for (const r of responses) {
    // Unattributed responses (small or no team) count for the organisation only.
    const groups = r.teamId ? [r.teamId, ORG_TEAM_ID] : [ORG_TEAM_ID];
    for (const g of groups) responded.set(g, (responded.get(g) ?? 0) + 1);
    for (const a of r.answers) {
      for (const c of contributions(a.question, a.value)) {
        for (const g of groups) {
          const k = rollupKey(g, c.metric);
          const s = rollups.get(k) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 };
          rollups.set(k, { n: s.n + 1, sum: s.sum + c.score, promoters: s.promoters + (c.promoter ? 1 : 0), detractors: s.detractors + (c.detractor ? 1 : 0) });
        }
      }
    }
  }
  return { rollups, responded };
}
