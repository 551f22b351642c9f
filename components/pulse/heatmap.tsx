import { participationText, PARTICIPATION_FLOOR_NOTE } from "@/components/pulse/participation-text";
import { EyeOff } from "lucide-react";
import type { PulseCell, PulseRow } from "@/lib/analytics/pulse-types";
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import { scoreTone } from "@/components/analytics/score-colors";
import { suppressionText } from "@/components/analytics/suppression-text";
import { cellView, HIDDEN_CELL, NOT_ASKED_CELL, NOT_ASKED_TEXT } from "@/components/pulse/heatmap-cell";
import { pluralWord } from "@/lib/format";
import { cn } from "@/lib/utils/cn";
import { HeatmapScroll } from "@/components/pulse/heatmap-scroll";

function Cell({ cell, min, recent }: { cell: PulseCell; min: number; recent: boolean }) {
  const v = cellView(cell, min, recent);
  return (
    <td
      className={cn("border-b border-slate-100 px-2 py-2 text-center text-sm", v.className)}
      title={v.title}
      data-suppressed={v.kind === "hidden" ? "true" : undefined}
      data-not-asked={v.kind === "not-asked" ? "true" : undefined}
    >
      {v.content}
    </td>
  );
}

/** Long words in narrow headers may break where they read well ("Relation-ship", "Ambassador-ship"). */
function HeaderLabel({ label }: { label: string }) {
  const parts = label.split(/(?<=Relation|Ambassador)(?=ship)/);
  return parts.map((p, i) => (
    <span key={p}>
      {i > 0 ? <wbr /> : null}
      {p}
    </span>
  ));
}

/** The sticky team column: the scroll shadow on its side starts where it ends. */
const TEAM_COLUMN_WIDTH = "11rem";

/** Teams by the eleven dimensions, with participation and eNPS: the table from 640 px up. The
 * headers wrap so that most columns fit; what does not scrolls sideways inside the table's box,
 * with the team column kept in view and a cue while columns are out of view. */
export function PulseHeatmap({
  rows,
  minGroupSize,
  recent,
}: {
  rows: PulseRow[];
  minGroupSize: number;
  recent: boolean;
}) {
  return (
    <HeatmapScroll label="Pulse heatmap" stickyWidth={`calc(${TEAM_COLUMN_WIDTH} + 1px)`}>
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-left"
        style={{ minWidth: `calc(${TEAM_COLUMN_WIDTH} + ${(DIMENSIONS.length + 2) * 5.25}rem)` }}
      >
        <caption className="sr-only">
          Scores out of 10 by team and dimension. Hidden cells protect groups with too few answers; some dimensions are
          not asked every round.
        </caption>
        <colgroup>
          <col style={{ width: TEAM_COLUMN_WIDTH }} />
        </colgroup>
        <thead>
          <tr className="align-bottom text-xs text-slate-600">
            <th
              scope="col"
              className="sticky left-0 z-10 border-r border-b border-slate-200 bg-white px-3 py-2 font-medium"
            >
              Team
            </th>
            <th scope="col" className="border-b border-slate-200 px-1.5 py-2 text-center font-medium">
              Participation
            </th>
            <th scope="col" className="border-b border-slate-200 px-1.5 py-2 text-center font-medium">
              eNPS
            </th>
            {DIMENSIONS.map((d) => (
              <th
                key={d.key}
                scope="col"
                className="border-b border-slate-200 px-1.5 py-2 text-center leading-tight font-medium"
              >
                <HeaderLabel label={d.label} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={r.kind === "organization" ? "font-semibold" : undefined} data-team={r.name}>
              <th
                scope="row"
                className="sticky left-0 z-10 border-r border-b border-slate-200 bg-white px-3 py-2 text-sm font-medium text-slate-900"
              >
                <span className="block truncate" title={r.name}>
                  {r.name}
                </span>
                <span className="block text-xs font-normal text-slate-600">
                  {r.memberCount} {pluralWord(r.memberCount, "member")}
                  {r.suppressed ? " · hidden" : ""}
                </span>
              </th>
              <td
                className="border-b border-slate-100 px-2 py-2 text-center text-sm text-slate-800 tabular-nums"
                title={
                  r.suppressed
                    ? suppressionText(r.reason, minGroupSize)
                    : r.participationAtLeast
                      ? PARTICIPATION_FLOOR_NOTE
                      : undefined
                }
              >
                {r.suppressed && r.participation === null ? (
                  <span className="text-slate-600">hidden</span>
                ) : (
                  participationText(r)
                )}
              </td>
              <Cell cell={r.enps} min={minGroupSize} recent={recent} />
              {DIMENSIONS.map((d) => (
                <Cell key={d.key} cell={r.dimensions[d.key]} min={minGroupSize} recent={recent} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </HeatmapScroll>
  );
}

/** What the colours and marks mean: the score bands, hidden, and not asked. */
export function HeatmapLegend({ minGroupSize, recent }: { minGroupSize: number; recent: boolean }) {
  const bands = [
    ["8 and above", scoreTone(8)],
    ["7 to 7.9", scoreTone(7)],
    ["6 to 6.9", scoreTone(6)],
    ["5 to 5.9", scoreTone(5)],
    ["below 5", scoreTone(4)],
  ] as const;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-3 text-xs text-slate-700">
      <h3 className="mb-2 font-semibold text-slate-900">Legend</h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-2" aria-label="Score colours, out of 10">
        {bands.map(([label, tone]) => (
          <li key={label} className="inline-flex items-center gap-1.5">
            {/* A colour swatch only: the band's name is the text beside it. */}
            <span aria-hidden="true" className={cn("size-4 rounded border border-slate-300", tone)} />
            {label}
          </li>
        ))}
      </ul>
      <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-4">
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn("inline-flex h-5 w-8 items-center justify-center rounded", HIDDEN_CELL)}
          >
            <EyeOff className="size-3.5" />
          </span>
          Hidden: fewer than {minGroupSize} responses, or it would reveal a smaller group
        </li>
        <li className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className={cn("inline-flex h-5 items-center rounded border border-slate-200 px-1", NOT_ASKED_CELL)}
          >
            {NOT_ASKED_TEXT}
          </span>
          {recent ? "No question on it in these rounds" : "No question on it this round"}
        </li>
      </ul>
    </div>
  );
}
