// The pulse schedule's edge schema, shared by PATCH /api/organizations/{orgId}/pulse-schedule and
// the settings form (so both say the same thing about a bad time or zone).
import { z } from "zod";
// Zone names from lib/format/zones, not lib/utils/time-zone: the form runs in the browser, and
// lib/utils/time-zone would bring luxon's wall-clock maths with it, which the form never uses.
import { isValidTimeZone } from "@/lib/format/zones";

/** "09:00": a 24-hour time, as the schedule stores it (lib/surveys/schedule.ts reads it). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

export const pulseScheduleSchema = z.object({
  pulseEnabled: z.boolean(),
  pulseWeekday: z.number().int().min(0, "Choose a day of the week").max(6, "Choose a day of the week"),
  pulseTime: z.string().regex(TIME_PATTERN, "Use a 24-hour time such as 09:00"),
  pulseTimeZone: z.string().refine(isValidTimeZone, "Choose a valid time zone, such as Europe/London"),
  organizationId: z.string().optional(),
});

export type PulseScheduleInput = z.infer<typeof pulseScheduleSchema>;
export type PulseScheduleDto = {
  pulseEnabled: boolean;
  pulseWeekday: number;
  pulseTime: string;
  pulseTimeZone: string;
  /** The next scheduled send, or null while the pulse is paused. */
  nextSendAt: string | null;
};
