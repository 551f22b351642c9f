import { describe, expect, it } from "vitest";
import { instantFromWallClock } from "@/lib/utils/time-zone";
import { occurrences, RECURRENCE_KINDS, recurrenceSchema, rruleFor } from "@/lib/one-on-one/recurrence";

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const localTimes = (dates: Date[], timeZone: string) =>
  dates.map((d) =>
    new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit" }).format(d),
  );

describe("recurrence kinds", () => {
  it("are none, weekly, biweekly and monthly, each one RRULE", () => {
    expect(RECURRENCE_KINDS).toEqual(["none", "weekly", "biweekly", "monthly"]);
    expect(recurrenceSchema.safeParse("daily").success).toBe(false);
    expect(rruleFor("none")).toBeNull();
    expect(rruleFor("weekly")).toEqual({ freq: "WEEKLY", interval: 1 });
    expect(rruleFor("biweekly")).toEqual({ freq: "WEEKLY", interval: 2 });
    expect(rruleFor("monthly")).toEqual({ freq: "MONTHLY", interval: 1 });
  });
});

describe("occurrences", () => {
  it("keeps a Monday 09:00 London meeting at 09:00 local across both DST changes", () => {
    // 2026: BST starts Sunday 29 March, ends Sunday 25 October.
    const start = new Date("2026-03-16T09:00:00Z");
    const got = occurrences({ start, timeZone: "Europe/London", recurrence: "weekly", limit: 4 });
    expect(iso(got)).toEqual([
      "2026-03-16T09:00:00.000Z",
      "2026-03-23T09:00:00.000Z",
      "2026-03-30T08:00:00.000Z",
      "2026-04-06T08:00:00.000Z",
    ]);
    const autumn = occurrences({
      start,
      timeZone: "Europe/London",
      recurrence: "weekly",
      from: new Date("2026-10-13T00:00:00Z"),
      limit: 3,
    });
    expect(iso(autumn)).toEqual(["2026-10-19T08:00:00.000Z", "2026-10-26T09:00:00.000Z", "2026-11-02T09:00:00.000Z"]);
    expect(new Set(localTimes([...got, ...autumn], "Europe/London"))).toEqual(new Set(["Mon 09:00"]));
  });

  it("keeps New York's wall-clock time across its DST changes (biweekly)", () => {
    // 2026: EDT starts Sunday 8 March, ends Sunday 1 November.
    const start = new Date("2026-02-23T14:00:00Z"); // Mon 09:00 EST
    const got = occurrences({ start, timeZone: "America/New_York", recurrence: "biweekly", limit: 4 });
    expect(iso(got)).toEqual([
      "2026-02-23T14:00:00.000Z",
      "2026-03-09T13:00:00.000Z",
      "2026-03-23T13:00:00.000Z",
      "2026-04-06T13:00:00.000Z",
    ]);
    const autumn = occurrences({
      start,
      timeZone: "America/New_York",
      recurrence: "biweekly",
      from: new Date("2026-10-15T00:00:00Z"),
      to: new Date("2026-11-20T00:00:00Z"),
    });
    // EDT ends Sunday 1 November: 09:00 is 13:00Z before and 14:00Z after.
    expect(iso(autumn)).toEqual(["2026-10-19T13:00:00.000Z", "2026-11-02T14:00:00.000Z", "2026-11-16T14:00:00.000Z"]);
    expect(new Set(localTimes([...got, ...autumn], "America/New_York"))).toEqual(new Set(["Mon 09:00"]));
  });

  it("biweekly skips alternate weeks", () => {
    const start = new Date("2026-01-05T10:00:00Z");
    const got = occurrences({ start, timeZone: "UTC", recurrence: "biweekly", limit: 3 });
    expect(iso(got)).toEqual(["2026-01-05T10:00:00.000Z", "2026-01-19T10:00:00.000Z", "2026-02-02T10:00:00.000Z"]);
  });

  it("monthly on the 31st skips months without a 31st, as RRULE FREQ=MONTHLY does", () => {
    const start = new Date("2026-01-31T09:00:00Z");
    const got = occurrences({
      start,
      timeZone: "Europe/London",
      recurrence: "monthly",
      to: new Date("2027-01-01T00:00:00Z"),
    });
    expect(iso(got)).toEqual([
      "2026-01-31T09:00:00.000Z",
      "2026-03-31T08:00:00.000Z", // BST
      "2026-05-31T08:00:00.000Z",
      "2026-07-31T08:00:00.000Z",
      "2026-08-31T08:00:00.000Z",
      "2026-10-31T09:00:00.000Z", // GMT again from 25 October
      "2026-12-31T09:00:00.000Z",
    ]);
  });

  it("monthly on the 30th skips only February; on the 29th February counts in leap years", () => {
    const on30 = occurrences({
      start: new Date("2027-01-30T12:00:00Z"),
      timeZone: "UTC",
      recurrence: "monthly",
      limit: 3,
    });
    expect(iso(on30)).toEqual(["2027-01-30T12:00:00.000Z", "2027-03-30T12:00:00.000Z", "2027-04-30T12:00:00.000Z"]);
    const on29 = occurrences({
      start: new Date("2027-12-29T12:00:00Z"),
      timeZone: "UTC",
      recurrence: "monthly",
      limit: 3,
    });
    expect(iso(on29)).toEqual(["2027-12-29T12:00:00.000Z", "2028-01-29T12:00:00.000Z", "2028-02-29T12:00:00.000Z"]);
  });

  it("uses the organiser's local date, not the UTC date", () => {
    // Tuesday 1 December 08:00 in Auckland is still Monday 30 November in UTC.
    const start = new Date("2026-11-30T19:00:00Z");
    const got = occurrences({ start, timeZone: "Pacific/Auckland", recurrence: "monthly", limit: 3 });
    expect(
      got.map((d) =>
        new Intl.DateTimeFormat("en-CA", {
          timeZone: "Pacific/Auckland",
          dateStyle: "short",
          timeStyle: "short",
          hourCycle: "h23",
        }).format(d),
      ),
    ).toEqual(["2026-12-01, 08:00", "2027-01-01, 08:00", "2027-02-01, 08:00"]);
  });

  it("honours limit and the [from, to) window", () => {
    const start = new Date("2026-01-05T09:00:00Z");
    const args = { start, timeZone: "UTC", recurrence: "weekly" } as const;
    expect(occurrences({ ...args, limit: 2 })).toHaveLength(2);
    // from is inclusive, to exclusive.
    const window = occurrences({
      ...args,
      from: new Date("2026-01-12T09:00:00Z"),
      to: new Date("2026-01-26T09:00:00Z"),
    });
    expect(iso(window)).toEqual(["2026-01-12T09:00:00.000Z", "2026-01-19T09:00:00.000Z"]);
    // A window far into a long series starts at the right meeting.
    const later = occurrences({ ...args, from: new Date("2036-01-01T00:00:00Z"), limit: 1 });
    expect(iso(later)).toEqual(["2036-01-07T09:00:00.000Z"]);
    // Nothing before the series starts.
    expect(occurrences({ ...args, from: new Date("2025-01-01T00:00:00Z"), to: start })).toEqual([]);
  });

  it("a single meeting is one occurrence when it falls in the window", () => {
    const start = new Date("2026-05-04T09:00:00Z");
    expect(iso(occurrences({ start, timeZone: "UTC", recurrence: "none" }))).toEqual([start.toISOString()]);
    expect(occurrences({ start, timeZone: "UTC", recurrence: "none", from: new Date("2026-05-05T00:00:00Z") })).toEqual(
      [],
    );
  });

  it("rejects unknown zones, kinds and unbounded limits", () => {
    const start = new Date("2026-05-04T09:00:00Z");
    expect(() => occurrences({ start, timeZone: "Mars/Olympus", recurrence: "weekly" })).toThrow();
    // @ts-expect-error: not a recurrence kind
    expect(() => occurrences({ start, timeZone: "UTC", recurrence: "daily" })).toThrow();
    expect(() => occurrences({ start, timeZone: "UTC", recurrence: "weekly", limit: 100_000 })).toThrow();
  });
});

describe("instantFromWallClock (RFC 5545 3.3.5)", () => {
  const wall = (day: number, month: number, hour: number, minute = 0) => ({
    year: 2026,
    month,
    day,
    hour,
    minute,
    second: 0,
  });
  it("reads a repeated time (clocks back) as the first of the two", () => {
    // London 25 Oct 2026: 01:30 happens at 00:30Z (BST) and again at 01:30Z (GMT).
    expect(instantFromWallClock(wall(25, 10, 1, 30), "Europe/London").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
  it("reads a skipped time (clocks forward) with the offset before the gap", () => {
    // New York 8 Mar 2026: 02:30 does not exist; read with EST (-05:00) it is 07:30Z = 03:30 EDT.
    expect(instantFromWallClock(wall(8, 3, 2, 30), "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });
});
