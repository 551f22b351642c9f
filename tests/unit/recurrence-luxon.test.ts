import { describe, expect, it } from "vitest";
import { occurrences, rruleFor, type Recurrence } from "@/lib/one-on-one/recurrence";
import { instantFromWallClock, wallClock, type WallClock } from "@/lib/utils/time-zone";

// The hand-written calendar arithmetic that luxon's steps replaced, kept as the reference the
// new expansion must match over random series, zones and windows.
function legacyOccurrences(
  start: Date,
  timeZone: string,
  recurrence: Recurrence,
  from: Date,
  to: Date | undefined,
  limit: number,
) {
  const DAY_MS = 86_400_000;
  const rule = rruleFor(recurrence)!;
  const inWindow = (d: Date) => d.getTime() >= from.getTime() && (to === undefined || d.getTime() < to.getTime());
  const daysInMonth = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const first = wallClock(start, timeZone);
  const result: Date[] = [];
  const gapMs = Math.max(0, from.getTime() - start.getTime());
  let k =
    rule.freq === "WEEKLY"
      ? Math.max(0, Math.floor(gapMs / (7 * rule.interval * DAY_MS)) - 1)
      : Math.max(0, Math.floor(gapMs / (31 * DAY_MS)) - 1);
  for (; result.length < limit; k++) {
    let wall: WallClock;
    if (rule.freq === "WEEKLY") {
      const day = new Date(Date.UTC(first.year, first.month - 1, first.day + 7 * rule.interval * k));
      wall = { ...first, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    } else {
      const monthIndex = first.month - 1 + rule.interval * k;
      const year = first.year + Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      if (first.day > daysInMonth(year, month)) {
        if (to !== undefined && Date.UTC(year, month - 1, 1) - 14 * 3_600_000 >= to.getTime()) break;
        continue;
      }
      wall = { ...first, year, month };
    }
    const at = instantFromWallClock(wall, timeZone);
    if (to !== undefined && at.getTime() >= to.getTime()) break;
    if (inWindow(at)) result.push(at);
  }
  return result;
}

const ZONES = [
  "UTC",
  "Europe/London",
  "America/New_York",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Asia/Kolkata",
  "Australia/Lord_Howe",
];
const KINDS: Recurrence[] = ["weekly", "biweekly", "monthly"];

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe("1:1 series on luxon match the hand-written expansion they replaced", () => {
  it("for 300 random series, windows and limits (days 28-31 and DST nights included)", { timeout: 60_000 }, () => {
    const r = rng(2024);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
    for (let i = 0; i < 300; i++) {
      const timeZone = pick(ZONES);
      const recurrence = pick(KINDS);
      const w = {
        year: 2024 + Math.floor(r() * 6),
        month: 1 + Math.floor(r() * 12),
        day: r() < 0.4 ? pick([28, 29, 30, 31]) : 1 + Math.floor(r() * 28),
        hour: r() < 0.3 ? pick([0, 1, 2, 3]) : Math.floor(r() * 24),
        minute: pick([0, 15, 30, 45]),
      };
      const start = instantFromWallClock(w, timeZone);
      const from = new Date(start.getTime() + Math.floor(r() * 900) * 86_400_000 - (r() < 0.2 ? 86_400_000 : 0));
      const to = r() < 0.5 ? undefined : new Date(from.getTime() + Math.floor(r() * 200) * 86_400_000);
      const limit = 1 + Math.floor(r() * 60);
      const label = JSON.stringify({ w, timeZone, recurrence, from, to, limit });
      expect(
        occurrences({ start, timeZone, recurrence, from, to, limit }).map((d) => d.toISOString()),
        label,
      ).toEqual(legacyOccurrences(start, timeZone, recurrence, from, to, limit).map((d) => d.toISOString()));
    }
  });
});
