import { z } from "zod";
import { RECURRENCE_KINDS } from "@/lib/one-on-one/recurrence";
import { DEFAULT_DURATION, DURATION_CHOICES } from "@/components/one-on-one/format";
import { fromDateTimeLocal } from "@/components/one-on-one/date-time-local";
import type { ScheduleBody } from "@/components/one-on-one/use-meetings";

// The Schedule New form's values (strings, as its controls hold them) and their checks in the
// browser. The server checks the body again (POST /api/meetings/one-on-one) and answers with
// messages under the same field names, which the form shows under these fields.

export type ScheduleValues = {
  employeeId: string;
  templateId: string;
  scheduledAt: string;
  durationMinutes: string;
  recurrence: string;
};

export const SCHEDULE_INITIAL: ScheduleValues = {
  employeeId: "",
  templateId: "",
  scheduledAt: "",
  durationMinutes: String(DEFAULT_DURATION),
  recurrence: "none",
};

/** The fields whose absence gets 'Missing Information' / 'Please fill in all required fields'. */
export function missingRequired(v: ScheduleValues): boolean {
  return v.employeeId.trim() === "" || v.scheduledAt.trim() === "";
}

/** The schema for one time zone and one "now" (both given, so it is pure for tests). */
export function scheduleSchema(timeZone: string, now: () => number = Date.now) {
  return z
    .object({
      employeeId: z.string().trim().min(1, "Choose a team member"),
      templateId: z.string().trim(),
      scheduledAt: z
        .string()
        .trim()
        .min(1, "Choose a date and time")
        .superRefine((v, ctx) => {
          if (!v) return;
          const iso = fromDateTimeLocal(v, timeZone);
          if (!iso) ctx.addIssue({ code: "custom", message: "Enter a valid date and time" });
          else if (new Date(iso).getTime() <= now())
            ctx.addIssue({ code: "custom", message: "Choose a date and time in the future" });
        }),
      durationMinutes: z.enum(DURATION_CHOICES.map(String) as [string, ...string[]], { error: "Choose a duration" }),
      recurrence: z.enum(RECURRENCE_KINDS, { error: "Choose how often the meeting repeats" }),
    })
    .transform((v): ScheduleBody => ({
      employeeId: v.employeeId,
      ...(v.templateId ? { templateId: v.templateId } : {}),
      scheduledAt: fromDateTimeLocal(v.scheduledAt, timeZone)!,
      timeZone,
      durationMinutes: Number(v.durationMinutes),
      recurrence: v.recurrence,
    }));
}
