import { LOCALE } from "./locale";

/**
 * The date and time formats the product shows, by name. Styles the locale words by itself
 * (`Intl` options) read as the locale's own order ("Nov 23, 2026"); the others are fixed word
 * orders the product's mail and titles use ("Monday 23 November"), with the locale's month and day
 * names; they are assembled from the locale's parts (formatToParts) and their order goes with
 * LOCALE when it changes.
 */
const INTL_STYLES = {
  /** "Nov 23, 2026" */
  date: { month: "short", day: "numeric", year: "numeric" },
  /** "Nov 23" */
  monthDay: { month: "short", day: "numeric" },
  /** "November 23, 2026" */
  longDate: { dateStyle: "long" },
  /** "Monday, November 23, 2026" */
  weekdayDate: { weekday: "long", month: "long", day: "numeric", year: "numeric" },
  /** "Nov 23, 2026, 9:00 AM" */
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  /** "Mon, Nov 23, 2026, 9:00 AM" */
  weekdayDateTime: {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  },
  /** "11/23/2026, 9:00:00 AM" (a tooltip's full reading) */
  numericDateTime: {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  },
  /** "9:00 AM" */
  time: { hour: "numeric", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type Parts = Record<"weekday" | "day" | "month" | "shortMonth" | "year" | "hour" | "minute" | "zone", string>;

const PATTERNS = {
  /** "23 Nov 2026" */
  dayMonthYear: (p: Parts) => `${p.day} ${p.shortMonth} ${p.year}`,
  /** "23 November 2026" */
  dayLongMonthYear: (p: Parts) => `${p.day} ${p.month} ${p.year}`,
  /** "Monday 23 November" */
  weekdayDayMonth: (p: Parts) => `${p.weekday} ${p.day} ${p.month}`,
  /** "Monday 23 November at 09:00" */
  weekdayDayMonthTime: (p: Parts) => `${p.weekday} ${p.day} ${p.month} at ${p.hour}:${p.minute}`,
  /** "Monday 23 November at 09:00 GMT" */
  weekdayDayMonthTimeZone: (p: Parts) => `${p.weekday} ${p.day} ${p.month} at ${p.hour}:${p.minute} ${p.zone}`,
  /** "Monday, 23 November 2026 at 09:00 GMT" */
  weekdayDayMonthYearTimeZone: (p: Parts) =>
    `${p.weekday}, ${p.day} ${p.month} ${p.year} at ${p.hour}:${p.minute} ${p.zone}`,
} as const;

// The pieces the fixed word orders are made of: the locale's names, a 24-hour clock, the zone's
// short name ("GMT", "EST", "UTC").
const PART_STYLES = {
  long: {
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  },
  short: { month: "short" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = keyof typeof INTL_STYLES | keyof typeof PATTERNS;

// Building an Intl.DateTimeFormat costs far more than formatting with one: one per style and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(
  style: keyof typeof INTL_STYLES | `parts:${keyof typeof PART_STYLES}`,
  timeZone: string | undefined,
): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    const options = style.startsWith("parts:")
      ? PART_STYLES[style.slice(6) as keyof typeof PART_STYLES]
      : INTL_STYLES[style as keyof typeof INTL_STYLES];
    f = new Intl.DateTimeFormat(LOCALE, { ...options, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, f);
  }
  return f;
}

/**
 * An instant (a Date, ISO text or epoch milliseconds) in a named style, read in `timeZone`, or in
 * the runtime's zone when none is given (the browser's on the client: render such texts on the
 * client only, or pass a zone so server and browser write the same text). "" for an unreadable date.
 */
export function formatDate(value: Date | string | number, style: DateStyle, timeZone?: string): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return "";
  if (style in PATTERNS) {
    return PATTERNS[style as keyof typeof PATTERNS](partsOf(d, timeZone));
  }
  return formatter(style as keyof typeof INTL_STYLES, timeZone).format(d);
}

function partsOf(d: Date, timeZone: string | undefined): Parts {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of formatter("parts:long", timeZone).formatToParts(d)) parts[type] = value;
  const shortMonth = formatter("parts:short", timeZone).format(d);
  return {
    weekday: parts.weekday ?? "",
    day: parts.day ?? "",
    month: parts.month ?? "",
    shortMonth,
    // yyyy: a year of four digits at least, as "0099".
    year: (parts.year ?? "").padStart(4, "0"),
    hour: parts.hour ?? "",
    minute: parts.minute ?? "",
    zone: parts.timeZoneName ?? "",
  };
}

/** A calendar day 'YYYY-MM-DD' (no instant, no zone) in a named style: "Nov 23, 2026". */
export function formatDay(isoDay: string, style: DateStyle): string {
  return formatDate(`${isoDay}T00:00:00Z`, style, "UTC");
}
