import { DateTime } from "luxon";
import { z } from "zod";
import { instantFromWallClock, wallClock } from "@/lib/utils/time-zone";
import { isValidTimeZone } from "@/lib/format/zones";

const DAY_MS = 86_400_000;

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

export const timeZoneSchema = z.string().min(1).refine(isValidTimeZone, { message: "Unknown time zone" });

/** Hard ceiling so a caller cannot ask for an unbounded expansion. */
export const MAX_OCCURRENCES = 1000;

const occurrencesInputSchema = z
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

  // Calendar steps on the local start (luxon, on a zone-less copy so the weekday and time never
  // drift), then each step placed in the organiser's zone.
  const first = DateTime.fromObject(wallClock(start, timeZone), { zone: "UTC" });
  const result: Date[] = [];

  // Skip whole periods before `from` instead of walking from the start of a long series. The
  // estimate is conservative (one period early), and the loop filters exactly.
  const gapMs = Math.max(0, from.getTime() - start.getTime());
  let k =
    rule.freq === "WEEKLY"
      ? Math.max(0, Math.floor(gapMs / (7 * rule.interval * DAY_MS)) - 1)
      : Math.max(0, Math.floor(gapMs / (31 * DAY_MS)) - 1);

  for (; result.length < limit; k++) {
    const local =
      rule.freq === "WEEKLY" ? first.plus({ weeks: rule.interval * k }) : first.plus({ months: rule.interval * k });
    // luxon moves the 31st to a shorter month's last day; RRULE skips that month instead (still
    // stopping once past the window).
    if (rule.freq === "MONTHLY" && local.day !== first.day) {
      if (to !== undefined && local.startOf("month").toMillis() - 14 * 3_600_000 >= to.getTime()) break;
      continue;
    }
    const at = instantFromWallClock(local, timeZone);
    if (to !== undefined && at.getTime() >= to.getTime()) break;
    if (inWindow(at)) result.push(at);
  }
  return result;
}
