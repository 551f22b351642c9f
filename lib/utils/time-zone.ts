import { DateTime, IANAZone } from "luxon";

// Zone names (checking, listing, searching, the runtime's own) need no luxon: they are in
// lib/format/zones.ts, which client code can import without downloading luxon.

// Wall-clock time in IANA time zones, on luxon: the pulse schedule (lib/surveys/schedule.ts) and
// 1:1 series (lib/one-on-one/recurrence.ts) both keep a local time across daylight-saving changes
// with these.

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second?: number };

// luxon checks a zone name given as text by building an Intl formatter each time; a zone object
// skips that. An unknown zone throws, as the callers expect (they validate names at the edge).
function zoneOf(timeZone: string): IANAZone {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return zone;
}

/** The local wall-clock reading of an instant in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): Required<WallClock> {
  const { year, month, day, hour, minute, second } = DateTime.fromJSDate(instant, { zone: zoneOf(timeZone) });
  return { year, month, day, hour, minute, second };
}

/**
 * The instant at which `timeZone`'s clocks read `w` (out-of-range fields roll over, as Date.UTC
 * does). As RFC 5545 section 3.3.5 reads a DTSTART: a time that occurs twice (clocks going back)
 * means the first of the two; a time skipped by clocks going forward is read with the offset from
 * before the gap (02:30 on a spring-forward night becomes 03:30), which is also what calendar
 * clients do with the same DTSTART and RRULE.
 */
export function instantFromWallClock(w: WallClock, timeZone: string): Date {
  const n = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0));
  const local = DateTime.fromObject(
    {
      year: n.getUTCFullYear(),
      month: n.getUTCMonth() + 1,
      day: n.getUTCDate(),
      hour: n.getUTCHours(),
      minute: n.getUTCMinutes(),
      second: n.getUTCSeconds(),
    },
    { zone: zoneOf(timeZone) },
  );
  // luxon reads a repeated time as the later one; the first of the two is the earlier instant.
  return new Date(Math.min(...local.getPossibleOffsets().map((d) => d.toMillis())));
}
