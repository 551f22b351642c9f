import { DateTime, IANAZone, SystemZone } from "luxon";

// Wall-clock time in IANA time zones, on luxon: the pulse schedule (lib/surveys/schedule.ts) and
// 1:1 series (lib/one-on-one/recurrence.ts) both keep a local time across daylight-saving changes
// with these.

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second?: number };

/** Whether a name is an IANA time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone || timeZone.length > 64) return false;
  return IANAZone.isValidZone(timeZone);
}

/** Every time zone the runtime knows, for the settings form (UTC first). */
export function timeZoneNames(): string[] {
  // Listing the runtime's zones is not formatting: the one Intl use outside lib/format.
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((n) => n !== "UTC")];
}

/** The runtime's own zone (the browser's on the client), UTC when the runtime does not say. */
export function runtimeTimeZone(): string {
  try {
    return SystemZone.instance.name || "UTC";
  } catch {
    return "UTC";
  }
}

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

// Searching the list in the settings form's time zone picker (components/settings/time-zone-picker.tsx).

/** How a zone reads in the picker: "America/New_York" as "America/New York". */
export function timeZoneLabel(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}

// Lower case, accents off, and "_", "/", "-" read as spaces, so "new york", "new_york" and
// "america/new" all find America/New_York, and "sao paulo" finds America/Sao_Paulo.
function searchable(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[\s_/-]+/g, " ")
    .trim();
}

/**
 * The zones matching a typed query, best first. Every word typed must start a word of the zone's
 * name ("new y" finds America/New_York); zones whose city (the last part) starts with the query
 * come first, shortest city first, then the rest in the list's order. Only when nothing matches that way are words found
 * inside names ("angeles"). The suggested zone (the browser's) leads its group, and leads the whole
 * list when nothing is typed.
 */
export function searchTimeZones(names: readonly string[], query: string, suggested?: string | null): string[] {
  const q = searchable(query);
  const words = q.split(" ").filter(Boolean);
  const lead = (list: string[]) =>
    suggested && list.includes(suggested) ? [suggested, ...list.filter((n) => n !== suggested)] : list;
  if (words.length === 0) return lead([...names]);
  const cityFirst: string[] = [];
  const wordStart: string[] = [];
  const inside: string[] = [];
  for (const name of names) {
    const hay = searchable(name);
    const parts = hay.split(" ");
    if (words.every((w) => parts.some((p) => p.startsWith(w)))) {
      (searchable(name.slice(name.lastIndexOf("/") + 1)).startsWith(q) ? cityFirst : wordStart).push(name);
    } else if (words.every((w) => hay.includes(w))) inside.push(name);
  }
  // Among cities starting with the query, the shortest is the closest to what was typed: "lon"
  // offers London before Longyearbyen, "par" Paris before Paramaribo (a stable sort keeps the
  // list's order between cities of one length).
  const city = (name: string) => name.length - name.lastIndexOf("/") - 1;
  cityFirst.sort((a, b) => city(a) - city(b));
  return cityFirst.length + wordStart.length > 0 ? [...lead(cityFirst), ...lead(wordStart)] : lead(inside);
}

/** The browser's zone when the list knows it (the suggestion), else null. */
export function suggestedTimeZone(names: readonly string[], browserZone: string | null | undefined): string | null {
  return browserZone && names.includes(browserZone) ? browserZone : null;
}
