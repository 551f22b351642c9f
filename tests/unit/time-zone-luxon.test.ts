import { describe, expect, it } from "vitest";
import { instantFromWallClock, wallClock, type WallClock } from "@/lib/utils/time-zone";
import { isValidTimeZone, runtimeTimeZone } from "@/lib/format/zones";

// The hand-written Intl version these functions replaced, kept here as the reference the luxon
// version must match over many random instants, wall-clock times and zones.
const legacy = (() => {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  const f = (tz: string) => {
    let x = formatters.get(tz);
    if (!x) {
      x = new Intl.DateTimeFormat("en-US", {
        timeZone: tz,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
      formatters.set(tz, x);
    }
    return x;
  };
  const wall = (instant: Date, tz: string) => {
    const parts: Record<string, number> = {};
    for (const p of f(tz).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    };
  };
  const asUtc = (w: WallClock) => Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);
  const offset = (ms: number, tz: string) => asUtc(wall(new Date(ms), tz)) - Math.floor(ms / 1000) * 1000;
  const DAY = 86_400_000;
  const instant = (w: WallClock, tz: string) => {
    const t = asUtc(w);
    const before = offset(t - DAY, tz);
    const after = offset(t + DAY, tz);
    const m = [...new Set([before, after])].map((o) => t - o).filter((x) => asUtc(wall(new Date(x), tz)) === t);
    return new Date(m.length > 0 ? Math.min(...m) : t - before);
  };
  return { wall, instant };
})();

const ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "Asia/Kolkata",
  "Asia/Tokyo",
  "Asia/Kathmandu",
  "America/St_Johns",
];

// A small seeded generator, so a failure names a case that can be run again.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// Noon UTC of the days after which a zone's clocks read another hour at noon: where its offset changes.
const changes = new Map<string, number[]>();
function changeDays(tz: string, year: number): number[] {
  const key = `${tz}|${year}`;
  let days = changes.get(key);
  if (!days) {
    const noon = (d: number) => legacy.wall(new Date(Date.UTC(year, 0, 1 + d, 12)), tz).hour;
    days = [...Array(366).keys()].filter((d) => noon(d) !== noon(d + 1)).map((d) => Date.UTC(year, 0, 1 + d, 12));
    changes.set(key, days);
  }
  return days;
}

describe("luxon zones match the Intl implementation they replaced", () => {
  it("reads the same wall clock for 5,000 random instants (2000-2040)", { timeout: 60_000 }, () => {
    const r = rng(24);
    const from = Date.UTC(2000, 0, 1);
    const span = Date.UTC(2040, 0, 1) - from;
    for (let i = 0; i < 5_000; i++) {
      const at = new Date(from + Math.floor(r() * span));
      const tz = ZONES[i % ZONES.length]!;
      expect(wallClock(at, tz), `${at.toISOString()} ${tz}`).toEqual(legacy.wall(at, tz));
    }
  });

  it("finds the same instant for 5,000 wall-clock times, half of them on DST change days", { timeout: 60_000 }, () => {
    const r = rng(7);
    for (let i = 0; i < 5_000; i++) {
      const tz = ZONES[i % ZONES.length]!;
      let w: WallClock;
      if (i % 2 === 0) {
        w = {
          year: 2000 + Math.floor(r() * 40),
          month: 1 + Math.floor(r() * 12),
          day: 1 + Math.floor(r() * 28),
          hour: Math.floor(r() * 24),
          minute: Math.floor(r() * 60),
          second: Math.floor(r() * 60),
        };
      } else {
        // Around a transition: the local day of an instant where the offset changes within a day.
        const year = 2000 + Math.floor(r() * 40);
        const changes = changeDays(tz, year);
        const day = new Date(changes.length ? changes[Math.floor(r() * changes.length)]! : Date.UTC(year, 0, 1));
        w = {
          year: day.getUTCFullYear(),
          month: day.getUTCMonth() + 1,
          day: day.getUTCDate() + Math.floor(r() * 2),
          hour: Math.floor(r() * 24),
          minute: [0, 15, 30, 45, 59][Math.floor(r() * 5)]!,
        };
      }
      expect(instantFromWallClock(w, tz).toISOString(), `${JSON.stringify(w)} ${tz}`).toBe(
        legacy.instant(w, tz).toISOString(),
      );
    }
  });

  it("rolls over out-of-range fields as before and throws on an unknown zone", () => {
    const w = { year: 2026, month: 2, day: 31, hour: 25, minute: 0 };
    expect(instantFromWallClock(w, "Europe/Berlin")).toEqual(legacy.instant(w, "Europe/Berlin"));
    expect(() => instantFromWallClock(w, "Mars/Olympus")).toThrow(RangeError);
    expect(() => wallClock(new Date(), "Mars/Olympus")).toThrow(RangeError);
  });

  it("validates names as the runtime does", () => {
    for (const name of ["UTC", "utc", "america/new_york", "Europe/London", "EST5EDT"])
      expect(isValidTimeZone(name)).toBe(true);
    for (const name of ["", "Mars/Olympus", "GMT+25", "x".repeat(65)]) expect(isValidTimeZone(name)).toBe(false);
    expect(isValidTimeZone(runtimeTimeZone())).toBe(true);
  });
});
