// Time zone names for the browser: checking, listing and searching them, and the runtime's own
// zone, on Intl alone. Client components import this rather than lib/utils/time-zone.ts, whose
// wall-clock maths brings luxon (about 20 KiB gz) into every page that imports it.

// Building a formatter is how a runtime says whether it knows a zone; remember the names it knows
// (a few hundred at most). Unknown names are not remembered: they come from visitors (the signup
// form), and remembering them would let anyone grow this map without end.
const known = new Map<string, string>();

/** The runtime's own spelling of an IANA zone name ("europe/london" -> "Europe/London"), or null
 * when it does not know the zone. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (!timeZone || timeZone.length > 64) return null;
  const hit = known.get(timeZone);
  if (hit !== undefined) return hit;
  try {
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone }).resolvedOptions().timeZone;
    known.set(timeZone, canonical);
    return canonical;
  } catch {
    return null;
  }
}

/** Whether a name is an IANA time zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  return canonicalTimeZone(timeZone) !== null;
}

/** Every time zone the runtime knows, for the settings form (UTC first). */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return ["UTC", ...names.filter((n) => n !== "UTC")];
}

/** The runtime's own zone (the browser's on the client), UTC when the runtime does not say. */
export function runtimeTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
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
