import "server-only";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { loadRounds, loadTeams } from "@/lib/analytics/load";
import { evaluateRound, ORG_GROUP } from "@/lib/analytics/rounds";
import { round1 } from "@/lib/analytics/scores";
import type { DimensionKey } from "@/lib/surveys/dimensions";
import type { BaselineDto } from "@/lib/plans/dto";

// The baseline of a plan (docs/decisions.md (Acting on results)): the dimension's score and
// respondents for the plan's scope in the latest closed pulse round that measured the dimension,
// as the dashboard would show that group to someone outside it. It is recorded for the group, not
// for the person creating the plan; who may see it is decided each time it is shown
// (baselineForViewer).

/** The latest closed pulse round that measured the dimension and closed at or before `closedAt`
 * (the baseline's round, and a check-back's later round when its own did not ask everyone). */
export async function latestMeasuringRound(
  tx: Tx,
  orgId: string,
  dimension: string,
  closedAt: Date,
): Promise<string | null> {
  const row = await tx.surveyRollup.findFirst({
    where: {
      organizationId: orgId,
      teamId: ORG_GROUP,
      metric: dimension,
      n: { gt: 0 },
      survey: { kind: "pulse", status: "closed", sentAt: { not: null }, closedAt: { not: null, lte: closedAt } },
    },
    orderBy: [{ survey: { sentAt: "desc" } }, { surveyId: "desc" }],
    select: { surveyId: true },
  });
  return row?.surveyId ?? null;
}

/** The baseline for a team (or the organisation, teamId null) as of `now` (rounds closed by
 * then); null when that round hid the group's figure for the dimension or no closed pulse round
 * measured it. */
export async function captureBaseline(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  teamId: string | null,
  dimension: DimensionKey,
  now: Date,
): Promise<BaselineDto | null> {
  const orgId = ctx.orgId;
  const latestId = await latestMeasuringRound(tx, orgId, dimension, now);
  if (!latestId) return null;
  const [round] = await loadRounds(tx, ctx, { kind: "pulse", ids: [latestId] });
  if (!round) return null;
  const teams = await loadTeams(tx, orgId);
  // Without the viewer: the group's figures as anyone outside it sees them.
  const view = evaluateRound(
    { ...round, viewer: null },
    teams.map((t) => t.id),
  );
  const cell = teamId === null ? view.org : view.teams.get(teamId);
  const acc = cell && !cell.reason ? cell.metrics.get(dimension) : undefined;
  if (!acc || acc.n === 0) return null;
  return { score: round1(acc.sum / acc.n), n: acc.n, surveyId: round.id };
}

/**
 * The recorded baseline as `ctx` may see it: only when the dashboard would show this viewer the
 * scope's figure for the dimension in that round, with every rule applied for them (the
 * complementary one included): a group hidden from someone who answered elsewhere in the
 * organisation, because the total less this group less their own answer would give away another
 * team's hidden sum, stays hidden here too (docs/decisions.md (Anonymity and the minimum group)).
 */
export async function baselineForViewer(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  teamId: string | null,
  dimension: string,
  baseline: BaselineDto | null,
): Promise<BaselineDto | null> {
  if (!baseline) return null;
  // The organisation's own cell depends on its own counts alone (and the viewer's place).
  const [round] = await loadRounds(tx, ctx, { ids: [baseline.surveyId], orgOnly: teamId === null });
  if (!round) return null;
  const teamIds = teamId === null ? [] : (await loadTeams(tx, ctx.orgId)).map((t) => t.id);
  const view = evaluateRound(round, teamIds);
  const cell = teamId === null ? view.org : view.teams.get(teamId);
  return cell && !cell.reason && cell.metrics.has(dimension) ? baseline : null;
}
