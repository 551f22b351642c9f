const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The conversation list's time (spec sections 2 and 9): 'Just now' under 1 hour, 'Nh ago' under
 * 24 hours, otherwise a date. */
export function conversationTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return "";
  const diff = Math.max(0, now - then);
  if (diff < HOUR) return "Just now";
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  const sameYear = new Date(then).getFullYear() === new Date(now).getFullYear();
  return new Date(then).toLocaleDateString("en-US", { month: "short", day: "numeric", ...(sameYear ? {} : { year: "numeric" }) });
}

/** A bubble's time of day, e.g. "9:05 AM". */
export function messageTime(iso: string | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}
