import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { loadRounds, loadTeams, viewerPlaces } from "@/lib/analytics/load";
import { evaluateRound, ORG_GROUP } from "@/lib/analytics/rounds";
import { round1 } from "@/lib/analytics/scores";
import type { DimensionKey } from "@/lib/surveys/dimensions";
import type { BaselineDto } from "@/lib/plans/dto";

// The baseline of a plan (docs/decisions.md (Acting on results)): the dimension's score and
// respondents for the plan's scope in the latest closed pulse round that measured the dimension,
// as the dashboard would show that group to someone outside it. It is recorded for the group, not
// for the person creating the plan; who may see it is decided each time it is shown
// (baselineForViewer).

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
  const latest = await tx.surveyRollup.findFirst({
    where: {
      organizationId: orgId,
      teamId: ORG_GROUP,
      metric: dimension,
      n: { gt: 0 },
      survey: { kind: "pulse", status: "closed", sentAt: { not: null }, closedAt: { lte: now } },
    },
    orderBy: [{ survey: { sentAt: "desc" } }, { surveyId: "desc" }],
    select: { surveyId: true },
  });
  if (!latest) return null;
  const [round] = await loadRounds(tx, ctx, { kind: "pulse", ids: [latest.surveyId] });
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
 * The recorded baseline as `ctx` may see it: hidden from a person who was invited to that round
 * and sat in the plan's group (for the organisation: anywhere in it) when the group would not reach
 * the minimum without them (docs/decisions.md (Anonymity and the minimum group)).
 */
export async function baselineForViewer(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  teamId: string | null,
  baseline: BaselineDto | null,
): Promise<BaselineDto | null> {
  if (!baseline) return null;
  const survey = await tx.survey.findUnique({
    where: orgKey(ctx.orgId, baseline.surveyId),
    select: { minGroupSize: true },
  });
  if (!survey) return null;
  const place = (await viewerPlaces(tx, ctx, [baseline.surveyId])).get(baseline.surveyId);
  const inGroup = place !== undefined && place !== null && (teamId === null || place.teamId === teamId);
  return inGroup && baseline.n < survey.minGroupSize + 1 ? null : baseline;
}
