import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import type { ViewerPlace } from "@/lib/analytics/suppression";
import {
  differenceInDifferences,
  distributionOf,
  measureCheckBack,
  type MeasureInput,
  type QuestionRollupRow,
  type RoundRows,
} from "@/lib/plans/effect";

// A plan's check-back results on random organisations built from raw answers: every team's
// 1-5 answers in the baseline round, the check-back survey and a later pulse round, people
// outside any attributed team, and a viewer sitting anywhere (or nowhere) in each round. The
// check-back's score question is the baseline's own item (the stress item, reversed, for
// wellness). Attached to a pulse round (`inRound`) it is asked of everyone, and the comparison
// teams' "after" is their answers to it; sent alone it goes to the plan's team, and their "after"
// comes from the later pulse round.

const TEAMS = ["t0", "t1", "t2", "t3", "t4"] as const;
const TREATED = "t0";
const [BASE_Q, LATER_Q, SCORE_Q, HAPPENED_Q] = ["q-base", "q-later", "q-score", "q-happened"];

// The product's scoring, written out again here: a 1-5 answer scores (a - 1) x 2.5, the stress
// item the other way round.
const score = (a: number, reversed: boolean) => (reversed ? 10 - (a - 1) * 2.5 : (a - 1) * 2.5);
const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const sampleVariance = (xs: readonly number[]) => {
  const m = mean(xs);
  return xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1);
};

type Cells = Record<string, number[]>;
type QuestionSpec = { id: string; metric: string | null; byTeam: Cells; outside: number[]; reversed: boolean };

/** A closed round's rows as the fold writes them, from raw answers. */
function roundRows(
  id: string,
  min: number,
  sentAt: number,
  teams: readonly string[],
  viewer: ViewerPlace,
  respondents: Record<string, number>,
  outsideRespondents: number,
  questions: readonly QuestionSpec[],
): RoundRows {
  const rollups: RoundRows["rollups"][number][] = [];
  const rows: QuestionRollupRow[] = [];
  for (const q of questions) {
    const add = (teamId: string, values: number[]) => {
      const counts = Array<number>(11).fill(0);
      for (const v of values) counts[v]!++;
      rows.push({ teamId, questionId: q.id, n: values.length, counts });
      if (q.metric)
        rollups.push({
          teamId,
          metric: q.metric,
          n: values.length,
          sum: values.reduce((s, v) => s + score(v, q.reversed), 0),
          promoters: 0,
          detractors: 0,
        });
    };
    const all: number[] = [...q.outside];
    for (const t of teams) {
      const values = q.byTeam[t] ?? [];
      all.push(...values);
      if (values.length > 0) add(t, values);
    }
    if (all.length > 0) add(ORG_GROUP, all);
  }
  const participation = [
    { teamId: ORG_GROUP, invited: 0, responded: teams.reduce((s, t) => s + (respondents[t] ?? 0), outsideRespondents) },
    ...teams.map((t) => ({ teamId: t, invited: 0, responded: respondents[t] ?? 0 })),
  ];
  return { id, minGroupSize: min, sentAt: new Date(sentAt), rollups, participation, viewer, questions: rows };
}

const answers = (max: number) => fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: max });
const perTeam = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: TEAMS.length, maxLength: TEAMS.length });
const viewerArb = fc.constantFrom<ViewerPlace>(null, { teamId: null }, ...TEAMS.map((teamId) => ({ teamId })));

const orgArb = fc.record({
  min: fc.integer({ min: 3, max: 5 }),
  dimension: fc.constantFrom("feedback", "wellness"),
  teamCount: fc.integer({ min: 1, max: TEAMS.length }),
  orgScope: fc.boolean(),
  inRound: fc.boolean(),
  base: perTeam(answers(9)),
  later: perTeam(answers(9)),
  checkBack: perTeam(answers(9)),
  happened: perTeam(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 9 })),
  outside: fc.array(answers(3), { minLength: 3, maxLength: 3 }),
  candidates: perTeam(fc.boolean()),
  viewers: fc.array(viewerArb, { minLength: 3, maxLength: 3 }),
});
type Org = typeof orgArb extends fc.Arbitrary<infer T> ? T : never;

const cells = (teams: readonly string[], lists: readonly number[][]): Cells =>
  Object.fromEntries(teams.map((t, i) => [t, lists[i]!]));

