import "server-only";
import type { Tx } from "@/lib/db/tenant";
import { MAX_OCCURRENCES, occurrences } from "./recurrence";
import { orgKey } from "@/lib/db/tenant";

/** How far ahead a recurring series exists as Meeting rows; the job keeps it topped up. */
const MATERIALIZE_HORIZON_DAYS = 120;
export const MATERIALIZE_HORIZON_MS = MATERIALIZE_HORIZON_DAYS * 86_400_000;
/** Each top-up goes this far past the horizon, so a series is extended about once a month rather
 * than on every tick of the job (which picks series whose rows end before now + horizon). */
const MATERIALIZE_SLACK_MS = 30 * 86_400_000;

/** Where materialised rows should reach when topping up at `now`. */
export const materializeTarget = (now: Date, horizonMs = MATERIALIZE_HORIZON_MS) =>
  new Date(now.getTime() + horizonMs + MATERIALIZE_SLACK_MS);

type SeriesRow = {
  organizationId: string;
  id: string;
  managerId: string;
  employeeId: string;
  templateId: string | null;
  recurrence: "none" | "weekly" | "biweekly" | "monthly";
  timeZone: string;
  startsAt: Date;
  durationMinutes: number;
  materializedUntil: Date;
  cancelledAt: Date | null;
};

/**
 * Creates the series' occurrences from `materializedUntil` (or its start) up to `until` as Meeting
 * rows, each with the template's questions copied into its agenda, and moves `materializedUntil`
 * on. Idempotent: an occurrence that already exists (unique organisation, series, occurrenceStart)
 * is skipped, so two runs at once or a repeat never duplicate a meeting. Returns the new ids in
 * start order. Runs in the caller's withOrg(..., { userId }) transaction (a pair member's).
 */
export async function materializeSeries(
  tx: Tx,
  series: SeriesRow,
  until: Date,
  opts: { fromStart?: boolean } = {},
): Promise<string[]> {
  if (series.cancelledAt) return [];
  const from = opts.fromStart ? series.startsAt : series.materializedUntil;
  const starts =
    series.recurrence === "none"
      ? opts.fromStart
        ? [series.startsAt]
        : []
      : occurrences({
          start: series.startsAt,
          timeZone: series.timeZone,
          recurrence: series.recurrence,
          from,
          to: until,
          limit: MAX_OCCURRENCES,
        });
  const created: string[] = [];
  if (starts.length > 0) {
    const questions = series.templateId
      ? ((
          await tx.meetingTemplate.findUnique({
            where: orgKey(series.organizationId, series.templateId),
            select: { questions: true },
          })
        )?.questions ?? [])
      : [];
    const inserted = await tx.meeting.createManyAndReturn({
      data: starts.map((at) => ({
        organizationId: series.organizationId,
        seriesId: series.id,
        managerId: series.managerId,
        employeeId: series.employeeId,
        occurrenceStart: at,
        scheduledAt: at,
        durationMinutes: series.durationMinutes,
      })),
      skipDuplicates: true,
      select: { id: true, scheduledAt: true },
    });
    inserted.sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime());
    if (questions.length > 0 && inserted.length > 0) {
      await tx.meetingAgendaItem.createMany({
        data: inserted.flatMap((m) =>
          questions.map((text, position) => ({
            organizationId: series.organizationId,
            meetingId: m.id,
            managerId: series.managerId,
            employeeId: series.employeeId,
            kind: "question" as const,
            text,
            position,
          })),
        ),
      });
    }
    created.push(...inserted.map((m) => m.id));
  }
  const newUntil =
    series.recurrence === "none" ? until : new Date(Math.max(until.getTime(), series.materializedUntil.getTime()));
  await tx.meetingSeries.update({
    where: orgKey(series.organizationId, series.id),
    data: { materializedUntil: newUntil },
  });
  return created;
}

/** Tops up a live recurring series to `now + horizon` (the job's 'extend' work). */
export async function extendSeries(
  tx: Tx,
  orgId: string,
  seriesId: string,
  now: Date,
  horizonMs = MATERIALIZE_HORIZON_MS,
): Promise<number> {
  const series = await tx.meetingSeries.findUnique({
    where: orgKey(orgId, seriesId),
  });
  if (!series || series.cancelledAt || series.recurrence === "none") return 0;
  if (series.materializedUntil.getTime() >= now.getTime() + horizonMs) return 0;
  return (await materializeSeries(tx, series, materializeTarget(now, horizonMs))).length;
}
