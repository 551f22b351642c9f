import { formatDate, relativeTime } from "@/lib/format";

/** The conversation list's time (docs/decisions.md (Screens, texts and limits)): 'Just now' under 1 hour, 'Nh ago'
 * under 24 hours, otherwise a date. */
export function conversationTime(iso: string, now: number = Date.now()): string {
  return relativeTime(iso, now, { minutes: false });
}

/** A bubble's time of day, e.g. "9:05 AM". */
export function messageTime(iso: string | undefined): string {
  if (!iso) return "";
  return formatDate(iso, "time");
}
