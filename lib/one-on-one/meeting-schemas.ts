import { z } from "zod";
import { recurrenceSchema, timeZoneSchema } from "./recurrence";
import { entityId, type Entity } from "@/lib/validation/entity-id";

// Request bodies and queries of the meeting routes, shared by the routes and the
// client. Client-safe: no server code. Rules that need the database or the clock (a date in the
// future, an employee the caller may schedule with) are checked by lib/one-on-one/meetings.ts
// and answered under the same field names.

const MEETING_MIN_MINUTES = 15;
const MEETING_MAX_MINUTES = 240;
const MEETING_DEFAULT_MINUTES = 30;
const MEETING_NOTE_MAX = 5000;

const uuid = (entity: Entity, message: string) =>
  z.string({ error: message }).trim().toLowerCase().pipe(entityId(entity, message));

/** An instant: an ISO 8601 string with its offset (the wire) or a Date (server callers, and a
 * body the route already parsed, so the domain function can parse again). */
const instant = z.union(
  [
    z.date().refine((d) => !Number.isNaN(d.getTime())),
    z
      .string()
      .trim()
      .pipe(z.iso.datetime({ offset: true }))
      .transform((v) => new Date(v)),
  ],
  { error: "Choose a date and time (ISO 8601 with its offset, e.g. 2026-03-02T09:00:00+01:00)" },
);

const duration = z
  .number({ error: "Duration must be a number of minutes" })
  .int("Duration must be a whole number of minutes")
  .min(MEETING_MIN_MINUTES, `Duration is at least ${MEETING_MIN_MINUTES} minutes`)
  .max(MEETING_MAX_MINUTES, `Duration is at most ${MEETING_MAX_MINUTES} minutes`);

export const scheduleMeetingSchema = z
  .object({
    employeeId: uuid("user", "Choose a team member"),
    templateId: uuid("template", "Unknown template").optional().nullable(),
    scheduledAt: instant,
    // Optional: the documented payload has none; the workspace's zone serves then (meetings.ts).
    timeZone: z.string({ error: "Choose a time zone" }).pipe(timeZoneSchema).optional(),
    durationMinutes: duration.default(MEETING_DEFAULT_MINUTES),
    recurrence: recurrenceSchema.default("none"),
    managerId: uuid("user", "You can only schedule your own 1:1s").optional(),
    status: z.literal("scheduled", { error: "A new meeting is scheduled" }).optional(),
  })
  .strict();
export type ScheduleMeetingBody = z.input<typeof scheduleMeetingSchema>;

const noteField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .max(MEETING_NOTE_MAX, `${label} is at most ${MEETING_NOTE_MAX} characters`);

export const updateMeetingSchema = z
  .object({
    wins: noteField("Wins").optional(),
    challenges: noteField("Challenges").optional(),
    goals: noteField("Goals").optional(),
    feedback: noteField("Feedback").optional(),
    notes: noteField("Notes").optional(),
    status: z.literal("completed", { error: "A meeting can only be marked completed here" }).optional(),
    completedAt: instant.optional(),
    /** Completing more than a day before the meeting is refused unless this says the person confirmed it. */
    confirmEarly: z.boolean({ error: "confirmEarly is true or false" }).optional(),
  })
  .strict();
export type UpdateMeetingBody = z.input<typeof updateMeetingSchema>;

export const rescheduleMeetingSchema = z
  .object({ scheduledAt: instant, durationMinutes: duration.optional() })
  .strict();
export type RescheduleMeetingBody = z.input<typeof rescheduleMeetingSchema>;

export const cancelMeetingSchema = z
  .object({
    scope: z.enum(["occurrence", "series"], { error: "Choose this meeting or the whole series" }).default("occurrence"),
  })
  .strict();
export type CancelMeetingBody = z.input<typeof cancelMeetingSchema>;

const when = z.enum(["upcoming", "past"], { error: "when is upcoming or past" }).default("upcoming");
const cursor = z.string().max(200, "Invalid cursor").optional();

export const listMeetingsQuerySchema = z.object({
  personId: uuid("user", "Unknown person").optional(),
  when,
  cursor,
  /** meetings: one row per meeting (the documented list); series: one row per series, its next (or
   * latest past) meeting standing for it. */
  view: z.enum(["meetings", "series"], { error: "view is meetings or series" }).default("meetings"),
});
export type ListMeetingsQueryInput = z.input<typeof listMeetingsQuerySchema>;

/** The occurrences of one series, upcoming or past, a page at a time. */
export const seriesMeetingsQuerySchema = z.object({ when, cursor });
export type SeriesMeetingsQueryInput = z.input<typeof seriesMeetingsQuerySchema>;
