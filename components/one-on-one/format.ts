import type { Recurrence } from "@/lib/one-on-one/recurrence";
import type { MeetingListItem, PersonRef } from "@/lib/one-on-one/dto";
import { formatDate } from "@/lib/format";
import { instantFromWallClock, runtimeTimeZone, wallClock } from "@/lib/utils/time-zone";

// How the 1:1 screens word and show a meeting. Pure (a time zone is a parameter, the browser's
// when left out), so the list, the meeting page and the tests agree. Dates come from the server as
// UTC ISO strings; render them only on the client (useIsClient), since the server cannot know the
// viewer's time zone and a server-rendered text would not match the hydrated one.

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

const pad = (n: number) => String(n).padStart(2, "0");

/** A datetime-local input's value ('YYYY-MM-DDTHH:mm') for an instant, read in `timeZone`. */
export function toDateTimeLocal(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`;
}

const LOCAL_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * A datetime-local value read as a wall-clock time in `timeZone`, as an ISO instant (UTC), or null
 * when the text is not such a value. A time skipped by a daylight-saving change moves forward (as
 * calendars do: see instantFromWallClock).
 */
export function fromDateTimeLocal(value: string, timeZone: string): string | null {
  const m = LOCAL_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((s) => (s === undefined ? 0 : Number(s))) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59 || second! > 59) return null;
  // Reject 2026-02-31 and the like: the date must read back as typed.
  const probe = new Date(Date.UTC(year!, month! - 1, day!));
  if (probe.getUTCMonth() !== month! - 1) return null;
  return instantFromWallClock(
    { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! },
    timeZone,
  ).toISOString();
}

/** The tabs of '1:1 Meetings', as the address's ?tab= names them (My Meetings has none). Here,
 * not in the client page, so the server page can read them too. */
const MEETINGS_TABS = ["meetings", "schedule", "templates"] as const;
export type MeetingsTab = (typeof MEETINGS_TABS)[number];
export function meetingsTab(value: unknown): MeetingsTab {
  return MEETINGS_TABS.find((t) => t === value) ?? "meetings";
}
