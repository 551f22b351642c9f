import { instantFromWallClock, wallClock } from "@/lib/utils/time-zone";

// A datetime-local input's text and the instant it means in a time zone, both ways. luxon does
// the wall-clock maths, so this module stays out of components/one-on-one/format.ts: only the
// schedule form and the reschedule dialog import it, and both are loaded when they open.

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local input's value ('YYYY-MM-DDTHH:mm') for an instant, read in `timeZone`. */
export function toDateTimeLocal(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value read as a wall-clock time in `timeZone`, as an ISO instant (UTC), or null
 * when the text is not such a value. A time skipped by a daylight-saving change moves forward (as
 * calendars do: see instantFromWallClock).
 */
export function fromDateTimeLocal(value: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => (s === undefined ? 0 : Number(s))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59 || second! > 59) return null;
  // Reject 2026-02-31 and the like: the date must read back as typed.
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCMonth() !== month! - 1) return null;
  return instantFromWallClock(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
    timeZone,
  ).toISOString();
}
