// When an organisation's weekly pulse goes out, in its own time zone (day, time and time zone per
// organisation, default Monday 09:00: docs/decisions.md (Surveys and rounds)). Pure, on the runtime's Intl time zone
// data, so daylight-saving changes are handled as the zone's rules say.

export type PulseSchedule = { weekday: number; time: string; timeZone: string };
export type PulseSlot = {
  /** The local date of the send, 'YYYY-MM-DD': the round's key, unique per organisation. */
  roundKey: string;
  sendAt: Date;
  /** Whether sendAt is at or before now. */
  passed: boolean;
};

import { instantFromWallClock, wallClock } from "@/lib/utils/time-zone";
import { TIME_PATTERN } from "@/lib/surveys/round-schedule-schemas";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dateKey = (y: number, mo: number, d: number) => `${pad(y, 4)}-${pad(mo)}-${pad(d)}`;

/**
 * This week's send of a schedule: the week runs from the scheduled weekday (local midnight) to the
 * day before the next one, so on the send day before the send time, this week's send is still
 * ahead (passed false).
 */
export function currentSlot(schedule: PulseSchedule, now: Date): PulseSlot {
  const match = TIME_PATTERN.exec(schedule.time);
  if (!match) throw new Error(`schedule: not an HH:MM time: ${schedule.time}`);
  if (!Number.isInteger(schedule.weekday) || schedule.weekday < 0 || schedule.weekday > 6)
    throw new Error("schedule: weekday must be 0-6");
  const local = wallClock(now, schedule.timeZone);
  const localDay = new Date(Date.UTC(local.year, local.month - 1, local.day));
  const back = (localDay.getUTCDay() - schedule.weekday + 7) % 7;
  const sendDay = new Date(localDay.getTime() - back * 86_400_000);
  const wall = {
    year: sendDay.getUTCFullYear(),
    month: sendDay.getUTCMonth() + 1,
    day: sendDay.getUTCDate(),
    hour: Number(match[1]),
    minute: Number(match[2]),
  };
  const sendAt = instantFromWallClock(wall, schedule.timeZone);
  return { roundKey: dateKey(wall.year, wall.month, wall.day), sendAt, passed: sendAt.getTime() <= now.getTime() };
}

/** The next send after now (for the settings and surveys pages). */
export function nextSend(schedule: PulseSchedule, now: Date): PulseSlot {
  const slot = currentSlot(schedule, now);
  if (!slot.passed) return slot;
  // A week and three hours after this send lies in next week's window whatever the DST shift.
  const next = currentSlot(schedule, new Date(slot.sendAt.getTime() + 7 * 86_400_000 + 3 * 3_600_000));
  return { ...next, passed: false };
}

/** The local date 'YYYY-MM-DD' of an instant in a zone. */
export function localDateOf(now: Date, timeZone: string): string {
  const w = wallClock(now, timeZone);
  return dateKey(w.year, w.month, w.day);
}
