import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { commentMinimum, decideVisibility } from "@/lib/analytics/suppression";

describe("decideVisibility", () => {
  it("hides groups below the minimum", () => {
    const v = decideVisibility({ min: 3, total: 12, groups: [{ id: "a", n: 2 }, { id: "b", n: 5 }, { id: "c", n: 5 }] });
    expect(v.suppressed.get("a")).toBe("below-minimum");
    // 2 left over would give team a away: the smallest visible team goes too.
    expect(v.suppressed.get("b")).toBe("complementary");
    expect(v.suppressed.has("c")).toBe(false);
    expect(v.remainder).toBe(7);
  });

  it("protects people outside any attributed team the same way", () => {
    const v = decideVisibility({ min: 3, total: 11, groups: [{ id: "a", n: 5 }, { id: "b", n: 5 }] });
    expect(v.suppressed.size).toBe(1);
    expect(v.remainder).toBe(6);
  });

  it("shows everything when the remainder is 0 or large enough", () => {
    expect(decideVisibility({ min: 3, total: 10, groups: [{ id: "a", n: 5 }, { id: "b", n: 5 }] }).suppressed.size).toBe(0);
    expect(decideVisibility({ min: 3, total: 13, groups: [{ id: "a", n: 5 }, { id: "b", n: 5 }] }).suppressed.size).toBe(0);
  });

  it("hides the total and every group when the total is below the minimum", () => {
    const v = decideVisibility({ min: 5, total: 4, groups: [{ id: "a", n: 4 }] });
    expect(v.totalVisible).toBe(false);
    expect(v.suppressed.get("a")).toBe("below-minimum");
  });

  it("keeps a forced group hidden", () => {
    expect(decideVisibility({ min: 3, total: 20, groups: [{ id: "a", n: 10, forced: "complementary" }, { id: "b", n: 10 }] }).suppressed.get("a")).toBe("complementary");
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
    teams: fc.array(fc.record({ members: fc.integer({ min: 0, max: 40 }), rate: fc.double({ min: 0, max: 1, noNaN: true }) }), { maxLength: 12 }),
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
    return { min, groups, outside, total: { n: groups.reduce((s, g) => s + g.n, outside.n), sum: groups.reduce((s, g) => s + g.sum, outside.sum) } };
  });

describe("suppression properties", () => {
  it("never shows a group below the minimum, and the remainder is 0 or at least the minimum", () => {
    fc.assert(
      fc.property(organisation, (o) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        for (const g of o.groups) if (!v.suppressed.has(g.id)) expect(g.n).toBeGreaterThanOrEqual(o.min);
        if (v.totalVisible) expect(v.remainder === 0 || v.remainder >= o.min).toBe(true);
        else expect(v.suppressed.size).toBe(o.groups.length);
      }),
      { numRuns: 2000 },
    );
  });

  it("no hidden group's count or sum can be worked out from the total and the visible groups", () => {
    fc.assert(
      fc.property(organisation, (o) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        if (!v.totalVisible) return; // nothing published at all
        const visible = o.groups.filter((g) => !v.suppressed.has(g.id));
        const hidden = o.groups.filter((g) => v.suppressed.has(g.id) && g.n > 0);
        // What an observer can derive: total minus visible groups = the remainder, in count and sum.
        const rest = { n: o.total.n - visible.reduce((s, g) => s + g.n, 0), sum: o.total.sum - visible.reduce((s, g) => s + g.sum, 0) };
        const parts = hidden.length + (o.outside.n > 0 ? 1 : 0);
        // The remainder singles out a hidden group only when it is that group alone.
        if (hidden.length === 1 && parts === 1) {
          const g = hidden[0]!;
          expect({ n: rest.n, sum: rest.sum }).not.toEqual({ n: g.n, sum: g.sum });
        }
        // Whatever it is made of, the remainder never describes fewer than the minimum people.
        expect(rest.n === 0 || rest.n >= o.min).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("filters only ever show a subset of the organisation-wide visible groups (no new totals)", () => {
    fc.assert(
      fc.property(organisation, fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }), (o, pick) => {
        const v = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        const subset = o.groups.filter((_, i) => pick[i]);
        // A filtered view is decided over the whole organisation, then narrowed: the same
        // groups stay hidden whatever the filter, so combining filters reveals nothing more.
        const filtered = subset.filter((g) => !v.suppressed.has(g.id));
        for (const g of filtered) expect(g.n).toBeGreaterThanOrEqual(o.min);
        const again = decideVisibility({ min: o.min, total: o.total.n, groups: o.groups });
        expect([...again.suppressed.keys()].sort()).toEqual([...v.suppressed.keys()].sort());
      }),
      { numRuns: 500 },
    );
  });
});