function inputOf(o: Org): MeasureInput {
  const teams = TEAMS.slice(0, o.teamCount);
  const group = o.orgScope ? null : TREATED;
  const reversed = o.dimension === "wellness";
  const respondentsOf = (...lists: Cells[]) =>
    Object.fromEntries(teams.map((t) => [t, Math.max(...lists.map((l) => l[t]?.length ?? 0))]));
  const base = cells(teams, o.base);
  const later = cells(teams, o.later);
  // "Did this action happen?" is asked of the plan's team only (an organisation plan's of
  // everyone); so is the score question of a check-back sent alone, but in a pulse round everyone
  // answers it.
  const asked = (t: string) => group === null || t === group;
  const scoreAsked = (t: string) => o.inRound || asked(t);
  const scoreOutside = group === null || o.inRound;
  const cbScore = cells(
    teams,
    o.checkBack.map((l, i) => (scoreAsked(teams[i] ?? "") ? l : [])),
  );
  const cbHappened = cells(
    teams,
    o.happened.map((l, i) => (asked(teams[i] ?? "") ? l : [])),
  );
  const cbRespondents = respondentsOf(cbScore, cbHappened);
  return {
    dimension: o.dimension,
    teamId: group,
    teamIds: teams,
    comparisonCandidates: teams.filter((t, i) => t !== TREATED && o.candidates[i]),
    // An admin's view: every team in sight (the rule on teams out of sight has its own property).
    seenTeamIds: new Set(teams),
    baseline: {
      round: roundRows("base", o.min, 1000, teams, o.viewers[0]!, respondentsOf(base), o.outside[0]!.length, [
        { id: BASE_Q, metric: o.dimension, byTeam: base, outside: o.outside[0]!, reversed },
      ]),
      questions: [{ id: BASE_Q, reversed }],
    },
    checkBack: {
      round: roundRows(
        "cb",
        o.min,
        3000,
        teams,
        o.viewers[1]!,
        cbRespondents,
        scoreOutside ? o.outside[1]!.length : 0,
        [
          {
            id: SCORE_Q,
            metric: null,
            byTeam: cbScore,
            outside: scoreOutside ? o.outside[1]! : [],
            reversed,
          },
          { id: HAPPENED_Q, metric: null, byTeam: cbHappened, outside: [], reversed: false },
        ],
      ),
      score: { id: SCORE_Q, reversed },
      happenedQuestionId: HAPPENED_Q,
    },
    comparisonAfter: o.inRound
      ? "check-back"
      : {
          round: roundRows("later", o.min, 2000, teams, o.viewers[2]!, respondentsOf(later), o.outside[2]!.length, [
            { id: LATER_Q, metric: o.dimension, byTeam: later, outside: o.outside[2]!, reversed },
          ]),
          questions: [{ id: LATER_Q, reversed }],
        },
  };
}

/** Answers of the plan's group in a round: its team's, or everyone's for an organisation plan. */
const groupCount = (o: Org, lists: readonly number[][], outside: readonly number[]) =>
  o.orgScope ? lists.slice(0, o.teamCount).reduce((s, l) => s + l.length, outside.length) : lists[0]!.length;
/** The viewer sits in the plan's group in that round: attributed to the team, or (organisation)
 * invited at all. */
const viewerIn = (o: Org, viewer: ViewerPlace) => (o.orgScope ? viewer !== null : viewer?.teamId === TREATED);
const needed = (o: Org, viewer: ViewerPlace) => o.min + (viewerIn(o, viewer) ? 1 : 0);

