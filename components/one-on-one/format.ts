import type { Recurrence } from "@/lib/one-on-one/recurrence";
import type { MeetingListItem, PersonRef } from "@/lib/one-on-one/dto";
import { formatDate } from "@/lib/format";
import { runtimeTimeZone } from "@/lib/format/zones";

// How the 1:1 screens word and show a meeting. Pure (a time zone is a parameter, the browser's
// when left out), so the list, the meeting page and the tests agree. Dates come from the server as
// UTC ISO strings; render them only on the client (useIsClient), since the server cannot know the
// viewer's time zone and a server-rendered text would not match the hydrated one. The
// datetime-local conversions, which need luxon's wall-clock maths, are in date-time-local.ts, so
// only the forms that load them lazily bring luxon into the browser.

/** The viewer's IANA time zone (the browser's), UTC when the runtime does not say. */
export function browserTimeZone(): string {
  return runtimeTimeZone();
}

/** 'Tue, Dec 1, 2026, 10:00 AM' in `timeZone` (the viewer's by default); '' for an unreadable date. */
export function formatMeetingDateTime(iso: string, timeZone?: string): string {
  return formatDate(iso, "weekdayDateTime", timeZone);
}

/** 'Tuesday, December 1, 2026'. */
export function formatMeetingDate(iso: string, timeZone?: string): string {
  return formatDate(iso, "weekdayDate", timeZone);
}

/** '10:00 AM – 10:30 AM'. */
export function formatMeetingTimeRange(iso: string, durationMinutes: number, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${formatDate(d, "time", timeZone)} – ${formatDate(d.getTime() + durationMinutes * 60_000, "time", timeZone)}`;
}

/** '30 min', '1 h', '1 h 30 min'. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return "";
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

export const RECURRENCE_LABELS: Record<Recurrence, string> = {
  none: "Does not repeat",
  weekly: "Weekly",
  biweekly: "Every two weeks",
  monthly: "Monthly",
};

/** The short hint on a list row: null for a one-off meeting. */
export function recurrenceHint(recurrence: Recurrence): string | null {
  return recurrence === "none" ? null : RECURRENCE_LABELS[recurrence];
}

export const DURATION_CHOICES = [15, 30, 45, 60, 90] as const;
export const DEFAULT_DURATION = 30;

export function fullName(p: Pick<PersonRef, "firstName" | "lastName">): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/** The other person of the meeting, seen from the caller's side. */
export function otherPerson(m: Pick<MeetingListItem, "role" | "manager" | "employee">): PersonRef {
  return m.role === "manager" ? m.employee : m.manager;
}

/** 'Meeting with {first} {last}', naming the other person. */
export function meetingTitle(m: Pick<MeetingListItem, "role" | "manager" | "employee">): string {
  return `Meeting with ${fullName(otherPerson(m))}`;
}

/** The tabs of '1:1 Meetings', as the address's ?tab= names them (My Meetings has none). Here,
 * not in the client page, so the server page can read them too. */
const MEETINGS_TABS = ["meetings", "schedule", "templates"] as const;
export type MeetingsTab = (typeof MEETINGS_TABS)[number];
export function meetingsTab(value: unknown): MeetingsTab {
  return MEETINGS_TABS.find((t) => t === value) ?? "meetings";
}
