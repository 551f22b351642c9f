import { DateTime } from "luxon";
import { LOCALE } from "./locale";

/**
 * The date and time formats the product shows, by name. Styles the locale words by itself
 * (`Intl` options) read as the locale's own order ("Nov 23, 2026"); the others are fixed word
 * orders the product's mail and titles use ("Monday 23 November"), with the locale's month and day
 * names; they are luxon patterns and go with LOCALE when it changes.
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

const PATTERNS = {
  /** "23 Nov 2026" */
  dayMonthYear: "d LLL yyyy",
  /** "23 November 2026" */
  dayLongMonthYear: "d LLLL yyyy",
  /** "Monday 23 November" */
  weekdayDayMonth: "cccc d LLLL",
  /** "Monday 23 November at 09:00" */
  weekdayDayMonthTime: "cccc d LLLL 'at' HH:mm",
  /** "Monday 23 November at 09:00 GMT" */
  weekdayDayMonthTimeZone: "cccc d LLLL 'at' HH:mm ZZZZ",
  /** "Monday, 23 November 2026 at 09:00 GMT" */
  weekdayDayMonthYearTimeZone: "cccc, d LLLL yyyy 'at' HH:mm ZZZZ",
} as const;

type DateStyle = keyof typeof INTL_STYLES | keyof typeof PATTERNS;

// Building an Intl.DateTimeFormat costs far more than formatting with one: one per style and zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(style: keyof typeof INTL_STYLES, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ""}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALE, { ...INTL_STYLES[style], ...(timeZone ? { timeZone } : {}) });
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
    const pattern = PATTERNS[style as keyof typeof PATTERNS];
    return DateTime.fromJSDate(d, timeZone ? { zone: timeZone } : {})
      .setLocale(LOCALE)
      .toFormat(pattern);
  }
  return formatter(style as keyof typeof INTL_STYLES, timeZone).format(d);
}

/** A calendar day 'YYYY-MM-DD' (no instant, no zone) in a named style: "Nov 23, 2026". */
export function formatDay(isoDay: string, style: DateStyle): string {
  return formatDate(`${isoDay}T00:00:00Z`, style, "UTC");
}
