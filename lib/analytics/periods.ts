// Time windows of the dashboards. A period is four weeks ("from last month" in the reports): the
// pulse rotates every dimension back at least every four weeks, so a period covers all of them.
const DAY = 24 * 60 * 60 * 1000;
const PERIOD_DAYS = 28;
const WEEKS_SHOWN = 12;

export type Window = { from: Date; to: Date };

export function periodWindows(now: Date): { current: Window; previous: Window } {
  const start = new Date(now.getTime() - PERIOD_DAYS * DAY);
  return {
    current: { from: start, to: new Date(now.getTime() + 1) },
    previous: { from: new Date(start.getTime() - PERIOD_DAYS * DAY), to: start },
  };
}

export const inWindow = (d: Date, w: Window) => d >= w.from && d < w.to;

/** Monday 00:00 UTC of the week holding d. */
export function weekStart(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  const back = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - back * DAY);
}

/** The last WEEKS_SHOWN week starts, oldest first, ending with this week. */
export function lastWeeks(now: Date, count = WEEKS_SHOWN): Date[] {
  const last = weekStart(now).getTime();
  return Array.from({ length: count }, (_, i) => new Date(last - (count - 1 - i) * 7 * DAY));
}

/** A weekly chart point's window: its week and the three before (one period). Each week's pulse
 * asks only a few dimensions, so a point of its own week would follow the rotation, not the culture. */
export function trailingWindow(weekStartDate: Date, end: Date): Window {
  return { from: new Date(weekStartDate.getTime() - (PERIOD_DAYS - 7) * DAY), to: end };
}

/** A round is dated by its day, never a precise time (docs/decisions.md (Anonymity and the minimum group)). */
export const isoDay = (d: Date) => d.toISOString().slice(0, 10);
