import { describe, expect, it } from "vitest";
import {
  FOCUS_MAX,
  MIN_PAIRS,
  UNKNOWN_IMPACT_WEIGHT,
  focusPriority,
  impactSentence,
  lownessSentence,
  rankFocusAreas,
  shortfall,
  type FocusInput,
} from "@/lib/analytics/focus-rank";
import { CULTURE_DIMENSIONS, DIMENSIONS, type DimensionKey } from "@/lib/surveys/dimensions";

const label = (k: DimensionKey) => DIMENSIONS.find((d) => d.key === k)!.label;
const input = (dimension: DimensionKey, over: Partial<FocusInput> = {}): FocusInput => ({
  dimension,
  label: label(dimension),
  score: 7,
  n: 8,
  roundDate: "2026-11-16",
  hidden: false,
  own: 7,
  org: 7,
  impact: { r: 0.5, pairs: 100 },
  planId: null,
  ...over,
});
const team = { kind: "team", name: "Customer Success" } as const;

describe("focus area explanations", () => {
  it("read as the product's example: a strong relation, below the organisation and its own history", () => {
    const [f] = rankFocusAreas(team, [
      input("relationship_with_manager", { score: 5.1, own: 5.9, org: 6.4, impact: { r: 0.6234, pairs: 120 } }),
    ]);
    expect(f!.explanation).toBe(
      "Matters a lot for engagement here: people who rate it higher are more engaged (r = 0.62). " +
        "Customer Success scores 5.1, 1.3 below the organisation and 0.8 below its own last three months.",
    );
    expect(f!.impact).toBe(0.62);
    expect(f!.score).toBe(5.1);
    expect(f!.trend).toBe("-13.6%");
  });

  it("band the relation and say when there is not enough history", () => {
    expect(impactSentence({ r: 0.41, pairs: 50 })).toMatch(/^Matters for engagement here: .* \(r = 0\.41\)\.$/);
    expect(impactSentence({ r: 0.12, pairs: 50 })).toMatch(/^Matters a little .* \(r = 0\.12\)\.$/);
    expect(impactSentence({ r: -0.05, pairs: 50 })).toBe("Hardly related to engagement here (r = -0.05).");
    expect(impactSentence({ r: -0.3, pairs: 50 })).toMatch(/less engaged here \(r = -0\.30\)\.$/);
    expect(impactSentence({ r: 0.9, pairs: MIN_PAIRS - 1 })).toBe(
      `There is not enough history yet to tell how much it matters for engagement: ${MIN_PAIRS - 1} paired answers in recent rounds, ${MIN_PAIRS} needed.`,
    );
    expect(impactSentence({ r: null, pairs: 80 })).toMatch(/not varied enough/);
  });

  it("say above, below and level, and never a score that may not be shown", () => {
    expect(lownessSentence(team, { score: 7.46, hidden: false, own: 7.0, org: 7.5 })).toBe(
      "Customer Success scores 7.5, level with the organisation and 0.5 above its own last three months.",
    );
    expect(lownessSentence({ kind: "org" }, { score: 6, hidden: false, own: 6.4, org: null })).toBe(
      "The organisation scores 6.0, 0.4 below its last three months.",
    );
    expect(lownessSentence(team, { score: 6, hidden: false, own: null, org: null })).toBe(
      "Customer Success scores 6.0.",
    );
    expect(lownessSentence(team, { score: null, hidden: true, own: 6, org: 7 })).toBe(
      "Customer Success has too few answers on it to show a score.",
    );
    expect(lownessSentence(team, { score: null, hidden: false, own: null, org: 7 })).toMatch(/no score for it/);
  });
});

describe("focus area priority", () => {
  it("is the relation times the shortfall below the organisation, the own history and 6.5", () => {
    expect(shortfall(5.1, 5.9, 6.4)).toBe(1.3 + 0.8 + 1.4);
    expect(shortfall(8, 7, 7.5)).toBe(0);
    expect(focusPriority({ score: 5.1, own: 5.9, org: 6.4, impact: { r: 0.5, pairs: 40 } })).toBe(1.75);
    // A negative relation: raising it would not raise engagement.
    expect(focusPriority({ score: 3, own: 5, org: 5, impact: { r: -0.4, pairs: 40 } })).toBe(0);
    // Unknown relation: the assumed moderate weight.
    expect(focusPriority({ score: 6, own: null, org: null, impact: { r: 0.9, pairs: 3 } })).toBe(
      Math.round(UNKNOWN_IMPACT_WEIGHT * 0.5 * 1000) / 1000,
    );
    expect(focusPriority({ score: null, own: 5, org: 5, impact: { r: 0.9, pairs: 300 } })).toBe(0);
  });

  it("ranks the most worth acting on first and marks at most three with a positive priority", () => {
    const ranked = rankFocusAreas(
      team,
      CULTURE_DIMENSIONS.map((d, i) =>
        input(d, { score: 4 + i * 0.3, impact: { r: i % 2 === 0 ? 0.6 : 0.2, pairs: 90 }, own: 7, org: 7 }),
      ),
    );
    expect(ranked).toHaveLength(CULTURE_DIMENSIONS.length);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.priority).toBeGreaterThanOrEqual(ranked[i]!.priority);
    expect(ranked.filter((f) => f.focus).map((f) => f.dimension)).toEqual(
      ranked.slice(0, FOCUS_MAX).map((f) => f.dimension),
    );
    // Strong relation beats a slightly lower score with a weak one.
    expect(ranked[0]!.dimension).toBe(CULTURE_DIMENSIONS[0]);
    expect(ranked[1]!.dimension).toBe(CULTURE_DIMENSIONS[2]);

    const fine = rankFocusAreas(team, [
      input("recognition", { score: 9 }),
      input("feedback", { score: null, hidden: true }),
    ]);
    expect(fine.some((f) => f.focus)).toBe(false);
    expect(fine.map((f) => f.dimension)).toEqual(["recognition", "feedback"]);
    expect(fine[1]).toMatchObject({ score: null, n: null, roundDate: null, trend: null });
  });
});
