import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { ORG_GROUP, type ParticipationRow, type RollupRow, type RoundInput } from "@/lib/analytics/rounds";

// Reads for analytics: rounds with their rollup and participation rows (a few hundred rows, never
// the raw answers), and the organisation's teams.

export type RoundMeta = { id: string; title: string; kind: "pulse" | "custom"; status: "scheduled" | "active" | "closed"; sentAt: Date; minGroupSize: number; questionCount: number };
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

/** Sent rounds (active or closed) matching the filter, oldest first. */
export async function loadRounds(tx: Tx, orgId: string, filter: RoundFilter): Promise<LoadedRound[]> {
  const surveys = await tx.survey.findMany({
    where: {
      organizationId: orgId,
      status: { in: ["active", "closed"] },
      sentAt: { not: null, ...(filter.sentFrom ? { gte: filter.sentFrom } : {}), ...(filter.sentTo ? { lt: filter.sentTo } : {}) },
      ...(filter.ids ? { id: { in: [...filter.ids] } } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
    },
    select: { id: true, title: true, kind: true, status: true, sentAt: true, minGroupSize: true, _count: { select: { questions: true } } },
    orderBy: { sentAt: "asc" },
  });
  if (surveys.length === 0) return [];
  const ids = surveys.map((s) => s.id);
  const where = { organizationId: orgId, surveyId: { in: ids }, ...(filter.orgOnly ? { teamId: ORG_GROUP } : {}) };
  // One after the other: both run on the unit of work's single connection anyway.
  const rollups = groupBy<RollupRow & { surveyId: string }>(
    await tx.surveyRollup.findMany({ where, select: { surveyId: true, teamId: true, metric: true, n: true, sum: true, promoters: true, detractors: true } }),
  );
  const participation = groupBy<ParticipationRow & { surveyId: string }>(
    await tx.surveyParticipation.findMany({ where, select: { surveyId: true, teamId: true, invited: true, responded: true } }),
  );
  return surveys.map((s) => ({
    id: s.id,
    minGroupSize: s.minGroupSize,
    sentAt: s.sentAt!,
    rollups: rollups.get(s.id) ?? [],
    participation: participation.get(s.id) ?? [],
    meta: { id: s.id, title: s.title, kind: s.kind, status: s.status, sentAt: s.sentAt!, minGroupSize: s.minGroupSize, questionCount: s._count.questions },
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
