import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decideVisibility, type ViewerPlace } from "@/lib/analytics/suppression";
import { evaluateRound, ORG_GROUP } from "@/lib/analytics/rounds";

// Rule 3 of suppression.ts: a viewer never counts toward a minimum that protects others.

describe("the viewer's own answer", () => {
  it("a team of three that includes the viewer is hidden from them, shown to others", () => {
    const groups = [
      { id: "core", n: 3 },
      { id: "ops", n: 6 },
    ];
    expect(decideVisibility({ min: 3, total: 15, groups, viewer: { teamId: "core" } }).suppressed.get("core")).toBe(
      "below-minimum",
    );
    expect(decideVisibility({ min: 3, total: 15, groups, viewer: { teamId: "ops" } }).suppressed.has("core")).toBe(
      false,
    );
    expect(decideVisibility({ min: 3, total: 15, groups }).suppressed.has("core")).toBe(false);
    expect(
      decideVisibility({
        min: 3,
        total: 15,
        groups: [
          { id: "core", n: 4 },
          { id: "ops", n: 6 },
        ],
        viewer: { teamId: "core" },
      }).suppressed.has("core"),
    ).toBe(false);
  });

  it("an organisation total of three that includes the viewer is hidden from them", () => {
    expect(decideVisibility({ min: 3, total: 3, groups: [], viewer: { teamId: null } }).totalVisible).toBe(false);
    expect(decideVisibility({ min: 3, total: 4, groups: [], viewer: { teamId: null } }).totalVisible).toBe(true);
    expect(decideVisibility({ min: 3, total: 3, groups: [], viewer: null }).totalVisible).toBe(true);
  });

  it("a total hidden only because it includes the viewer still lets the groups they are not in show", () => {
    const v = decideVisibility({ min: 3, total: 3, groups: [{ id: "core", n: 3 }], viewer: { teamId: null } });
    expect(v.totalVisible).toBe(false);
    expect(v.suppressed.has("core")).toBe(false);
    expect(
      decideVisibility({ min: 3, total: 3, groups: [{ id: "core", n: 3 }], viewer: { teamId: "core" } }).suppressed.get(
        "core",
      ),
    ).toBe("below-minimum");
  });

  it("a remainder that holds the viewer needs one more", () => {
    // 13 - 10 = 3 outside the teams, the viewer among them: 2 others would be exposed.
    const v = decideVisibility({
      min: 3,
      total: 13,
      groups: [
        { id: "a", n: 5 },
        { id: "b", n: 5 },
      ],
      viewer: { teamId: null },
    });
    expect(v.suppressed.size).toBe(1);
    expect(v.remainder).toBe(8);
  });

  it("in any organisation, for any viewer, every visible figure that includes the viewer has the minimum besides them", () => {
    const org = fc.record({
      min: fc.integer({ min: 3, max: 10 }),
      teams: fc.array(fc.integer({ min: 0, max: 14 }), { maxLength: 8 }),
      outside: fc.integer({ min: 0, max: 12 }),
      viewer: fc.oneof(fc.constant<"none">("none"), fc.constant<"outside">("outside"), fc.nat({ max: 7 })),
    });
    fc.assert(
      fc.property(org, ({ min, teams, outside, viewer }) => {
        const groups = teams.map((n, i) => ({ id: `t${i}`, n }));
        const total = teams.reduce((s, n) => s + n, 0) + outside;
        const place: ViewerPlace =
          viewer === "none"
            ? null
            : viewer === "outside" || viewer >= teams.length
              ? { teamId: null }
              : { teamId: `t${viewer}` };
        const v = decideVisibility({ min, total, groups, viewer: place });
        const visible = groups.filter((g) => !v.suppressed.has(g.id));
        for (const g of visible) expect(g.n).toBeGreaterThanOrEqual(min + (place?.teamId === g.id ? 1 : 0));
        if (!v.totalVisible) return;
        // The viewer can subtract the visible groups from the total only when the total shows.
        expect(total).toBeGreaterThanOrEqual(min + (place ? 1 : 0));
        const remainder = total - visible.reduce((s, g) => s + g.n, 0);
        expect(remainder).toBe(v.remainder);
        const viewerInRemainder = place !== null && (place.teamId === null || v.suppressed.has(place.teamId));
        if (remainder > 0) expect(remainder).toBeGreaterThanOrEqual(min + (viewerInRemainder ? 1 : 0));
      }),
      { numRuns: 2000 },
    );
  });

  it("through a round's cells: a manager attributed to the team they lead sees it only with min + 1 respondents", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 10 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 0, max: 30 }),
        (min, core, rest) => {
          const total = core + rest + 20;
          const round = {
            id: "r",
            minGroupSize: min,
            sentAt: new Date(),
            participation: [
              { teamId: ORG_GROUP, invited: total, responded: total },
              { teamId: "core", invited: core, responded: core },
              { teamId: "big", invited: 20, responded: 20 },
            ],
            rollups: [
              { teamId: ORG_GROUP, metric: "overall", n: total, sum: total * 5, promoters: 0, detractors: 0 },
              { teamId: "core", metric: "overall", n: core, sum: core * 5, promoters: 0, detractors: 0 },
              { teamId: "big", metric: "overall", n: 20, sum: 100, promoters: 0, detractors: 0 },
            ],
          };
          const asManager = evaluateRound({ ...round, viewer: { teamId: "core" } }, ["core", "big"]).teams.get("core")!;
          const asOutsider = evaluateRound(round, ["core", "big"]).teams.get("core")!;
          if (asManager.reason === null) expect(core).toBeGreaterThanOrEqual(min + 1);
          if (core === min) expect(asManager.reason).not.toBeNull();
          if (asOutsider.reason === null) expect(core).toBeGreaterThanOrEqual(min);
        },
      ),
      { numRuns: 500 },
    );
  });
});
