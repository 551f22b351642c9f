import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ORG_GROUP, combine, evaluateRound, type RollupRow, type RoundInput } from "@/lib/analytics/rounds";
import { DIMENSION_KEYS } from "@/lib/surveys/dimensions";

// The whole pipeline on random rounds: rollups per team and metric, optional questions (a metric
// answered by fewer people than responded), people outside any attributed team, and viewers
// that see every team (admin) or any subset (managers, filters).

const METRICS = ["overall", "recognition", "enps"] as const;

const round = fc
  .record({
    min: fc.integer({ min: 3, max: 8 }),
    teams: fc.array(fc.record({ responded: fc.integer({ min: 0, max: 15 }), skip: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }) }), { minLength: 1, maxLength: 8 }),
    outside: fc.integer({ min: 0, max: 6 }),
    scores: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 64, maxLength: 64 }),
  })
  .map(({ min, teams, outside, scores }) => {
    let k = 0;
    const sumOf = (n: number) => Array.from({ length: n }, () => scores[k++ % scores.length]!).reduce((s, v) => s + v, 0);
    const rollups: RollupRow[] = [];
    const org = new Map<string, { n: number; sum: number }>();
    const add = (teamId: string, metric: string, n: number) => {
      const sum = sumOf(n);
      if (teamId !== ORG_GROUP) rollups.push({ teamId, metric, n, sum, promoters: 0, detractors: 0 });
      const o = org.get(metric) ?? { n: 0, sum: 0 };
      org.set(metric, { n: o.n + n, sum: o.sum + sum });
    };
    teams.forEach((t, i) => METRICS.forEach((m, j) => add(`t${i}`, m, Math.max(0, t.responded - t.skip[j]!))));
    METRICS.forEach((m) => add(ORG_GROUP, m, outside));
    for (const [metric, a] of org) rollups.push({ teamId: ORG_GROUP, metric, n: a.n, sum: a.sum, promoters: 0, detractors: 0 });
    const participation = [
      { teamId: ORG_GROUP, invited: 100, responded: teams.reduce((s, t) => s + t.responded, outside) },
      ...teams.map((t, i) => ({ teamId: `t${i}`, invited: 20, responded: t.responded })),
    ];
    const input: RoundInput = { id: "r", minGroupSize: min, sentAt: new Date(0), rollups, participation };
    return { input, teamIds: teams.map((_, i) => `t${i}`), org };
  });

describe("round suppression properties", () => {
  it("every visible cell has at least the minimum answers; per metric the organisation minus the visible teams is 0 or at least the minimum", () => {
    fc.assert(
      fc.property(round, ({ input, teamIds, org }) => {
        const view = evaluateRound(input, teamIds);
        const min = input.minGroupSize;
        for (const metric of METRICS) {
          const total = org.get(metric)!;
          const orgCell = view.org.metrics.get(metric);
          if (orgCell) expect(orgCell.n).toBeGreaterThanOrEqual(min);
          const visible = teamIds.map((id) => view.teams.get(id)!.metrics.get(metric)).filter((a) => a !== undefined);
          for (const a of visible) expect(a.n).toBeGreaterThanOrEqual(min);
          if (orgCell) {
            const rest = total.n - visible.reduce((s, a) => s + a.n, 0);
            expect(rest === 0 || rest >= min).toBe(true);
          } else {
            // No total published: teams' cells alone add up to nothing hidden.
            expect(visible.length).toBe(0);
          }
        }
        for (const id of teamIds) {
          const c = view.teams.get(id)!;
          if (c.reason === null) expect(c.responded).toBeGreaterThanOrEqual(min);
          else expect(c.metrics.size).toBe(0);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("a manager's or a filter's subset of teams shows the same cells as the admin's view", () => {
    fc.assert(
      fc.property(round, fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }), ({ input, teamIds }, pick) => {
        const full = evaluateRound(input, teamIds);
        const subset = teamIds.filter((_, i) => pick[i]);
        // Decisions always run over every team; the subset is only what is read afterwards.
        const again = evaluateRound(input, teamIds);
        for (const id of subset) expect(again.teams.get(id)).toEqual(full.teams.get(id));
        // Adding up a subset's visible cells only ever adds safe cells.
        const agg = combine(subset.map((id) => full.teams.get(id)!));
        for (const k of DIMENSION_KEYS) if (agg.scores.dimensions[k] !== null) expect(agg.visibleCells).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
