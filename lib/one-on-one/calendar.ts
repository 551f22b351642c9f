import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
} from "ical-generator";
import { DateTime } from "luxon";
import { tzlib_get_ical_block } from "timezones-ical-library";
import { z } from "zod";
import { safeName } from "@/lib/mail/safe-name";
import { recurrenceSchema, rruleFor, timeZoneSchema } from "./recurrence";

/**
 * RFC 5545 / RFC 5546 (iTIP) invitations for 1:1 meetings, attached to the outbox e-mail.
 *
 * Calendars match updates to the original by UID and keep the copy with the highest SEQUENCE, so:
 * - the UID must be stable for a meeting (or a whole series) for its lifetime; the suggested form
 *   is `<meetingId>@<host>`, e.g. `3f6c…@acme.pulsewell.app`;
 * - every reschedule or cancellation must send a SEQUENCE higher than the last one sent;
 * - a cancellation is METHOD:CANCEL with the same UID and STATUS:CANCELLED.
 * Times are written with the organiser's TZID plus a VTIMEZONE, so a recurring series stays at
 * the same local time across DST changes in every client.
 */

const personSchema = z.object({ name: z.string().trim().min(1), email: z.email() });

// Escaping, in one place. ical-generator escapes TEXT values as RFC 5545 asks (backslash,
// semicolon, comma, line breaks as \n) but lets every other control character through, which
// RFC 5545 does not allow in TEXT; and it writes a quoted parameter (CN="...") with backslash
// escapes that parameters do not have, so a name with a double quote ended the value early and
// the file no longer parsed. So before the generator sees them:
// - TEXT values lose their control characters (tab and, where the field has lines, line breaks
//   stay; the generator escapes those);
// - a name for CN is shown only when it passes the name rule, so it holds no control character
//   (else the person's e-mail address stands in), and is made a valid quoted parameter value:
//   DQUOTE as an apostrophe, backslash as a slash, and "^" written "^^" (RFC 6868, which
//   ical.js decodes, would otherwise read "^n" or "^'" in a name as a line break or a quote).
const CONTROL_BUT_LINES = /[\p{Cc}\u2028\u2029]/gu;
function textValue(value: string, lines: boolean): string {
  const v = value.replace(/\r\n?/g, "\n");
  return v.replace(CONTROL_BUT_LINES, (c) => (c === "\t" || (lines && c === "\n") ? c : " "));
}
function commonName(person: { name: string; email: string }): string {
  const name = safeName(person.name);
  if (!name) return person.email;
  return name.replace(/\^/g, "^^").replace(/"/g, "'").replace(/\\/g, "/");
}

const meetingInvitationInputSchema = z.object({
  method: z.enum(["REQUEST", "CANCEL"]),
  /** Stable per meeting or series, e.g. `<meetingId>@<host>`. */
  uid: z
    .string()
    .trim()
    .min(3)
    .max(255)
    .regex(/^[^\s@]+@[^\s@]+$/, "UID must look like <id>@<host>"),
  sequence: z.number().int().min(0),
  start: z.date().refine((d) => !Number.isNaN(d.getTime()), { message: "Invalid start" }),
  durationMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  timeZone: timeZoneSchema,
  recurrence: recurrenceSchema,
  summary: z.string().trim().min(1).max(500),
  description: z.string().max(10_000).optional(),
  url: z.url().optional(),
  organizer: personSchema,
  attendee: personSchema,
  /**
   * For a change to one occurrence of a series (a reschedule, a single cancellation): the
   * occurrence's original start under the series' rule. The event then carries RECURRENCE-ID
   * (in the organiser's zone, like DTSTART) and no RRULE, so calendars change that one instance.
   */
  recurrenceId: z
    .date()
    .refine((d) => !Number.isNaN(d.getTime()), { message: "Invalid recurrence id" })
    .optional(),
  /** DTSTAMP: when this message was created; injectable so output is reproducible in tests. */
  stamp: z.date().optional(),
});
export type MeetingInvitationInput = z.input<typeof meetingInvitationInputSchema>;

export type CalendarAttachment = {
  filename: string;
  contentType: string;
  content: string;
};

/**
 * The VTIMEZONE for an IANA zone, from timezones-ical-library's bundled tz data (no network).
 * An invitation whose TZID has no VTIMEZONE is not interoperable (Outlook rejects it), so an
 * unknown zone is an error rather than a silently floating time.
 */
function vtimezone(timeZone: string): string {
  const block = tzlib_get_ical_block(timeZone);
  const text = Array.isArray(block) ? block[0] : undefined;
  if (!text || !text.startsWith("BEGIN:VTIMEZONE")) {
    throw new Error(`No VTIMEZONE available for time zone ${timeZone}`);
  }
  return text;
}

export function meetingInvitation(input: MeetingInvitationInput): CalendarAttachment {
  const m = meetingInvitationInputSchema.parse(input);
  const method = m.method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL;

  // The calendar-level zone name stays null: only the generator is needed (it emits a VTIMEZONE
  // for each event's zone). A named calendar zone would also write DTSTAMP as local time, which
  // RFC 5545 forbids (DTSTAMP must be UTC), and add the non-standard TIMEZONE-ID/X-WR-TIMEZONE.
  const calendar = ical({
    prodId: { company: "Pulsewell", product: "Pulsewell 1:1", language: "EN" },
    method,
    timezone: { name: null, generator: vtimezone },
  });

  // ical-generator writes a native Date's TZID time with the *process's* local clock (getHours),
  // which is wrong whenever the server's zone differs from the organiser's. A luxon DateTime is
  // converted with setZone(timeZone) instead, so DTSTART is the organiser's wall-clock time.
  const start = DateTime.fromJSDate(m.start, { zone: m.timeZone });
  const end = start.plus({ minutes: m.durationMinutes });

  // One instance of a series is addressed by RECURRENCE-ID and carries no rule of its own.
  const rule = m.recurrenceId ? null : rruleFor(m.recurrence);
  calendar.createEvent({
    id: m.uid,
    sequence: m.sequence,
    stamp: m.stamp ?? new Date(),
    start,
    end,
    timezone: m.timeZone,
    recurrenceId: m.recurrenceId ? DateTime.fromJSDate(m.recurrenceId, { zone: m.timeZone }) : null,
    // The series is one RRULE, kept on a cancellation too so it clearly removes the whole series.
    repeating: rule
      ? {
          freq: rule.freq === "WEEKLY" ? ICalEventRepeatingFreq.WEEKLY : ICalEventRepeatingFreq.MONTHLY,
          interval: rule.interval,
        }
      : null,
    summary: textValue(m.summary, false),
    description: m.description === undefined ? null : textValue(m.description, true),
    url: m.url ?? null,
    organizer: { name: commonName(m.organizer), email: m.organizer.email },
    attendees: [
      {
        name: commonName(m.attendee),
        email: m.attendee.email,
        role: ICalAttendeeRole.REQ,
        status: ICalAttendeeStatus.NEEDSACTION,
        rsvp: m.method === "REQUEST",
      },
    ],
    status: m.method === "CANCEL" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });

  return {
    filename: m.method === "CANCEL" ? "cancel.ics" : "invite.ics",
    contentType: `text/calendar; charset=utf-8; method=${m.method}`,
    content: calendar.toString(),
  };
}
