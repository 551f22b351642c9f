// When an organisation's weekly pulse goes out, in its own time zone (decisions.md: day, time and
// time zone per organisation, default Monday 09:00). Pure, on the runtime's Intl time zone data,
// so daylight-saving changes are handled as the zone's rules say.

export type PulseSchedule = { weekday: number; time: string; timeZone: string };
export type PulseSlot = {
  /** The local date of the send, 'YYYY-MM-DD': the round's key, unique per organisation. */
  roundKey: string;
  sendAt: Date;
  /** Whether sendAt is at or before now. */
  passed: boolean;
};

export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether a name is an IANA time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Every time zone the runtime knows, for the settings form (UTC first). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((n) => n !== "UTC")];
}

type Wall = { y: number; mo: number; d: number; h: number; mi: number };

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in a zone. */
function wallOf(t: number, timeZone: string): Wall & { s: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(t))) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { y: parts.year!, mo: parts.month!, d: parts.day!, h: parts.hour!, mi: parts.minute!, s: parts.second! };
}

const wallAsUtc = (w: Wall) => Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi);

/** The zone's offset from UTC at an instant, in ms (local minus UTC). */
function offsetAt(t: number, timeZone: string): number {
  const w = wallOf(t, timeZone);
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(t / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a zone. A time that occurs twice (clocks go back) is its
 * first occurrence; a time that does not exist (clocks go forward) moves forward by the gap, so
 * 02:30 on a spring-forward night is sent at 03:30.
 */
export function zonedTimeToInstant(w: Wall, timeZone: string): Date {
  const target = wallAsUtc(w);
  const day = 86_400_000;
  const before = offsetAt(target - day, timeZone);
  const after = offsetAt(target + day, timeZone);
  const candidates = [target - before, target - after].filter((t) => {
    const back = wallOf(t, timeZone);
    return wallAsUtc(back) === target;
  });
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(target - before);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateKey = (y: number, mo: number, d: number) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;

/**
 * This week's send of a schedule: the week runs from the scheduled weekday (local midnight) to the
 * day before the next one, so on the send day before the send time, this week's send is still
 * ahead (passed false).
 */
export function currentSlot(schedule: PulseSchedule, now: Date): PulseSlot {
  const match = TIME_PATTERN.exec(schedule.time);
  if (!match) throw new Error(`schedule: not an HH:MM time: ${schedule.time}`);
  if (!Number.isInteger(schedule.weekday) || schedule.weekday < 0 || schedule.weekday > 6) throw new Error("schedule: weekday must be 0-6");
  const local = wallOf(now.getTime(), schedule.timeZone);
  const localDay = new Date(Date.UTC(local.y, local.mo - 1, local.d));
  const back = (localDay.getUTCDay() - schedule.weekday + 7) % 7;
  const sendDay = new Date(localDay.getTime() - back * 86_400_000);
  const wall = { y: sendDay.getUTCFullYear(), mo: sendDay.getUTCMonth() + 1, d: sendDay.getUTCDate(), h: Number(match[1]), mi: Number(match[2]) };
  const sendAt = zonedTimeToInstant(wall, schedule.timeZone);
  return { roundKey: dateKey(wall.y, wall.mo, wall.d), sendAt, passed: sendAt.getTime() <= now.getTime() };
}

/** The next send after now (for the settings and surveys pages). */
export function nextSend(schedule: PulseSchedule, now: Date): PulseSlot {
  const slot = currentSlot(schedule, now);
  if (!slot.passed) return slot;
  // A week and three hours after this send lies in next week's window whatever the DST shift.
  const next = currentSlot(schedule, new Date(slot.sendAt.getTime() + 7 * 86_400_000 + 3 * 3_600_000));
  return { ...next, passed: false };
}

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDateOf(now: Date, timeZone: string): string {
  const w = wallOf(now.getTime(), timeZone);
  return dateKey(w.y, w.mo, w.d);
}
