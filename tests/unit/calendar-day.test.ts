import { describe, expect, it } from "vitest";
import { calendarDay } from "@/lib/validation/calendar-day";

const MESSAGE = "Due date must be a date (YYYY-MM-DD)";
const day = calendarDay(MESSAGE);
/** The distinct messages (a malformed text breaks both the pattern and the real-day check). */
const messages = (input: unknown) => [...new Set(day.safeParse(input).error?.issues.map((i) => i.message))];

describe("calendarDay", () => {
  it("keeps a real day as its text", () => {
    expect(day.parse("2026-11-27")).toBe("2026-11-27");
    expect(day.parse("2028-02-29")).toBe("2028-02-29");
  });

  it("refuses anything else with the field's own message only", () => {
    for (const bad of ["2026-02-30", "2027-02-29", "2026-13-01", "26-11-27", "2026-11-27T00:00", " 2026-11-27", ""]) {
      expect(messages(bad)).toEqual([MESSAGE]);
    }
    expect(messages("1999-12-31")).toEqual([MESSAGE]);
    expect(messages("2201-01-01")).toEqual([MESSAGE]);
    expect(messages(20261127)).toEqual([MESSAGE]);
    expect(messages(null)).toEqual([MESSAGE]);
  });
});
