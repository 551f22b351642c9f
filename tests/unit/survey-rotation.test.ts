import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { DIMENSION_KEYS, ENGAGEMENT_DIMENSION } from "@/lib/surveys/dimensions";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { COMMENT_ITEMS, ENPS_ITEM, QUESTION_BANK, SCALE_ITEMS } from "@/lib/surveys/question-bank";
import { ROUNDS_PER_CYCLE, asksEnps, pulseQuestions, pulseTitle } from "@/lib/surveys/rotation";

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
/** Weekly round dates from a start date (any weekday) for about two years. */
const weekly = (start: string, weeks = 106) =>
  Array.from({ length: weeks }, (_, i) => iso(Date.parse(`${start}T00:00:00Z`) + i * 7 * DAY));
/** The questions of an organisation's rounds in order, each numbered by its position. */
const roundsOf = (dates: string[], companyName = "Acme") =>
  dates.map((roundDate, roundNumber) => pulseQuestions({ roundNumber, roundDate, companyName }));

/** A year of one organisation's rounds: the scheduled weekly round, whose weekday the admin now
 * and then moves (a week of 1 to 13 days), and 'Send Now' rounds at random in between, some on
 * the same day as a scheduled round. */
const aYearOfRounds = fc
  .record({
    startDay: fc.integer({ min: Date.UTC(2020, 0, 1) / DAY, max: Date.UTC(2040, 0, 1) / DAY }),
    weeks: fc.array(
      fc.record({
        sendNowAfter: fc.option(fc.integer({ min: 0, max: 6 }), { freq: 3 }),
        weekdayMove: fc.oneof(fc.constant(0), fc.integer({ min: -6, max: 6 })),
      }),
      { minLength: 52, maxLength: 52 },
    ),
  })
  .map(({ startDay, weeks }) => {
    const dates: string[] = [];
    let day = startDay;
    for (const w of weeks) {
      dates.push(iso(day * DAY));
      if (w.sendNowAfter !== null) dates.push(iso((day + w.sendNowAfter) * DAY));
      day += 7 + w.weekdayMove;
    }
    return dates;
  });

describe("question bank", () => {
  it("has at least 40 scale items, three per dimension, unique keys, one eNPS and several comments", () => {
    expect(SCALE_ITEMS.length).toBeGreaterThanOrEqual(40);
    for (const d of DIMENSION_KEYS)
      expect(SCALE_ITEMS.filter((q) => q.dimension === d).length).toBeGreaterThanOrEqual(3);
    const keys = QUESTION_BANK.map((q) => q.bankKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ENPS_ITEM.text).toContain("{company}");
    expect(COMMENT_ITEMS.length).toBeGreaterThanOrEqual(3);
  });

  it("words the stress item so that agreeing means more stress, in the wellness dimension", () => {
    const stress = SCALE_ITEMS.find((q) => q.bankKey === STRESS_ITEM_KEY);
    expect(stress?.dimension).toBe("wellness");
    expect(stress?.text).toMatch(/stress/i);
  });
});

