import { withOrg } from "@/lib/db/tenant";
import { rollupTotals, type RollupTotals } from "@/lib/surveys/rollup-sums";

export { rollupKey } from "@/lib/surveys/rollup-sums";
export type Recomputed = RollupTotals;

/**
 * What the rollups (per metric and per question) and participation counts of a closed survey must
 * be, computed again from the stored answers with the same rollupTotals() the fold uses.
 * Dashboards never read this (it scans every answer); tests and the benchmark use it to prove the
 * folded sums are exact.
 */
export async function recomputeRollups(orgId: string, surveyId: string): Promise<Recomputed> {
  const [responses, questions] = await withOrg(orgId, async (tx) => [
    await tx.surveyResponse.findMany({
      where: { organizationId: orgId, surveyId },
      select: { teamId: true, answers: { select: { questionId: true, value: true, text: true } } },
    }),
    await tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      select: { id: true, type: true, dimension: true, bankKey: true },
    }),
  ]);
  return rollupTotals(responses, new Map(questions.map((q) => [q.id, q])));
}
