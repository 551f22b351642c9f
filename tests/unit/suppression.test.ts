import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { commentMinimum, decideVisibility } from "@/lib/analytics/suppression";

describe("decideVisibility", () => {
  it("hides groups below the minimum", () => {
    const v = decideVisibility({
      min: 3,
      total: 12,
      groups: [
        { id: "a", n: 2 },
        { id: "b", n: 5 },
        { id: "c", n: 5 },
      ],
    });
    expect(v.suppressed.get("a")).toBe("below-minimum");
    // 2 left over would give team a away: the smallest visible team goes too.
    expect(v.suppressed.get("b")).toBe("complementary");
    expect(v.suppressed.has("c")).toBe(false);
    expect(v.remainder).toBe(7);
  });

  it("protects people outside any attributed team the same way", () => {
    const v = decideVisibility({
      min: 3,
      total: 11,
      groups: [
        { id: "a", n: 5 },
        { id: "b", n: 5 },
      ],
    });
    expect(v.suppressed.size).toBe(1);
    expect(v.remainder).toBe(6);
  });

  it("shows everything when the remainder is 0 or large enough", () => {
    expect(
      decideVisibility({
        min: 3,
        total: 10,
        groups: [
          { id: "a", n: 5 },
          { id: "b", n: 5 },
        ],
      }).suppressed.size,
    ).toBe(0);
    expect(
      decideVisibility({
        min: 3,
        total: 13,
        groups: [
          { id: "a", n: 5 },
          { id: "b", n: 5 },
        ],
      }).suppressed.size,
    ).toBe(0);
  });

  it("hides the total and every group when the total is below the minimum", () => {
    const v = decideVisibility({ min: 5, total: 4, groups: [{ id: "a", n: 4 }] });
    expect(v.totalVisible).toBe(false);
    expect(v.suppressed.get("a")).toBe("below-minimum");
  });

  it("keeps a forced group hidden", () => {
    expect(
      decideVisibility({
        min: 3,
        total: 20,
        groups: [
          { id: "a", n: 10, forced: "complementary" },
          { id: "b", n: 10 },
        ],
      }).suppressed.get("a"),
    ).toBe("complementary");
  });

  it("needs at least 5 respondents for comments", () => {
    expect(commentMinimum(3)).toBe(5);
    expect(commentMinimum(7)).toBe(7);
  });
});

// A random organisation: teams with members and respondents, people answering outside any
// attributed team, a minimum group of 3 to 10, and for each respondent a 0-10 score.
const organisation = fc
  .record({
    min: fc.integer({ min: 3, max: 10 }),
    teams: fc.array(
      fc.record({ members: fc.integer({ min: 0, max: 40 }), rate: fc.double({ min: 0, max: 1, noNaN: true }) }),
      { maxLength: 12 },
    ),
    unattributed: fc.integer({ min: 0, max: 12 }),
    seed: fc.integer(),
  })
  .map(({ min, teams, unattributed, seed }) => {
    let x = seed;
    const score = () => ((x = (x * 1103515245 + 12345) & 0x7fffffff), x % 11);
    const groups = teams.map((t, i) => {
      const n = Math.floor(t.members * t.rate);
      return { id: `t${i}`, n, sum: Array.from({ length: n }, score).reduce((s, v) => s + v, 0) };
    });
    const outside = { n: unattributed, sum: Array.from({ length: unattributed }, score).reduce((s, v) => s + v, 0) };
    return {
      min,
      groups,
      outside,
      total: { n: groups.reduce((s, g) => s + g.n, outside.n), sum: groups.reduce((s, g) => s + g.sum, outside.sum) },
    };
  });

// The rule restated from the inputs alone (no viewer; rule 3 is tests/unit/suppression-viewer.test.ts):
// which groups the primary rule hides, what is left over once they are hidden, and which group the
// secondary rule must hide on top. The properties compare decideVisibility against this.
function expectedDecision(o: { min: number; total: { n: number }; groups: readonly { id: string; n: number }[] }) {
  const below = o.groups.filter((g) => g.n < o.min);
  const shown = o.groups.filter((g) => g.n >= o.min);
  const leftOver = o.total.n - shown.reduce((s, g) => s + g.n, 0);
  return { totalVisible: o.total.n >= o.min, below, shown, leftOver };
}

