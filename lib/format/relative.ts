import { formatDate } from "./dates";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Short "how long ago" text: Just now, 5m ago, 3h ago, then a date. Notifications count minutes;
 * Boss Bot's conversation list says 'Just now' for the whole first hour: `{ minutes: false }`.
 */
export function relativeTime(iso: string, now: number = Date.now(), opts: { minutes?: boolean } = {}): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "";
  const diff = Math.max(0, now - then);
  if (diff < (opts.minutes === false ? HOUR : MINUTE)) return "Just now";
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const sameYear = new Date(then).getFullYear() === new Date(now).getFullYear();
  return formatDate(then, sameYear ? "monthDay" : "date");
}