describe("check-back results: the minimum group and the viewer", () => {
  it("never shows the effect or the happened split for a group below the minimum, or below it without the viewer", () => {
    let effects = 0;
    let happenedShown = 0;
    fc.assert(
      fc.property(orgArb, (o) => {
        const r = measureCheckBack(inputOf(o));
        const [vBase, vCb] = [o.viewers[0]!, o.viewers[1]!];
        const checkBackOuts = o.orgScope ? o.outside[1]! : [];
        if (r.effect) {
          effects++;
          expect(groupCount(o, o.base, o.outside[0]!)).toBeGreaterThanOrEqual(needed(o, vBase));
          expect(groupCount(o, o.checkBack, checkBackOuts)).toBeGreaterThanOrEqual(needed(o, vCb));
          expect(r.effect.n.before).toBe(groupCount(o, o.base, o.outside[0]!));
          expect(r.effect.n.after).toBe(groupCount(o, o.checkBack, checkBackOuts));
          if (o.orgScope) expect(r.effect.estimate).toBeNull();
        }
        if (r.happened) {
          happenedShown++;
          expect(r.happened.n).toBe(groupCount(o, o.happened, []));
          expect(r.happened.n).toBeGreaterThanOrEqual(needed(o, vCb));
        }
      }),
      { numRuns: 3000 },
    );
    // The property above holds vacuously if nothing ever shows.
    expect(effects).toBeGreaterThan(100);
    expect(happenedShown).toBeGreaterThan(100);
  });

  it("a comparison team below the minimum (or below it without the viewer) in either round changes nothing", () => {
    fc.assert(
      fc.property(
        orgArb.filter((o) => !o.orgScope),
        perTeam(answers(9)),
        perTeam(answers(9)),
        perTeam(answers(9)),
        (o, baseNoise, laterNoise, cbNoise) => {
          // Same group sizes, other answers, for every team cell that is too small to show.
          const small = (list: number[], viewer: ViewerPlace, t: string) =>
            list.length < o.min + (viewer?.teamId === t ? 1 : 0);
          const swap = (lists: number[][], noise: number[][], viewer: ViewerPlace) =>
            lists.map((l, i) =>
              small(l, viewer, TEAMS[i]!)
                ? l.map((_, j) => noise[i]![j % Math.max(1, noise[i]!.length)] ?? (l[j]! % 5) + 1)
                : l,
            );
          const other: Org = {
            ...o,
            base: swap(o.base, baseNoise, o.viewers[0]!),
            later: swap(o.later, laterNoise, o.viewers[2]!),
            checkBack: swap(o.checkBack, cbNoise, o.viewers[1]!),
            // The values of people outside any team never count for a team's plan.
            outside: o.outside.map((l) => l.map((a) => 6 - a)),
          };
          expect(measureCheckBack(inputOf(other))).toEqual(measureCheckBack(inputOf(o)));
        },
      ),
      { numRuns: 1500 },
    );
  });

  it("an organisation plan never has a comparison group", () => {
    fc.assert(
      fc.property(
        orgArb.map((o) => ({ ...o, orgScope: true })),
        (o) => {
          const r = measureCheckBack(inputOf(o));
          if (r.effect) {
            expect(r.effect.comparisonChange).toBeNull();
            expect(r.effect.interval).toBeNull();
            expect(r.effect.comparisonTeams).toBe(0);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});

// Every group large enough to show, so every candidate compares: the figures must then be those
// of the raw answers.
const bigCell = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 6, maxLength: 40 });
const visibleOrgArb = fc.record({
  min: fc.integer({ min: 3, max: 5 }),
  dimension: fc.constantFrom("feedback", "wellness"),
  teamCount: fc.integer({ min: 2, max: TEAMS.length }),
  orgScope: fc.constant(false),
  inRound: fc.boolean(),
  base: perTeam(bigCell),
  later: perTeam(bigCell),
  checkBack: perTeam(bigCell),
  happened: perTeam(fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 6, maxLength: 12 })),
  outside: fc.constant([[], [], []] as number[][]),
  candidates: fc.constant(TEAMS.map(() => true)),
  viewers: fc.array(viewerArb, { minLength: 3, maxLength: 3 }),
});

describe("check-back results: difference-in-differences", () => {
  it("matches an independent calculation on the raw answers", () => {
    fc.assert(
      fc.property(visibleOrgArb, (o) => {
        const reversed = o.dimension === "wellness";
        const teams = TEAMS.slice(0, o.teamCount);
        const scored = (xs: readonly number[]) => xs.map((a) => score(a, reversed));
        const tb = scored(o.base[0]!);
        const ta = scored(o.checkBack[0]!);
        // Each comparison team's own before and after (after: the check-back's question in its
        // round, or the later pulse round when it went alone); their changes weigh the same.
        const comparison = teams.slice(1).map((_, i) => ({
          b: scored(o.base[i + 1]!),
          a: scored((o.inRound ? o.checkBack : o.later)[i + 1]!),
        }));
        const k = comparison.length;
        const change = mean(ta) - mean(tb);
        const comparisonChange = comparison.reduce((sum, t) => sum + mean(t.a) - mean(t.b), 0) / k;
        const estimate = change - comparisonChange;
        const vm = (xs: readonly number[]) => sampleVariance(xs) / xs.length;
        const se = Math.sqrt(vm(ta) + vm(tb) + comparison.reduce((sum, t) => sum + vm(t.a) + vm(t.b), 0) / k ** 2);

        const r = measureCheckBack(inputOf(o)).effect;
        expect(r).not.toBeNull();
        // Shown with one decimal.
        const close = (shown: number | null | undefined, exact: number) =>
          expect(Math.abs((shown ?? NaN) - exact)).toBeLessThanOrEqual(0.05 + 1e-9);
        close(r!.baseline, mean(tb));
        close(r!.after, mean(ta));
        close(r!.change, change);
        close(r!.comparisonChange, comparisonChange);
        close(r!.estimate, estimate);
        close(r!.interval?.[0], estimate - 1.96 * se);
        close(r!.interval?.[1], estimate + 1.96 * se);
        expect(r!.comparisonTeams).toBe(teams.length - 1);
        expect(r!.n).toEqual({ before: tb.length, after: ta.length });
      }),
      { numRuns: 1000 },
    );
  });

  it("shows no comparison when exactly one comparison team is out of the viewer's sight, and the same one otherwise", () => {
    fc.assert(
      fc.property(visibleOrgArb, fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }), (o, hidden) => {
        const teams = TEAMS.slice(0, o.teamCount);
        const comparisonTeams: string[] = teams.filter((t) => t !== TREATED);
        const unseen = comparisonTeams.filter((_, i) => hidden[i]);
        const all = measureCheckBack(inputOf(o)).effect;
        const r = measureCheckBack({
          ...inputOf(o),
          seenTeamIds: new Set(teams.filter((t) => !unseen.includes(t))),
        }).effect;
        expect(all?.comparisonChange).not.toBeNull();
        if (unseen.length === 1) {
          // That team's change would be the comparison itself (or follow from the teams in sight).
          expect(r).toEqual({ ...all, comparisonChange: null, estimate: null, interval: null, comparisonTeams: 0 });
        } else expect(r).toEqual(all);
      }),
      { numRuns: 500 },
    );
  });

  it("the unrounded estimate and standard error from counts equal those of the raw lists", () => {
    const scores = fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 2, maxLength: 60 });
    fc.assert(
      fc.property(
        scores,
        scores,
        fc.array(fc.tuple(scores, scores), { minLength: 1, maxLength: 4 }),
        (tb, ta, comparisonTeams) => {
          const dist = (xs: number[]) => {
            const counts = Array<number>(11).fill(0);
            for (const a of xs) counts[a]!++;
            return distributionOf(counts, (v) => score(v, false));
          };
          const raw = differenceInDifferences(
            { before: dist(tb), after: dist(ta) },
            comparisonTeams.map(([before, after]) => ({ before: dist(before), after: dist(after) })),
          );
          const s = (xs: number[]) => xs.map((a) => score(a, false));
          const [b, a] = [s(tb), s(ta)];
          const k = comparisonTeams.length;
          const vm = (xs: number[]) => sampleVariance(xs) / xs.length;
          const comparisonChange =
            comparisonTeams.reduce((sum, [before, after]) => sum + mean(s(after)) - mean(s(before)), 0) / k;
          const estimate = mean(a) - mean(b) - comparisonChange;
          const se = Math.sqrt(
            vm(a) +
              vm(b) +
              comparisonTeams.reduce((sum, [before, after]) => sum + vm(s(after)) + vm(s(before)), 0) / k ** 2,
          );
          expect(raw.estimate).toBeCloseTo(estimate, 9);
          expect(raw.se).toBeCloseTo(se, 9);
          expect(raw.interval![0]).toBeCloseTo(estimate - 1.96 * se, 9);
          expect(raw.interval![1]).toBeCloseTo(estimate + 1.96 * se, 9);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("a comparison team answering more in one round than the other does not move the comparison", () => {
    // Two comparison teams: one falls by 1 point while answering 2 then 10 times, the other rises by
    // 1 while answering 10 then 2 times. Their changes average 0; pooled over respondents the
    // comparison would seem to fall by 1.7 points only because who answered shifted.
    const at = (value: number, n: number) => {
      const counts = Array<number>(11).fill(0);
      counts[value] = n;
      return distributionOf(counts, (v) => score(v, false));
    };
    const noisy = (value: number, n: number) => {
      const counts = Array<number>(11).fill(0);
      counts[value] = n - 1;
      counts[value + 1] = 1;
      return distributionOf(counts, (v) => score(v, false));
    };
    const raw = differenceInDifferences({ before: noisy(2, 5), after: noisy(3, 5) }, [
      { before: noisy(2, 2), after: noisy(2, 10) },
      { before: noisy(3, 10), after: noisy(3, 2) },
    ]);
    expect(raw.comparisonChange).toBeCloseTo(0, 12);
    expect(raw.estimate).toBeCloseTo(at(3, 1).mean - at(2, 1).mean, 12);
  });

  it("the happened split is each answer's whole percentage", () => {
    fc.assert(
      fc.property(visibleOrgArb, (o) => {
        const h = measureCheckBack(inputOf(o)).happened;
        const list = o.happened[0]!;
        expect(h).toEqual({
          n: list.length,
          yes: Math.round((list.filter((x) => x === 0).length / list.length) * 100),
          partly: Math.round((list.filter((x) => x === 1).length / list.length) * 100),
          no: Math.round((list.filter((x) => x === 2).length / list.length) * 100),
        });
      }),
      { numRuns: 300 },
    );
  });
});