describe("rotation", () => {
  // A four-week view of weekly rounds holds three closed rounds (the newest is still open and its
  // results not released), so every dimension must come back within any three consecutive rounds,
  // which also gives the rule's four.
  it("asks every dimension in every window of three (so also four) consecutive rounds, over a year of weekly rounds with 'Send Now' rounds and weekday moves", () => {
    expect(ROUNDS_PER_CYCLE).toBe(3);
    fc.assert(
      fc.property(aYearOfRounds, fc.constantFrom(3, 4), (dates, window) => {
        expect(dates.length).toBeGreaterThanOrEqual(52);
        const rounds = roundsOf(dates);
        for (let i = 0; i + window <= rounds.length; i++) {
          const seen = new Set(
            rounds
              .slice(i, i + window)
              .flat()
              .map((q) => q.dimension),
          );
          const missing = DIMENSION_KEYS.filter((d) => !seen.has(d));
          if (missing.length) throw new Error(`rounds ${i}..${i + window - 1} (${dates[i]}): ${missing}`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("never leaves a dimension unasked for more than three rounds, whatever the dates", () => {
    fc.assert(
      fc.property(aYearOfRounds, (dates) => {
        const lastAsked = new Map<string, number>();
        roundsOf(dates).forEach((questions, round) => {
          for (const q of questions) {
            if (!q.dimension) continue;
            const before = lastAsked.get(q.dimension);
            if (before !== undefined && round - before > 3) throw new Error(`${q.dimension} gap ${round - before}`);
            lastAsked.set(q.dimension, round);
          }
        });
        // Every dimension was asked, and last asked within the final three rounds.
        for (const d of DIMENSION_KEYS) expect(dates.length - 1 - (lastAsked.get(d) ?? -99), d).toBeLessThan(3);
      }),
      { numRuns: 300 },
    );
  });

  it("asks other rotating dimensions in a 'Send Now' round and the scheduled round of the same week", () => {
    // Send Now on a Friday, the scheduled Monday round three days later: consecutive ordinals.
    const rotating = (roundNumber: number, roundDate: string) =>
      pulseQuestions({ roundNumber, roundDate, companyName: "Acme" })
        .filter((q) => q.type === "scale" && q.dimension !== ENGAGEMENT_DIMENSION && q.bankKey !== STRESS_ITEM_KEY)
        .map((q) => q.dimension);
    const sendNow = rotating(0, "2026-11-27");
    const scheduled = rotating(1, "2026-11-30");
    expect(sendNow).toHaveLength(3);
    expect(scheduled).toHaveLength(3);
    expect(sendNow.filter((d) => scheduled.includes(d))).toEqual([]);
  });

  it("asks five required scale questions and exactly one optional comment each round", () => {
    for (const qs of roundsOf(weekly("2026-01-05"))) {
      const scale = qs.filter((q) => q.type === "scale");
      expect(scale.length).toBe(5);
      expect(scale.every((q) => q.isRequired && q.bankKey && q.dimension)).toBe(true);
      const comments = qs.filter((q) => q.type === "text");
      expect(comments).toHaveLength(1);
      expect(comments[0]!.isRequired).toBe(false);
      // No item twice in one round.
      expect(new Set(qs.map((q) => q.bankKey)).size).toBe(qs.length);
    }
  });

  it("asks the stress item every round", () => {
    for (const qs of roundsOf(weekly("2026-01-05"))) expect(qs.some((q) => q.bankKey === STRESS_ITEM_KEY)).toBe(true);
  });

  it("asks eNPS exactly once per calendar month, with the company's name", () => {
    for (const start of ["2026-01-05", "2026-01-07", "2026-02-01"]) {
      const perMonth = new Map<string, number>();
      const dates = weekly(start);
      for (const [i, qs] of roundsOf(dates, "Acme Ltd").entries()) {
        const date = dates[i]!;
        const enps = qs.filter((q) => q.type === "enps");
        if (enps.length) expect(enps[0]!.text).toBe("How likely are you to recommend Acme Ltd as a place to work?");
        perMonth.set(date.slice(0, 7), (perMonth.get(date.slice(0, 7)) ?? 0) + enps.length);
      }
      const months = [...perMonth.entries()].slice(1, -1); // whole months only
      expect(months.every(([, n]) => n === 1)).toBe(true);
    }
    expect(asksEnps("2026-03-07")).toBe(true);
    expect(asksEnps("2026-03-08")).toBe(false);
  });

  it("varies the item within a dimension from one occurrence to the next", () => {
    const asked = new Map<string, string[]>();
    for (const qs of roundsOf(weekly("2026-01-05", 52))) {
      for (const q of qs) {
        if (q.type !== "scale" || q.bankKey === STRESS_ITEM_KEY) continue;
        asked.set(q.dimension!, [...(asked.get(q.dimension!) ?? []), q.bankKey!]);
      }
    }
    for (const [dimension, keys] of asked) {
      expect(new Set(keys).size, dimension).toBeGreaterThanOrEqual(3);
      for (let i = 1; i < keys.length; i++) expect(keys[i], `${dimension} repeats`).not.toBe(keys[i - 1]);
    }
  });

  it("refuses a round number that is not an ordinal, and titles rounds by date", () => {
    for (const roundNumber of [-1, 1.5, Number.NaN])
      expect(() => pulseQuestions({ roundNumber, roundDate: "2026-11-23", companyName: "A" })).toThrow();
    expect(pulseTitle("2026-11-23")).toBe("Weekly Pulse – 23 Nov 2026");
    expect(() => pulseTitle("23/11/2026")).toThrow();
  });
});
