// Wall-clock time in IANA time zones, on the runtime's Intl data (no date library): the pulse
// schedule (lib/surveys/schedule.ts) and 1:1 series (lib/one-on-one/recurrence.ts) both keep a
// local time across daylight-saving changes with these.

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second?: number };

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

// One formatter per zone: constructing Intl.DateTimeFormat is far slower than formatting.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local wall-clock reading of an instant in `timeZone`. */
export function wallClock(instant: Date, timeZone: string): Required<WallClock> {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(instant)) if (p.type !== "literal") parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

function wallAsUtcMs(w: WallClock): number {
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second ?? 0);
}

function offsetMs(instantMs: number, timeZone: string): number {
  return wallAsUtcMs(wallClock(new Date(instantMs), timeZone)) - Math.floor(instantMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The instant at which `timeZone`'s clocks read `w`. As RFC 5545 section 3.3.5 reads a DTSTART: a
 * time that occurs twice (clocks going back) means the first of the two; a time skipped by clocks
 * going forward is read with the offset from before the gap (02:30 on a spring-forward night
 * becomes 03:30), which is also what calendar clients do with the same DTSTART and RRULE.
 */
export function instantFromWallClock(w: WallClock, timeZone: string): Date {
  const asUtc = wallAsUtcMs(w);
  // Offsets a day either side bracket any single transition.
  const before = offsetMs(asUtc - DAY_MS, timeZone);
  const after = offsetMs(asUtc + DAY_MS, timeZone);
  const matches = [...new Set([before, after])].map((o) => asUtc - o).filter((t) => wallAsUtcMs(wallClock(new Date(t), timeZone)) === asUtc);
  if (matches.length > 0) return new Date(Math.min(...matches));
  return new Date(asUtc - before);
}
