import { z } from "zod";

/**
 * How a 1:1 series repeats. Each kind maps to exactly one RFC 5545 RRULE (see `rruleFor`), and
 * `occurrences` expands it the way a calendar client expands that RRULE, so the meeting list in
 * Pulsewell and the attendee's calendar agree.
 */
export const RECURRENCE_KINDS = ["none", "weekly", "biweekly", "monthly"] as const;
export const recurrenceSchema = z.enum(RECURRENCE_KINDS);
export type Recurrence = z.infer<typeof recurrenceSchema>;

export type RecurrenceRule = { freq: "WEEKLY" | "MONTHLY"; interval: number };

/** The RRULE parts for a recurring series; `null` for a single meeting. */
export function rruleFor(recurrence: Recurrence): RecurrenceRule | null {
  switch (recurrence) {
    case "none":
      return null;
    case "weekly":
      return { freq: "WEEKLY", interval: 1 };
    case "biweekly":
      return { freq: "WEEKLY", interval: 2 };
    case "monthly":
      return { freq: "MONTHLY", interval: 1 };
  }
}

/** True when the runtime's ICU knows the IANA zone (Intl throws a RangeError otherwise). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().min(1).refine(isTimeZone, { message: "Unknown time zone" });

/** Hard ceiling so a caller cannot ask for an unbounded expansion. */
export const MAX_OCCURRENCES = 1000;

export const occurrencesInputSchema = z
  .object({
    start: z.date(),
    timeZone: timeZoneSchema,
    recurrence: recurrenceSchema,
    /** Inclusive lower bound; defaults to `start`. */
    from: z.date().optional(),
    /** Exclusive upper bound. */
    to: z.date().optional(),
    limit: z.number().int().min(1).max(MAX_OCCURRENCES).default(100),
  })
  .refine((v) => !Number.isNaN(v.start.getTime()), { message: "Invalid start" });
export type OccurrencesInput = z.input<typeof occurrencesInputSchema>;

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number };

// One formatter per zone: constructing Intl.DateTimeFormat is far slower than formatting.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local wall-clock reading of an instant in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour!,
    minute: parts.minute!,
    second: parts.second!,
  };
}

function wallAsUtcMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
}

function offsetMs(instantMs: number, timeZone: string): number {
  return wallAsUtcMs(wallClock(new Date(instantMs), timeZone)) - Math.floor(instantMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which `timeZone`'s clocks read `w`. Follows RFC 5545 section 3.3.5: a time that
 * occurs twice (clocks going back) means the first of the two; a time skipped by clocks going
 * forward is read with the offset from before the gap (02:30 on a spring-forward night becomes
 * 03:30), which is what calendar clients do with the same DTSTART and RRULE.
 */
export function instantFromWallClock(w: WallClock, timeZone: string): Date {
  const asUtc = wallAsUtcMs(w);
  // Offsets a day either side bracket any single transition.
  const before = offsetMs(asUtc - DAY_MS, timeZone);
  const after = offsetMs(asUtc + DAY_MS, timeZone);
  const matches = [...new Set([before, after])]
    .map((o) => asUtc - o)
    .filter((t) => wallAsUtcMs(wallClock(new Date(t), timeZone)) === asUtc);
  if (matches.length > 0) return new Date(Math.min(...matches));
  return new Date(asUtc - before);
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The starts of a series' meetings within [from, to), at most `limit` of them, earliest first.
 * The wall-clock time is kept in the organiser's zone (a 09:00 Monday meeting stays 09:00 local
 * across DST changes). Monthly series fall on the start's day of month; like RRULE FREQ=MONTHLY,
 * months without that day (the 31st in April, the 30th in February) are skipped, not clamped.
 */
export function occurrences(input: OccurrencesInput): Date[] {
  const { start, timeZone, recurrence, from = start, to, limit } = occurrencesInputSchema.parse(input);
  const rule = rruleFor(recurrence);
  const inWindow = (d: Date) => d.getTime() >= from.getTime() && (to === undefined || d.getTime() < to.getTime());

  if (rule === null) return inWindow(start) ? [new Date(start)] : [];

  const first = wallClock(start, timeZone);
  const result: Date[] = [];

  // Skip whole periods before `from` instead of walking from the start of a long series. The
  // estimate is conservative (one period early), and the loop filters exactly.
  const gapMs = Math.max(0, from.getTime() - start.getTime());
  let k =
    rule.freq === "WEEKLY"
      ? Math.max(0, Math.floor(gapMs / (7 * rule.interval * DAY_MS)) - 1)
      : Math.max(0, Math.floor(gapMs / (31 * DAY_MS)) - 1);

  for (; result.length < limit; k++) {
    let wall: WallClock;
    if (rule.freq === "WEEKLY") {
      // Calendar-day arithmetic on the local date, so the weekday and time never drift.
      const day = new Date(Date.UTC(first.year, first.month - 1, first.day + 7 * rule.interval * k));
      wall = { ...first, year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    } else {
      const monthIndex = first.month - 1 + rule.interval * k;
      const year = first.year + Math.floor(monthIndex / 12);
      const month = (monthIndex % 12) + 1;
      if (first.day > daysInMonth(year, month)) {
        // Skipped month; still stop once we are past the window.
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
