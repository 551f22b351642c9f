// What one round may show, group by group and metric by metric, and how visible cells add up
// over a period. Pure: the loaders hand in rollup and participation rows.
//
// Every decision is made per round over the whole organisation (all teams, whatever the viewer
// may see) and for the viewer's own place in the round's audience (suppression.ts, rule 3), and a period's figures are sums of
// cells that were each safe on their own: the organisation's period total minus the visible teams
// is a sum of per-round remainders, each 0 or at least the minimum group.
import { decideVisibility, type SuppressionReason, type ViewerPlace } from "@/lib/analytics/suppression";
import { ORG_TEAM_ID } from "@/lib/surveys/send";
import { addAcc, scoresFrom, type MetricAcc, type MetricAccs, type Scores } from "@/lib/analytics/scores";

// The whole organisation's row in rollups and participation: the sender's constant.
export const ORG_GROUP = ORG_TEAM_ID;

export type RollupRow = { teamId: string; metric: string } & MetricAcc;
export type ParticipationRow = { teamId: string; invited: number; responded: number };
/** viewer: where the person looking sat in the round's audience (suppression.ts, rule 3). */
export type RoundInput = {
  id: string;
  minGroupSize: number;
  sentAt: Date;
  rollups: readonly RollupRow[];
  participation: readonly ParticipationRow[];
  viewer?: ViewerPlace;
};

/** One group (a team or the organisation) in one round: only what may be shown. */
export type GroupCell = {
  reason: SuppressionReason | null;
  invited: number;
  responded: number;
  /** Visible metrics only. */
  metrics: MetricAccs;
  /** Metrics the round measured that this group may not show, and why. */
  hiddenMetrics: Map<string, SuppressionReason>;
};

export type RoundView = { id: string; sentAt: Date; org: GroupCell; teams: Map<string, GroupCell> };

function hidden(reason: SuppressionReason, metrics: Iterable<string>): GroupCell {
  return {
    reason,
    invited: 0,
    responded: 0,
    metrics: new Map(),
    hiddenMetrics: new Map([...metrics].map((m) => [m, reason])),
  };
}

/** teamIds: every team of the organisation, so teams without rows count as 0 respondents. */
export function evaluateRound(round: RoundInput, teamIds: readonly string[]): RoundView {
  const min = round.minGroupSize;
  const part = new Map(round.participation.map((p) => [p.teamId, p]));
  const byTeam = new Map<string, Map<string, MetricAcc>>();
  for (const r of round.rollups) {
    const m = byTeam.get(r.teamId) ?? new Map<string, MetricAcc>();
    m.set(r.metric, { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors });
    byTeam.set(r.teamId, m);
  }
  const orgMetrics = byTeam.get(ORG_GROUP) ?? new Map<string, MetricAcc>();
  const measured = [...orgMetrics.keys()].filter((m) => (orgMetrics.get(m)?.n ?? 0) > 0);

  const viewer = round.viewer ?? null;
  const groupDecision = decideVisibility({
    min,
    viewer,
    total: part.get(ORG_GROUP)?.responded ?? 0,
    groups: teamIds.map((id) => ({ id, n: part.get(id)?.responded ?? 0 })),
  });

  // Per metric, among the groups still visible: optional questions can leave a metric with fewer
  // answers than respondents, so the same rule runs again on the metric's own counts.
  const metricDecisions = new Map(
    measured.map((metric) => [
      metric,
      decideVisibility({
        min,
        viewer,
        total: orgMetrics.get(metric)!.n,
        groups: teamIds.map((id) => ({
          id,
          n: byTeam.get(id)?.get(metric)?.n ?? 0,
          forced: groupDecision.suppressed.get(id),
        })),
      }),
    ]),
  );

  const cell = (
    id: string,
    reason: SuppressionReason | null,
    accs: Map<string, MetricAcc> | undefined,
    visibleMetric: (metric: string) => SuppressionReason | null,
  ): GroupCell => {
    if (reason) return hidden(reason, measured);
    const out: GroupCell = {
      reason: null,
      invited: part.get(id)?.invited ?? 0,
      responded: part.get(id)?.responded ?? 0,
      metrics: new Map(),
      hiddenMetrics: new Map(),
    };
    for (const metric of measured) {
      const why = visibleMetric(metric);
      if (why) out.hiddenMetrics.set(metric, why);
      else addAcc(out.metrics, metric, accs?.get(metric) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 });
    }
    return out;
  };

  const org = cell(ORG_GROUP, groupDecision.totalVisible ? null : "below-minimum", orgMetrics, (m) =>
    metricDecisions.get(m)!.totalVisible ? null : "below-minimum",
  );
  const teams = new Map(
    teamIds.map((id) => [
      id,
      cell(
        id,
        groupDecision.suppressed.get(id) ?? null,
        byTeam.get(id),
        (m) => metricDecisions.get(m)!.suppressed.get(id) ?? null,
      ),
    ]),
  );
  return { id: round.id, sentAt: round.sentAt, org, teams };
}

/** Visible cells of several groups or rounds, added up. */
export type Aggregate = {
  scores: Scores;
  invited: number;
  responded: number;
  /** responded / invited, whole percent; null when nothing visible was sent. */
  participation: number | null;
  /** Why nothing is shown, when every cell was hidden; null when something is visible or there
   * was nothing to show at all. */
  reason: SuppressionReason | null;
  /** Per metric: why it is hidden when no cell of it is visible. */
  hiddenMetrics: Map<string, SuppressionReason>;
  /** How many cells contributed (0: no data or all hidden). */
  visibleCells: number;
};

const worst = (reasons: Iterable<SuppressionReason>): SuppressionReason | null => {
  let out: SuppressionReason | null = null;
  for (const r of reasons) if (r === "below-minimum" || out === null) out = r;
  return out;
};

export function combine(cells: readonly GroupCell[]): Aggregate {
  const metrics: MetricAccs = new Map();
  const hiddenReasons = new Map<string, SuppressionReason[]>();
  let invited = 0;
  let responded = 0;
  let visibleCells = 0;
  for (const c of cells) {
    for (const [m, why] of c.hiddenMetrics) hiddenReasons.set(m, [...(hiddenReasons.get(m) ?? []), why]);
    if (c.reason) continue;
    visibleCells++;
    invited += c.invited;
    responded += c.responded;
    for (const [m, a] of c.metrics) addAcc(metrics, m, a);
  }
  const hiddenMetrics = new Map<string, SuppressionReason>();
  for (const [m, reasons] of hiddenReasons) if (!metrics.has(m)) hiddenMetrics.set(m, worst(reasons)!);
  return {
    scores: scoresFrom(metrics),
    invited,
    responded,
    participation: invited > 0 ? Math.round((responded / invited) * 100) : null,
    reason:
      visibleCells > 0 ? null : worst(cells.map((c) => c.reason).filter((r): r is SuppressionReason => r !== null)),
    hiddenMetrics,
    visibleCells,
  };
}
