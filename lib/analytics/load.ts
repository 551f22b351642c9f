import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { ViewerPlace } from "@/lib/analytics/suppression";
import { ORG_GROUP, type ParticipationRow, type RollupRow, type RoundInput } from "@/lib/analytics/rounds";

// Reads for analytics: closed rounds with their rollup and participation rows (a few hundred rows,
// never the raw answers), where the viewer sat in each round's audience, and the organisation's
// teams. Results are released when a round closes (docs/decisions.md (Anonymity and the minimum group)): open rounds
// have no rollups yet, and analytics never lists them.

type RoundMeta = {
  id: string;
  title: string;
  kind: "pulse" | "custom";
  status: "scheduled" | "active" | "closed";
  sentAt: Date;
  minGroupSize: number;
  questionCount: number;
};
export type LoadedRound = RoundInput & { meta: RoundMeta };

export type RoundFilter = {
  ids?: readonly string[];
  kind?: "pulse" | "custom";
  sentFrom?: Date;
  sentTo?: Date;
  /** Only the organisation's rows: enough for organisation-wide figures, whose visibility
   * depends on the organisation's own counts alone (200 times fewer rows at 200 teams). */
  orgOnly?: boolean;
};

function groupBy<T extends { surveyId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.surveyId);
    if (list) list.push(r);
    else out.set(r.surveyId, [r]);
  }
  return out;
}

/** Where a viewer sat in each of these surveys' audiences (their invitation's attributed team). */
/** The questions a viewer counts in a survey: those asked of everyone and their own team's (an
 * action plan's check-back). Another team's check-back questions stay out of the count, so a
 * number never tells a manager that another team has a check-back. */
export async function askedOfViewer(tx: Tx, ctx: Pick<AuthContext, "orgId" | "userId">) {
  const me = await tx.user.findUnique({ where: orgKey(ctx.orgId, ctx.userId), select: { teamId: true } });
  return { OR: [{ audienceTeamId: null }, ...(me?.teamId ? [{ audienceTeamId: me.teamId }] : [])] };
}

export async function viewerPlaces(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  surveyIds: readonly string[],
): Promise<Map<string, ViewerPlace>> {
  const rows = await tx.surveyInvitation.findMany({
    where: { organizationId: ctx.orgId, userId: ctx.userId, surveyId: { in: [...surveyIds] } },
    select: { surveyId: true, teamId: true },
  });
  return new Map(rows.map((r) => [r.surveyId, { teamId: r.teamId }]));
}

/** Closed rounds matching the filter, oldest first, each with the viewer's place in it. */
export async function loadRounds(
  tx: Tx,
  ctx: Pick<AuthContext, "orgId" | "userId">,
  filter: RoundFilter,
): Promise<LoadedRound[]> {
  const orgId = ctx.orgId;
  const asked = await askedOfViewer(tx, ctx);
  const surveys = await tx.survey.findMany({
    where: {
      organizationId: orgId,
      status: "closed",
      sentAt: {
        not: null,
        ...(filter.sentFrom ? { gte: filter.sentFrom } : {}),
        ...(filter.sentTo ? { lt: filter.sentTo } : {}),
      },
      ...(filter.ids ? { id: { in: [...filter.ids] } } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
    },
    select: {
      id: true,
      title: true,
      kind: true,
      status: true,
      sentAt: true,
      minGroupSize: true,
      _count: { select: { questions: { where: asked } } },
    },
    orderBy: { sentAt: "asc" },
  });
  if (surveys.length === 0) return [];
  const ids = surveys.map((s) => s.id);
  const where = { organizationId: orgId, surveyId: { in: ids }, ...(filter.orgOnly ? { teamId: ORG_GROUP } : {}) };
  // One after the other: both run on the unit of work's single connection anyway.
  const rollups = groupBy<RollupRow & { surveyId: string }>(
    await tx.surveyRollup.findMany({
      where,
      select: { surveyId: true, teamId: true, metric: true, n: true, sum: true, promoters: true, detractors: true },
    }),
  );
  const participation = groupBy<ParticipationRow & { surveyId: string }>(
    await tx.surveyParticipation.findMany({
      where,
      select: { surveyId: true, teamId: true, invited: true, responded: true },
    }),
  );
  const places = await viewerPlaces(tx, ctx, ids);
  return surveys.map((s) => ({
    id: s.id,
    minGroupSize: s.minGroupSize,
    sentAt: s.sentAt!,
    rollups: rollups.get(s.id) ?? [],
    participation: participation.get(s.id) ?? [],
    viewer: places.get(s.id) ?? null,
    meta: {
      id: s.id,
      title: s.title,
      kind: s.kind,
      status: s.status,
      sentAt: s.sentAt!,
      minGroupSize: s.minGroupSize,
      questionCount: s._count.questions,
    },
  }));
}

export type TeamRow = { id: string; name: string; managerId: string | null; memberCount: number };

export async function loadTeams(tx: Tx, orgId: string): Promise<TeamRow[]> {
  const rows = await tx.team.findMany({
    where: { organizationId: orgId },
    select: { id: true, name: true, managerId: true, _count: { select: { members: true } } },
    orderBy: { name: "asc" },
  });
  return rows.map((t) => ({ id: t.id, name: t.name, managerId: t.managerId, memberCount: t._count.members }));
}
