import { EyeOff } from "lucide-react";
import type { PulseCell, PulseRow } from "@/lib/analytics/pulse-types";
import { DIMENSIONS } from "@/lib/surveys/dimensions";
import { HIDDEN_TONE, scoreTone } from "@/components/analytics/score-colors";
import { suppressionText } from "@/components/analytics/suppression-text";
import { cn } from "@/lib/utils/cn";

function Cell({ cell, min }: { cell: PulseCell; min: number }) {
  if (cell.status === "ok" && cell.value !== null) {
    return <td className={cn("px-2 py-2 text-center text-sm font-semibold tabular-nums", scoreTone(cell.value))}>{cell.value.toFixed(1)}</td>;
  }
  if (cell.status === "suppressed") {
    const why = suppressionText(cell.reason, min);
    return (
      <td className={cn("px-2 py-2 text-center text-sm", HIDDEN_TONE)} title={why} data-suppressed="true">
        <EyeOff aria-hidden="true" className="mx-auto size-4" />
        <span className="sr-only">Hidden: {why}</span>
      </td>
    );
  }
  return (
    <td className="px-2 py-2 text-center text-sm text-slate-400" title="Not asked in this round">
      <span aria-hidden="true">·</span>
      <span className="sr-only">Not asked</span>
    </td>
  );
}

/** Teams by the eleven dimensions, with participation and eNPS. Scrolls sideways on phones with
 * the team column kept in view. */
export function PulseHeatmap({ rows, minGroupSize }: { rows: PulseRow[]; minGroupSize: number }) {
  return (
    // relative: the cells' screen-reader texts (absolutely positioned) are clipped by this box
    // instead of widening the page; only this box scrolls sideways.
    <div className="overflow-x-auto rounded-xl border border-slate-200 relative bg-white" role="region" aria-label="Pulse heatmap" tabIndex={0}>
      <table className="min-w-max border-separate border-spacing-0 text-left">
        <caption className="sr-only">Scores out of 10 by team and dimension. Hidden cells protect groups with too few answers.</caption>
        <thead>
          <tr className="text-xs text-slate-600">
            <th scope="col" className="sticky left-0 z-10 min-w-40 border-b border-slate-200 bg-white px-3 py-2 font-medium">
              Team
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 text-center font-medium">
              Participation
            </th>
            <th scope="col" className="border-b border-slate-200 px-2 py-2 text-center font-medium">
              eNPS
            </th>
            {DIMENSIONS.map((d) => (
              <th key={d.key} scope="col" className="w-20 border-b border-slate-200 px-2 py-2 text-center font-medium">
                {d.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} className={r.kind === "organization" ? "font-semibold" : undefined} data-team={r.name}>
              <th scope="row" className="sticky left-0 z-10 border-b border-slate-100 bg-white px-3 py-2 text-sm font-medium text-slate-900">
                <span className="block max-w-48 truncate">{r.name}</span>
                <span className="block text-xs font-normal text-slate-500">
                  {r.memberCount} {r.memberCount === 1 ? "member" : "members"}
                  {r.suppressed ? " · hidden" : ""}
                </span>
              </th>
              <td className="border-b border-slate-100 px-2 py-2 text-center text-sm tabular-nums text-slate-800" title={r.suppressed ? suppressionText(r.reason, minGroupSize) : undefined}>
                {r.participation === null ? (r.suppressed ? <span className="text-slate-400">hidden</span> : "--") : `${r.participation}%`}
              </td>
              <Cell cell={r.enps} min={minGroupSize} />
              {DIMENSIONS.map((d) => (
                <Cell key={d.key} cell={r.dimensions[d.key]} min={minGroupSize} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function HeatmapLegend({ minGroupSize }: { minGroupSize: number }) {
  const items = [
    ["8+", scoreTone(8)],
    ["7+", scoreTone(7)],
    ["6+", scoreTone(6)],
    ["5+", scoreTone(5)],
    ["below 5", scoreTone(4)],
  ] as const;
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      {items.map(([label, tone]) => (
        <span key={label} className={cn("rounded px-2 py-0.5 font-medium", tone)}>
          {label}
        </span>
      ))}
      <span className={cn("inline-flex items-center gap-1 rounded px-2 py-0.5", HIDDEN_TONE)}>
        <EyeOff aria-hidden="true" className="size-3" /> hidden: fewer than {minGroupSize} responses, or it would reveal a smaller group
      </span>
    </div>
  );
}