describe("suppression properties", () => {
  it("never shows a group below the minimum, and the remainder is 0 or at least the minimum", () => {
    let totalsHidden = 0;
    let remaindersFixed = 0;
    fc.assert(
      fc.property(organisation, (o) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        const want = expectedDecision(o);
        expect(v.totalVisible).toBe(want.totalVisible);
        // Every group below the minimum is hidden for that reason.
        for (const g of want.below) expect(v.suppressed.get(g.id)).toBe("below-minimum");
        const visible = o.groups.filter((g) => !v.suppressed.has(g.id));
        for (const g of visible) expect(g.n).toBeGreaterThanOrEqual(o.min);
        if (!want.totalVisible) {
          totalsHidden++;
          expect(visible).toEqual([]);
          return;
        }
        // The remainder is what subtraction gives: the total minus every visible group.
        const rest = o.total.n - visible.reduce((s, g) => s + g.n, 0);
        expect(v.remainder).toBe(rest);
        expect(rest === 0 || rest >= o.min, `remainder ${rest} with minimum ${o.min}`).toBe(true);
        if (want.leftOver > 0 && want.leftOver < o.min) remaindersFixed++;
      }),
      { numRuns: 2000 },
    );
    // Both the hidden-total case and the secondary rule were exercised, not only easy inputs.
    expect(totalsHidden).toBeGreaterThan(0);
    expect(remaindersFixed).toBeGreaterThan(0);
  });

  it("no hidden group's count or sum can be worked out from the total and the visible groups", () => {
    let checked = 0;
    fc.assert(
      fc.property(organisation, (o) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        if (!v.totalVisible) return; // nothing published at all
        const visible = o.groups.filter((g) => !v.suppressed.has(g.id));
        const hidden = o.groups.filter((g) => v.suppressed.has(g.id) && g.n > 0);
        // What an observer can derive: total minus visible groups, in count and sum. It is exactly
        // the people outside any team plus the hidden groups.
        const rest = {
          n: o.total.n - visible.reduce((s, g) => s + g.n, 0),
          sum: o.total.sum - visible.reduce((s, g) => s + g.sum, 0),
        };
        expect(rest).toEqual({
          n: o.outside.n + hidden.reduce((s, g) => s + g.n, 0),
          sum: o.outside.sum + hidden.reduce((s, g) => s + g.sum, 0),
        });
        // A hidden group would be given away if it were the whole remainder (its count and sum would
        // be the remainder's): every hidden group with respondents shares it with other people.
        for (const g of hidden) {
          checked++;
          expect(rest.n, `hidden group ${g.id} (n=${g.n}) is the whole remainder`).toBeGreaterThan(g.n);
        }
        // Whatever it is made of, the remainder never describes fewer than the minimum people.
        expect(rest.n === 0 || rest.n >= o.min).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(checked).toBeGreaterThan(0);
  });

  it("hides as little as possible: at most one group beyond the primary rule, the smallest shown one", () => {
    let complementary = 0;
    fc.assert(
      fc.property(organisation, (o) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        const want = expectedDecision(o);
        const extra = o.groups.filter((g) => v.suppressed.has(g.id) && g.n >= o.min);
        for (const g of extra) expect(v.suppressed.get(g.id)).toBe("complementary");
        if (!want.totalVisible || want.leftOver === 0 || want.leftOver >= o.min || want.shown.length === 0) {
          // The primary rule alone leaves a safe remainder (or the total is hidden): nothing more goes.
          expect(extra).toEqual([]);
          return;
        }
        // Any group that is shown has at least the minimum, so hiding one is always enough; the
        // smallest one hides the fewest people.
        complementary++;
        expect(extra).toHaveLength(1);
        expect(extra[0]!.n).toBe(Math.min(...want.shown.map((g) => g.n)));
      }),
      { numRuns: 2000 },
    );
    expect(complementary).toBeGreaterThan(0);
  });

  it("filters only ever show a subset of the organisation-wide visible groups (no new totals)", () => {
    fc.assert(
      fc.property(
        organisation,
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        fc.integer(),
        (o, pick, seed) => {
          const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
          // A filtered view is decided over the whole organisation, then narrowed: the same groups
          // stay hidden whatever the filter, so combining filters reveals nothing more.
          const filtered = o.groups.filter((g, i) => pick[i] && !v.suppressed.has(g.id));
          for (const g of filtered) expect(g.n).toBeGreaterThanOrEqual(o.min);
          if (v.totalVisible) {
            // Whatever a filter shows, the total minus what it shows is 0 or at least the minimum:
            // no combination of filtered figures isolates fewer than the minimum people.
            const left = o.total.n - filtered.reduce((s, g) => s + g.n, 0);
            expect(left === 0 || left >= o.min, `total ${o.total.n} minus a filter's groups leaves ${left}`).toBe(true);
          }
          // The decision depends on the groups, not on the order a view lists them in.
          let x = seed;
          const shuffled = [...o.groups]
            .map((g) => ({ g, k: (x = (x * 1103515245 + 12345) & 0x7fffffff) }))
            .sort((a, b) => a.k - b.k)
            .map(({ g }) => g);
          const again = decideVisibility({ min: o.min, total: o.total.n, groups: shuffled });
          expect(new Map([...again.suppressed].sort())).toEqual(new Map([...v.suppressed].sort()));
          expect(again.remainder).toBe(v.remainder);
        },
      ),
      { numRuns: 500 },
    );
  });
});
