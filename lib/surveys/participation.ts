import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

// How many were invited and how many have answered, per attributed team and for the organisation
// (ORG_TEAM_ID). While a survey is open, invited counts come from its invitations and answered
// counts from its pending pool (a submission writes nothing about its invitation); the fold stores
// both in SurveyParticipation and Survey.responseCount when the survey closes (fold.ts), and
// readers of a closed survey read those rows. Counts only: nothing here says who answered.

export type ParticipationCount = { teamId: string; invited: number; responded: number };

/** Per attributed team and for the whole organisation: invited from the invitations, responded
 * from the pool. */
export async function liveParticipation(tx: Tx, orgId: string, surveyId: string): Promise<ParticipationCount[]> {
  // ROLLUP adds the grand total (isTotal 1). Unattributed invitations and answers (teamId null)
  // count for the organisation only.
  const rows = await tx.$queryRaw<{ teamId: string | null; isTotal: number; invited: number; responded: number }[]>`
    SELECT "teamId", GROUPING("teamId")::int AS "isTotal", sum(invited)::int AS invited, sum(responded)::int AS responded
    FROM (
      SELECT "teamId", 1 AS invited, 0 AS responded FROM "SurveyInvitation" WHERE "organizationId" = ${orgId}::uuid AND "surveyId" = ${surveyId}::uuid
      UNION ALL
      SELECT "teamId", 0, 1 FROM "SurveyPendingResponse" WHERE "organizationId" = ${orgId}::uuid AND "surveyId" = ${surveyId}::uuid
    ) AS counted
    GROUP BY ROLLUP ("teamId")`;
  const total = rows.find((r) => r.isTotal === 1);
  const teams = rows.flatMap((r) =>
    r.isTotal === 0 && r.teamId !== null ? [{ teamId: r.teamId, invited: r.invited, responded: r.responded }] : [],
  );
  return [{ teamId: ORG_TEAM_ID, invited: total?.invited ?? 0, responded: total?.responded ?? 0 }, ...teams];
}

/** Surveys with their current response counts: Survey.responseCount is stored at close, and an
 * open survey's count is the size of its pending pool. */
export async function withCurrentResponseCounts<T extends { id: string; status: string; responseCount: number }>(
  tx: Tx,
  orgId: string,
  surveys: readonly T[],
): Promise<T[]> {
  const open = surveys.filter((s) => s.status === "active").map((s) => s.id);
  if (open.length === 0) return [...surveys];
  const rows = await tx.$queryRaw<{ surveyId: string; responded: number }[]>`
    SELECT "surveyId", count(*)::int AS responded
    FROM "SurveyPendingResponse" WHERE "organizationId" = ${orgId}::uuid AND "surveyId" = ANY(${open}::uuid[])
    GROUP BY "surveyId"`;
  const live = new Map(rows.map((r) => [r.surveyId, r.responded]));
  return surveys.map((s) => (s.status === "active" ? { ...s, responseCount: live.get(s.id) ?? 0 } : s));
}

/** One survey's current response count (see withCurrentResponseCounts). */
export async function currentResponseCount(
  tx: Tx,
  orgId: string,
  survey: { id: string; status: string; responseCount: number },
): Promise<number> {
  const [s] = await withCurrentResponseCounts(tx, orgId, [survey]);
  return s?.responseCount ?? 0;
}
