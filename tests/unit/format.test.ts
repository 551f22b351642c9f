import { describe, expect, it } from "vitest";
import { formatCurrency, formatDate, formatDay, formatNumber, LOCALE, relativeTime } from "@/lib/format";

const at = new Date("2026-11-30T09:05:00Z");

describe("lib/format", () => {
  it("speaks one locale, the product's", () => {
    expect(LOCALE).toBe("en-US");
  });

  it("writes numbers and prices with the locale's grouping", () => {
    expect(formatNumber(12_000)).toBe("12,000");
    expect(formatNumber(1.5)).toBe("1.5");
    expect(formatCurrency(1_260, "USD")).toBe("$1,260");
    expect(formatCurrency(6, "USD")).toBe("$6");
  });

  it("names each date style, read in the given zone", () => {
    expect(formatDate(at, "date", "UTC")).toBe("Nov 30, 2026");
    expect(formatDate(at, "monthDay", "UTC")).toBe("Nov 30");
    expect(formatDate(at, "longDate", "UTC")).toBe("November 30, 2026");
    expect(formatDate(at, "weekdayDate", "Asia/Tokyo")).toBe("Monday, November 30, 2026");
    expect(formatDate(at, "time", "America/New_York")).toMatch(/^4:05\sAM$/);
    expect(formatDate(at, "dateTime", "UTC")).toMatch(/^Nov 30, 2026, 9:05\sAM$/);
    expect(formatDate(at.toISOString(), "weekdayDateTime", "UTC")).toMatch(/^Mon, Nov 30, 2026, 9:05\sAM$/);
    expect(formatDate(at.getTime(), "numericDateTime", "UTC")).toMatch(/^11\/30\/2026, 9:05:00\sAM$/);
    expect(formatDay("2026-11-23", "date")).toBe("Nov 23, 2026");
    expect(formatDate("not a date", "date", "UTC")).toBe("");
  });

  it("keeps the mail's and titles' day-month order, with the locale's names", () => {
    expect(formatDate(at, "dayMonthYear", "UTC")).toBe("30 Nov 2026");
    expect(formatDate(at, "dayLongMonthYear", "UTC")).toBe("30 November 2026");
    expect(formatDate(at, "weekdayDayMonth", "Europe/London")).toBe("Monday 30 November");
    expect(formatDate(at, "weekdayDayMonthTime", "Europe/London")).toBe("Monday 30 November at 09:05");
    expect(formatDate(at, "weekdayDayMonthTimeZone", "Europe/London")).toBe("Monday 30 November at 09:05 GMT");
    expect(formatDate(at, "weekdayDayMonthYearTimeZone", "UTC")).toBe("Monday, 30 November 2026 at 09:05 UTC");
    // Zone names are the locale's: New York's read as EST/EDT.
    expect(formatDate(at, "weekdayDayMonthTimeZone", "America/New_York")).toBe("Monday 30 November at 04:05 EST");
  });

  it("matches the British texts the product wrote before, where zone names agree", () => {
    const old = (d: Date, timeZone: string) =>
      new Intl.DateTimeFormat("en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      }).format(d);
    for (let i = 0; i < 400; i++) {
      const d = new Date(Date.UTC(2026, 0, 1) + i * 22 * 3_600_000 + i * 60_000);
      for (const zone of ["UTC", "Asia/Tokyo", "Asia/Kolkata"])
        expect(formatDate(d, "weekdayDayMonthTimeZone", zone)).toBe(old(d, zone));
    }
  });

  it("says how long ago, then a date", () => {
    const now = Date.parse("2026-11-30T12:00:00Z");
    expect(relativeTime("2026-11-30T11:59:30Z", now)).toBe("Just now");
    expect(relativeTime("2026-11-30T11:55:00Z", now)).toBe("5m ago");
    expect(relativeTime("2026-11-30T11:55:00Z", now, { minutes: false })).toBe("Just now");
    expect(relativeTime("2026-11-30T09:00:00Z", now)).toBe("3h ago");
    expect(relativeTime("2026-11-20T12:00:00Z", now)).toBe("Nov 20");
    expect(relativeTime("2025-03-04T12:00:00Z", now)).toBe("Mar 4, 2025");
    expect(relativeTime("nope", now)).toBe("");
  });
});
