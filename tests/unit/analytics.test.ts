import { describe, expect, it } from "vitest";
import { scoresFrom, trendText, type MetricAcc } from "@/lib/analytics/scores";
import { emergencyMetrics } from "@/lib/analytics/emergency";
import { combine, evaluateRound, ORG_GROUP } from "@/lib/analytics/rounds";
import { lastWeeks, periodWindows, weekStart } from "@/lib/analytics/periods";
import { csvField, pulseCsv } from "@/lib/analytics/csv";
import { dimensionInsights } from "@/lib/analytics/reports";
import { DIMENSION_KEYS } from "@/lib/surveys/dimensions";

const acc = (n: number, mean: number, promoters = 0, detractors = 0): MetricAcc => ({
  n,
  sum: n * mean,
  promoters,
  detractors,
});

describe("scores", () => {
  it("culture is the mean of the culture dimensions present; engagement is overall; eNPS both ways", () => {
    const s = scoresFrom(
      new Map([
        ["overall", acc(4, 7)],
        ["recognition", acc(4, 8)],
        ["feedback", acc(2, 6)],
        ["enps", acc(10, 7.5, 5, 2)],
        ["stress", acc(4, 3)],
      ]),
    );
    expect(s.culture).toBe(7);
    expect(s.engagement).toBe(7);
    expect(s.enps).toBe(7.5);
    expect(s.standardEnps).toBe(30);
    expect(s.stress).toBe(3);
    expect(s.dimensions.wellness).toBeNull();
  });

  it("is empty without answers", () => {
    const s = scoresFrom(new Map());
    expect([s.culture, s.engagement, s.enps, s.standardEnps, s.stress]).toEqual([null, null, null, null, null]);
  });
});

describe("trendText", () => {
  it.each([
    [7.7, 7, "+10.0%"],
    [6.3, 7, "-10.0%"],
    [7, 7, "No change"],
    [7.0003, 7, "No change"],
    [5, null, null],
    [null, 5, null],
    [5, 0, null],
  ])("%s against %s -> %s", (cur, prev, text) => expect(trendText(cur, prev)).toBe(text));
});

describe("emergency metrics", () => {
  it("lists culture, eNPS and engagement below 6.5 and stress above 6.5 with the product's texts", () => {
    expect(emergencyMetrics({ culture: 5.84, enps: 6.5, engagement: 6.44, stress: 7.2 }).map((m) => m.text)).toEqual([
      "Culture Score: 5.8/10",
      "Engagement Score: 6.4/10",
      "Stress Level: 7.2/10 (High)",
    ]);
  });
  it("is empty when all is well or unknown", () => {
    expect(emergencyMetrics({ culture: 8, enps: 7, engagement: null, stress: 6.5 })).toEqual([]);
  });
});

describe("rounds", () => {
  const round = {
    id: "r",
    minGroupSize: 3,
    sentAt: new Date("2026-03-02T09:00:00Z"),
    participation: [
      { teamId: ORG_GROUP, invited: 12, responded: 10 },
      { teamId: "a", invited: 5, responded: 5 },
      { teamId: "b", invited: 5, responded: 4 },
    ],
    rollups: [
      { teamId: ORG_GROUP, metric: "overall", n: 10, sum: 70, promoters: 0, detractors: 0 },
      { teamId: "a", metric: "overall", n: 5, sum: 40, promoters: 0, detractors: 0 },
      { teamId: "b", metric: "overall", n: 4, sum: 24, promoters: 0, detractors: 0 },
    ],
  };

  it("hides a sibling when one person outside the teams would be recoverable", () => {
    const v = evaluateRound(round, ["a", "b", "c"]);
    expect(v.org.reason).toBeNull();
    // 10 - 5 - 4 = 1 person outside: team b (smallest) is hidden as well, team c never answered.
    expect(v.teams.get("b")!.reason).toBe("complementary");
    expect(v.teams.get("c")!.reason).toBe("below-minimum");
    expect(v.teams.get("a")!.metrics.get("overall")!.sum).toBe(40);
    const a = combine([v.teams.get("a")!]);
    expect(a.scores.engagement).toBe(8);
    expect(a.participation).toBe(100);
    expect(combine([v.teams.get("b")!]).reason).toBe("complementary");
  });
});

describe("periods", () => {
  it("weeks start on Monday (UTC) and end with this week", () => {
    expect(weekStart(new Date("2026-03-04T12:00:00Z")).toISOString()).toBe("2026-03-02T00:00:00.000Z");
    const weeks = lastWeeks(new Date("2026-03-04T12:00:00Z"));
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)!.toISOString()).toBe("2026-03-02T00:00:00.000Z");
    const w = periodWindows(new Date("2026-03-29T00:00:00Z"));
    expect(w.current.from.toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(w.previous.from.toISOString()).toBe("2026-02-01T00:00:00.000Z");
  });
});

describe("csv", () => {
  it("neutralises formulas and quotes", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField('a "b", c')).toBe('"a ""b"", c"');
  });
  it("writes hidden cells as 'hidden', never their values", () => {
    const cell = { value: null, status: "suppressed" as const, reason: "below-minimum" as const };
    const dims = Object.fromEntries(DIMENSION_KEYS.map((k) => [k, cell])) as Record<
      (typeof DIMENSION_KEYS)[number],
      typeof cell
    >;
    const csv = pulseCsv({
      minGroupSize: 3,
      selectedLabel: "x",
      rows: [
        {
          id: "t",
          name: "Small",
          kind: "team",
          memberCount: 2,
          participation: null,
          participationAtLeast: false,
          enps: cell,
          dimensions: dims,
          suppressed: true,
          reason: "below-minimum",
        },
      ],
    });
    expect(csv.split("\r\n")[1]).toBe(
      "Small,2,hidden,hidden," + Array(11).fill("hidden").join(",") + ",Fewer than 3 responses",
    );
  });
});

describe("manager insights", () => {
  it("counts dimensions above 8.0 and below 6.5", () => {
    const { high, low, measured } = dimensionInsights({
      overall: 8.4,
      recognition: 8.0,
      feedback: 6.4,
      wellness: null,
    });
    expect(measured).toBe(3);
    expect(high.map((d) => d.key)).toEqual(["overall"]);
    expect(low.map((d) => d.key)).toEqual(["feedback"]);
  });
});

describe("Pulse Overview participation text", () => {
  it("marks a floor when some rounds were hidden, and never shows a figure for a hidden row", async () => {
    const { participationText } = await import("@/components/pulse/participation-text");
    expect(participationText({ participation: 67, participationAtLeast: true, suppressed: false })).toBe("≥ 67%");
    expect(participationText({ participation: 67, participationAtLeast: false, suppressed: false })).toBe("67%");
    expect(participationText({ participation: null, participationAtLeast: false, suppressed: true })).toBe("hidden");
    expect(participationText({ participation: null, participationAtLeast: false, suppressed: false })).toBe("--");
  });
});
