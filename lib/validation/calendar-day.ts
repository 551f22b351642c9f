import { z } from "zod";

/**
 * A calendar day as text, YYYY-MM-DD, that exists (no 2026-02-30) and lies in 2000-2200, with one
 * message for every way it can be wrong (not text, not the pattern, not a real day): the field's
 * own words, e.g. calendarDay("Due date must be a date (YYYY-MM-DD)"). The value stays the string;
 * a day has no time or zone, so it is never turned into a Date.
 */
export function calendarDay(message: string) {
  return z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return (
        !Number.isNaN(d.getTime()) &&
        d.toISOString().slice(0, 10) === s &&
        d.getUTCFullYear() >= 2000 &&
        d.getUTCFullYear() <= 2200
      );
    }, message);
}
