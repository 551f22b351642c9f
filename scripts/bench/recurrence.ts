// How to expand a 1:1 series: luxon alone or the rrule package (with luxon placing each wall-clock
// occurrence in the organiser's zone). Both are run on the product's cases (weekly, every two
// weeks and monthly series across DST changes in several zones; the first 100 and 1,000 meetings,
// and a three-month window a year into the series, as materializing a series asks), checked
// against lib/one-on-one/recurrence.ts's answers, and timed. Run: npm run bench:recurrence
import { DateTime } from "luxon";
import * as rrulePackage from "rrule";
import { formatNumber } from "@/lib/format";
import { MAX_OCCURRENCES, occurrences, rruleFor, type Recurrence } from "@/lib/one-on-one/recurrence";
import { instantFromWallClock, wallClock } from "@/lib/utils/time-zone";

// rrule ships a UMD bundle as its CommonJS entry: under Node's ESM loader (tsx) its names sit on
// the default export; bundlers read its ESM build, where they are named exports.
const { RRule } = ((rrulePackage as unknown as { default?: typeof rrulePackage }).default ??
  rrulePackage) as typeof rrulePackage;

type Case = { start: Date; timeZone: string; recurrence: Recurrence; from?: Date; to?: Date; limit: number };
type Expander = (c: Case) => Date[];

const ZONES = ["Europe/London", "America/New_York", "Australia/Sydney", "Pacific/Auckland", "Asia/Kolkata"];
const KINDS: Recurrence[] = ["weekly", "biweekly", "monthly"];
// Local start times: ordinary mornings, the 31st (monthly series skip short months) and times
// that DST changes skip or repeat in some of the zones.
const LOCAL_STARTS = [
  { year: 2026, month: 3, day: 2, hour: 9, minute: 0 },
  { year: 2026, month: 1, day: 31, hour: 10, minute: 30 },
  { year: 2026, month: 3, day: 8, hour: 2, minute: 30 },
  { year: 2026, month: 10, day: 4, hour: 1, minute: 30 },
];

function cases(): Case[] {
  const out: Case[] = [];
  for (const timeZone of ZONES)
    for (const recurrence of KINDS)
      for (const w of LOCAL_STARTS) {
        const start = instantFromWallClock(w, timeZone);
        out.push({ start, timeZone, recurrence, limit: 100 });
        out.push({ start, timeZone, recurrence, limit: MAX_OCCURRENCES });
        const from = new Date(start.getTime() + 365 * 86_400_000);
        out.push({ start, timeZone, recurrence, from, to: new Date(from.getTime() + 92 * 86_400_000), limit: 1000 });
      }
  return out;
}

const inWindow = (c: Case, d: Date) =>
  d.getTime() >= (c.from ?? c.start).getTime() && (c.to === undefined || d.getTime() < c.to.getTime());

/** rrule: expands the RRULE on "floating" local times (UTC fields standing for the organiser's
 * wall clock, the way rrule recommends handling zones), then luxon places each in the zone. */
const withRrule: Expander = (c) => {
  const rule = rruleFor(c.recurrence)!;
  const w = wallClock(c.start, c.timeZone);
  const dtstart = new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
  const r = new RRule({
    freq: rule.freq === "WEEKLY" ? RRule.WEEKLY : RRule.MONTHLY,
    interval: rule.interval,
    dtstart,
  });
  const toLocal = (d: Date) =>
    instantFromWallClock(
      {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
        second: d.getUTCSeconds(),
      },
      c.timeZone,
    );
  // The window in floating time, a day wider each side (no zone is more than 14 h from UTC).
  const from = c.from ?? c.start;
  const after = new Date(from.getTime() - 86_400_000);
  const out: Date[] = [];
  for (const d of r.between(after, c.to ? new Date(c.to.getTime() + 86_400_000) : new Date(8.64e15), true, (_, i) =>
    c.to ? true : i < c.limit + 2,
  )) {
    const at = toLocal(d);
    if (c.to !== undefined && at.getTime() >= c.to.getTime()) break;
    if (inWindow(c, at)) out.push(at);
    if (out.length >= c.limit) break;
  }
  return out;
};

/** luxon alone, as lib/one-on-one/recurrence.ts expands a series. */
const luxonAlone: Expander = (c) => occurrences(c);

/** The calendar steps alone (no zone), for `n` meetings: what each library adds on its own. */
function calendarOnly(kind: "luxon" | "rrule", recurrence: Recurrence, n: number): number {
  const rule = rruleFor(recurrence)!;
  const first = DateTime.fromObject({ year: 2026, month: 1, day: 31, hour: 9 }, { zone: "UTC" });
  let count = 0;
  if (kind === "luxon") {
    for (let k = 0; count < n; k++) {
      const d = rule.freq === "WEEKLY" ? first.plus({ weeks: rule.interval * k }) : first.plus({ months: k });
      if (rule.freq === "WEEKLY" || d.day === first.day) count++;
    }
  } else {
    const freq = rule.freq === "WEEKLY" ? RRule.WEEKLY : RRule.MONTHLY;
    count = new RRule({ freq, interval: rule.interval, dtstart: first.toJSDate() }).all((_, i) => i < n).length;
  }
  return count;
}

function time(fn: Expander, all: Case[], rounds: number): number {
  const t = performance.now();
  for (let r = 0; r < rounds; r++) for (const c of all) fn(c);
  return performance.now() - t;
}

const all = cases();
const reference = all.map(luxonAlone);
const total = reference.reduce((n, l) => n + l.length, 0);
console.log(
  `1:1 series expansion: ${all.length} cases (${ZONES.length} zones × ${KINDS.length} kinds × ${LOCAL_STARTS.length} local starts × 3 queries), ${formatNumber(total)} occurrences in all`,
);
const ROUNDS = 3;
for (const [name, fn] of [
  ["luxon alone (lib/one-on-one/recurrence.ts)", luxonAlone],
  ["rrule + luxon", withRrule],
] as const) {
  const wrong = all.map(fn).filter((l, i) => JSON.stringify(l) !== JSON.stringify(reference[i])).length;
  time(fn, all, 1); // warm-up
  const ms = time(fn, all, ROUNDS) / ROUNDS;
  console.log(
    `  ${name.padEnd(44)} ${ms.toFixed(0).padStart(6)} ms per pass  ${((ms * 1000) / total).toFixed(1).padStart(6)} µs/occurrence  cases differing from luxon alone: ${wrong}`,
  );
}
console.log("Calendar steps only (no zone), 1,000 meetings from 31 January, best of 5:");
for (const recurrence of KINDS) {
  const line = (["luxon", "rrule"] as const).map((kind) => {
    let best = Infinity;
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      calendarOnly(kind, recurrence, 1000);
      best = Math.min(best, performance.now() - t);
    }
    return `${kind} ${best.toFixed(2)} ms`;
  });
  console.log(`  ${recurrence.padEnd(9)} ${line.join("  ")}`);
}
