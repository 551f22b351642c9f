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
    teams: fc.array(
      fc.record({
        responded: fc.integer({ min: 0, max: 15 }),
        skip: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 3, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
    outside: fc.integer({ min: 0, max: 6 }),
    scores: fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 64, maxLength: 64 }),
  })
  .map(({ min, teams, outside, scores }) => {
    let k = 0;
    const sumOf = (n: number) =>
      Array.from({ length: n }, () => scores[k++ % scores.length]!).reduce((s, v) => s + v, 0);
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
    for (const [metric, a] of org)
      rollups.push({ teamId: ORG_GROUP, metric, n: a.n, sum: a.sum, promoters: 0, detractors: 0 });
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

  it("over several rounds, the organisation's figures minus any subset of teams' figures are 0 or at least the minimum", () => {
    // What a manager (their teams), a filter (chosen teams) and an admin (the organisation) can each
    // read over a period: subtracting one from another must never isolate fewer than the minimum.
    const ALL_TEAMS = Array.from({ length: 8 }, (_, i) => `t${i}`);
    fc.assert(
      fc.property(
        fc.array(round, { minLength: 1, maxLength: 5 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (rounds, pick) => {
          const views = rounds.map((r) => evaluateRound(r.input, ALL_TEAMS));
          const min = Math.min(...rounds.map((r) => r.input.minGroupSize));
          const subset = ALL_TEAMS.filter((_, i) => pick[i]);
          const orgAgg = combine(views.map((v) => v.org));
          const subsetCells = views.flatMap((v) => subset.map((id) => v.teams.get(id)!));
          const subAgg = combine(subsetCells);
          for (const metric of METRICS) {
            const orgN = views.reduce((s, v) => s + (v.org.metrics.get(metric)?.n ?? 0), 0);
            const subN = subsetCells.reduce((s, c) => s + (c.metrics.get(metric)?.n ?? 0), 0);
            // A subset on its own: nothing or at least the minimum.
            expect(subN === 0 || subN >= min).toBe(true);
            // Rounds whose organisation total is hidden contribute no team cells either.
            const orgShown = views.filter((v) => v.org.metrics.has(metric));
            const subInShown = orgShown.reduce(
              (s, v) => s + subset.reduce((t, id) => t + (v.teams.get(id)!.metrics.get(metric)?.n ?? 0), 0),
              0,
            );
            expect(subInShown).toBe(subN);
            const rest = orgN - subN;
            expect(rest === 0 || rest >= min, `metric ${metric}: ${orgN} - ${subN}`).toBe(true);
          }
          // The combined aggregates agree with the cells they were made of.
          expect(orgAgg.visibleCells).toBe(views.filter((v) => v.org.reason === null).length);
          if (subAgg.visibleCells === 0) for (const k of DIMENSION_KEYS) expect(subAgg.scores.dimensions[k]).toBeNull();
        },
      ),
      { numRuns: 800 },
    );
  });
});
