import "server-only";
import { isUuid } from "@/lib/db/tenant";
import { withOrgReport } from "@/lib/db/read-routing";
import type { AuthContext } from "@/lib/auth/context";
import { notFound } from "@/lib/errors/domain-error";
import { loadRounds, loadTeams, type LoadedRound } from "@/lib/analytics/load";
import { scopeOf } from "@/lib/analytics/scope";
import { combine, evaluateRound, ORG_GROUP, type Aggregate, type GroupCell } from "@/lib/analytics/rounds";
import { invitedIn, participationOver, type ParticipationFigure } from "@/lib/analytics/view";
import { isoDay, periodWindows } from "@/lib/analytics/periods";
import { round1OrNull } from "@/lib/analytics/scores";
import { plural } from "@/lib/format";
import { DIMENSION_KEYS, ENPS_METRIC, type DimensionKey } from "@/lib/surveys/dimensions";
import type { PulseCell, PulseOverview, PulseRoundOption, PulseRow } from "@/lib/analytics/pulse-types";

export type { PulseOverview };

// The Pulse Overview heatmap: teams by the eleven dimensions for one round (or the last four
// weeks), with participation and eNPS. Every cell passes the same suppression as the dashboards.

export const RECENT = "recent";
export type PulseRoundParam = string; // a survey id, 'latest' or 'recent'
export type PulseSegment = "all" | "teams" | "organization";

const OPTIONS_SHOWN = 52;

// A metric no round shown asked about reads 'not asked' in every row, hidden teams included:
// whether a question was asked says nothing about anyone's answers, and 'hidden' would suggest
// there were answers to protect.
function cellOf(a: Aggregate, metric: string, measured: ReadonlySet<string>): PulseCell {
  if (!measured.has(metric)) return { value: null, status: "not-asked", reason: null };
  if (a.reason) return { value: null, status: "suppressed", reason: a.reason };
  const why = a.hiddenMetrics.get(metric);
  if (why) return { value: null, status: "suppressed", reason: why };
  const value = metric === ENPS_METRIC ? a.scores.enps : a.scores.dimensions[metric as DimensionKey];
  return value === null
    ? { value: null, status: "not-asked", reason: null }
    : { value: round1OrNull(value), status: "ok", reason: null };
}

function rowOf(
  id: string,
  name: string,
  kind: PulseRow["kind"],
  memberCount: number,
  a: Aggregate,
  measured: ReadonlySet<string>,
  part: ParticipationFigure,
): PulseRow {
  return {
    id,
    name,
    kind,
    memberCount,
    participation: a.reason ? null : part.rate,
    participationAtLeast: a.reason ? false : part.atLeast,
    enps: cellOf(a, ENPS_METRIC, measured),
    dimensions: Object.fromEntries(DIMENSION_KEYS.map((k) => [k, cellOf(a, k, measured)])) as Record<
      DimensionKey,
      PulseCell
    >,
    suppressed: a.reason !== null,
    reason: a.reason,
  };
}

const measuredMetrics = (rounds: readonly LoadedRound[]) =>
  new Set(rounds.flatMap((r) => r.rollups.filter((x) => x.n > 0).map((x) => x.metric)));

export async function pulseOverview(
  ctx: AuthContext,
  round: PulseRoundParam,
  segment: PulseSegment = "all",
  now = new Date(),
): Promise<PulseOverview> {
  if (round !== "latest" && round !== RECENT && !isUuid(round)) throw notFound("Survey");
  return withOrgReport(ctx.orgId, async (tx) => {
    const teams = await loadTeams(tx, ctx.orgId);
    const scope = scopeOf(ctx, teams);
    const options = await tx.survey.findMany({
      where: { organizationId: ctx.orgId, status: "closed", sentAt: { not: null } },
      select: { id: true, title: true, sentAt: true, kind: true, minGroupSize: true },
      orderBy: { sentAt: "desc" },
      take: OPTIONS_SHOWN,
    });
    const rounds: PulseRoundOption[] = options.map((o) => ({
      id: o.id,
      title: o.title,
      date: isoDay(o.sentAt!),
      kind: o.kind,
    }));
    // Nothing has closed yet: no view at all, whichever was asked for (the page's empty state).
    const selected = options.length === 0 ? null : round === "latest" ? options[0]!.id : round;
    if (round !== "latest" && round !== RECENT && !options.some((o) => o.id === round)) {
      // Older than the options list, or not this organisation's: looked up by id and organisation.
      const exists = await tx.survey.count({ where: { organizationId: ctx.orgId, id: round, status: "closed" } });
      if (!exists) throw notFound("Survey");
    }
    const org = await tx.organization.findUniqueOrThrow({ where: { id: ctx.orgId }, select: { minGroupSize: true } });
    const base = { rounds, minGroupSize: org.minGroupSize };
    if (!selected) return { ...base, selected: null, selectedLabel: null, roundCount: 0, rows: [] };

    const loaded =
      selected === RECENT
        ? await loadRounds(tx, ctx, { kind: "pulse", sentFrom: periodWindows(now).current.from })
        : await loadRounds(tx, ctx, { ids: [selected] });
    const ids = teams.map((t) => t.id);
    const views = loaded.map((r) => evaluateRound(r, ids));
    const measured = measuredMetrics(loaded);
    // Participation counts every round the group was invited to, shown or hidden (the Team
    // Rankings rule, lib/analytics/view.ts): adding up the shown rounds alone would overstate it.
    const participation = (groupId: string, cellOf: (i: number) => GroupCell) =>
      participationOver(loaded.map((r, i) => ({ roundId: r.id, cell: cellOf(i), invited: invitedIn(r, groupId) })));
    const rows: PulseRow[] = [];
    if (scope.orgWide && segment !== "teams") {
      const users = await tx.user.count({ where: { organizationId: ctx.orgId } });
      rows.push(
        rowOf(
          "organization",
          "All employees",
          "organization",
          users,
          combine(views.map((v) => v.org)),
          measured,
          participation(ORG_GROUP, (i) => views[i]!.org),
        ),
      );
    }
    if (segment !== "organization") {
      for (const t of scope.teams)
        rows.push(
          rowOf(
            t.id,
            t.name,
            "team",
            t.memberCount,
            combine(views.map((v) => v.teams.get(t.id)!)),
            measured,
            participation(t.id, (i) => views[i]!.teams.get(t.id)!),
          ),
        );
    }
    const option = options.find((o) => o.id === selected);
    const selectedLabel =
      selected === RECENT
        ? `Last 4 weeks · ${plural(loaded.length, "round")}`
        : option
          ? `${option.title} (${isoDay(option.sentAt!)})`
          : (loaded[0]?.meta.title ?? null);
    return {
      ...base,
      minGroupSize: loaded.at(-1)?.minGroupSize ?? org.minGroupSize,
      selected,
      selectedLabel,
      roundCount: loaded.length,
      rows,
    };
  });
}
