import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { withOrgReport } from "@/lib/db/read-routing";
import type { Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { can } from "@/lib/auth/permissions";
import { notFound } from "@/lib/errors/domain-error";
import { loadRounds, loadTeams, type LoadedRound, type TeamRow } from "@/lib/analytics/load";
import { canSeeTeam } from "@/lib/analytics/scope";
import { combine, evaluateRound, ORG_GROUP, type GroupCell } from "@/lib/analytics/rounds";
import { isoDay } from "@/lib/analytics/periods";
import { CULTURE_DIMENSIONS, DIMENSIONS, ENGAGEMENT_DIMENSION, type DimensionKey } from "@/lib/surveys/dimensions";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { rankFocusAreas, type FocusAreaDto, type FocusInput } from "@/lib/analytics/focus-rank";

export type { FocusAreaDto };

// Focus areas (docs/decisions.md (Acting on results)): each culture dimension of a team (or of the
// organisation) with how much it matters for engagement and how low it is, ranked by
// focus-rank.ts. Scores come from the same closed-round cells as the dashboard, through
// evaluateRound (the minimum group, the complementary rule and the viewer rule); the relation to
// engagement is one aggregate over the organisation's recent answers, never rows.

const DAY = 86_400_000;
/** The organisation's recent closed pulse rounds the relation to engagement is measured over. */
const IMPACT_ROUNDS = 12;
/** How far back a score counts as current, and how far back before it the scope's own history goes:
 * three months, three full cycles of the rotation and then some. */
const HISTORY_DAYS = 91;

export type FocusScope = { kind: "team"; teamId: string } | { kind: "org" };

type ImpactRow = { dimension: string; pairs: number; r: number | null };

/**
 * Pearson r, per dimension, between a response's answer on the dimension and its answer on overall
 * engagement, over the organisation's last IMPACT_ROUNDS closed pulse rounds with more respondents
 * than their minimum. Answers are scored as
 * the rollups score them (lib/surveys/scoring.ts): (a - 1) x 2.5, the stress item reversed into
 * wellness; a response with several answers on one dimension counts their mean. The database
 * returns one row per dimension: the count of pairs and corr(), never an answer.
 */
async function impactByDimension(
  tx: Tx,
  orgId: string,
  now: Date,
): Promise<Map<string, { r: number | null; pairs: number }>> {
  const rows = await tx.$queryRaw<ImpactRow[]>(Prisma.sql`
    WITH rounds AS (
      SELECT s."id" FROM "Survey" s
      JOIN "SurveyParticipation" p
        ON p."organizationId" = s."organizationId" AND p."surveyId" = s."id" AND p."teamId" = ${ORG_GROUP}::uuid
      WHERE s."organizationId" = ${orgId}::uuid AND s."kind" = 'pulse' AND s."status" = 'closed'
        AND s."sentAt" IS NOT NULL AND s."sentAt" <= ${now}
        -- Only rounds whose organisation figure every viewer sees (more respondents than the
        -- minimum, so also without the person looking): a hidden round's few answers would
        -- otherwise move r and the pair count between two calls either side of its close.
        AND p."responded" > s."minGroupSize"
      ORDER BY s."sentAt" DESC
      LIMIT ${IMPACT_ROUNDS}
    ),
    scored AS (
      SELECT a."responseId", q."dimension",
        avg(CASE WHEN q."bankKey" = ${STRESS_ITEM_KEY} THEN 10 - (a."value" - 1) * 2.5
                 ELSE (a."value" - 1) * 2.5 END) AS "score"
      FROM "SurveyAnswer" a
      JOIN "SurveyQuestion" q ON q."organizationId" = a."organizationId" AND q."id" = a."questionId"
      WHERE a."organizationId" = ${orgId}::uuid AND q."surveyId" IN (SELECT "id" FROM rounds)
        AND q."type" = 'scale' AND q."dimension" IS NOT NULL AND a."value" BETWEEN 1 AND 5
      GROUP BY a."responseId", q."dimension"
    ),
    -- Each response's engagement beside its other answers, by a window rather than a self-join,
    -- so the cost stays one sort of the recent answers.
    paired AS (
      SELECT "dimension", "score",
        max("score") FILTER (WHERE "dimension" = ${ENGAGEMENT_DIMENSION}) OVER (PARTITION BY "responseId") AS "engagement"
      FROM scored
    )
    SELECT "dimension", count(*)::int AS "pairs", corr("score", "engagement")::float8 AS "r"
    FROM paired
    WHERE "dimension" <> ${ENGAGEMENT_DIMENSION} AND "engagement" IS NOT NULL
    GROUP BY "dimension"
  `);
  return new Map(rows.map((row) => [row.dimension, { r: row.r, pairs: row.pairs }]));
}

type Seen = { round: LoadedRound; cell: GroupCell; org: GroupCell };

const meanOf = (cell: GroupCell, dimension: DimensionKey): { mean: number; n: number } | null => {
  const acc = cell.metrics.get(dimension);
  return acc && acc.n > 0 ? { mean: acc.sum / acc.n, n: acc.n } : null;
};

/** One dimension's figures for the scope from its rounds, oldest first. */
function figuresFor(dimension: DimensionKey, seen: readonly Seen[], now: Date, withOrg: boolean) {
  const current = seen.filter((s) => s.round.sentAt.getTime() > now.getTime() - HISTORY_DAYS * DAY);
  const measured = current.filter((s) => s.cell.metrics.has(dimension) || s.cell.hiddenMetrics.has(dimension));
  const latest = [...current].reverse().find((s) => meanOf(s.cell, dimension) !== null);
  if (!latest) return { score: null, n: null, roundDate: null, hidden: measured.length > 0, own: null, org: null };
  const here = meanOf(latest.cell, dimension)!;
  const from = latest.round.sentAt.getTime() - HISTORY_DAYS * DAY;
  const earlier = seen.filter((s) => s.round.sentAt.getTime() >= from && s.round.sentAt < latest.round.sentAt);
  return {
    score: here.mean,
    n: here.n,
    roundDate: isoDay(latest.round.sentAt),
    hidden: false,
    own: combine(earlier.map((s) => s.cell)).scores.dimensions[dimension],
    org: withOrg ? (meanOf(latest.org, dimension)?.mean ?? null) : null,
  };
}

/**
 * The scope's focus areas, most worth acting on first. A team the caller may not see answers as
 * missing; the organisation needs "analytics.organization".
 */
export async function focusAreas(ctx: AuthContext, scope: FocusScope, now = new Date()): Promise<FocusAreaDto[]> {
  requirePermission(ctx, "analytics.view");
  if (scope.kind === "org") requirePermission(ctx, "analytics.organization");
  const data = await withOrgReport(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    let team: TeamRow | null = null;
    if (scope.kind === "team") {
      team = teams.find((t) => t.id === scope.teamId) ?? null;
      if (!team || !canSeeTeam(ctx, team)) throw notFound("Team");
    }
    const rounds = await loadRounds(tx, ctx, {
      kind: "pulse",
      sentFrom: new Date(now.getTime() - 2 * HISTORY_DAYS * DAY),
      sentTo: new Date(now.getTime() + 1),
      // The organisation's cells depend on the organisation's own counts alone.
      orgOnly: scope.kind === "org",
    });
    const impact = await impactByDimension(tx, ctx.orgId, now);
    const plans = await tx.actionPlan.findMany({
      where: { organizationId: ctx.orgId, teamId: team?.id ?? null, status: { in: ["draft", "published"] } },
      select: { id: true, dimension: true },
      // The newest plan on a dimension is the one to open.
      orderBy: { createdAt: "asc" },
    });
    return { teams, team, rounds, impact, plans };
  });
  const { teams, team, rounds, impact, plans } = data;
  const teamIds = teams.map((t) => t.id);
  const seen: Seen[] = rounds.map((round) => {
    if (!team) {
      const org = evaluateRound(round, []).org;
      return { round, cell: org, org };
    }
    const view = evaluateRound(round, teamIds);
    return { round, cell: view.teams.get(team.id)!, org: view.org };
  });
  const planOf = new Map(plans.map((p) => [p.dimension, p.id]));
  const labels = new Map(DIMENSIONS.map((d) => [d.key, d.label]));
  const inputs: FocusInput[] = CULTURE_DIMENSIONS.map((dimension) => ({
    dimension,
    label: labels.get(dimension)!,
    // The organisation's figure is for those who may see the organisation's results
    // (docs/decisions.md (Roles and permissions)): a manager's team is weighed against its own history.
    ...figuresFor(dimension, seen, now, team !== null && can(ctx, "analytics.organization")),
    impact: impact.get(dimension) ?? { r: null, pairs: 0 },
    planId: planOf.get(dimension) ?? null,
  }));
  return rankFocusAreas(team ? { kind: "team", name: team.name } : { kind: "org" }, inputs);
}
