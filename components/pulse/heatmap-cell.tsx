import { EyeOff } from "lucide-react";
import type { PulseCell } from "@/lib/analytics/pulse-types";
import { HIDDEN_TONE, scoreTone } from "@/components/analytics/score-colors";
import { suppressionText } from "@/components/analytics/suppression-text";
import { cn } from "@/lib/utils/cn";

// One Pulse Overview figure, the same in the desktop table, the phone list and the legend: a
// score in its colour band, 'hidden' (too few answers, with why), or 'not asked' (the round had no
// question on it). Server-safe: no hooks.

/** Hidden cells take the shared hidden tone; not-asked cells are white with the same grey text
 * (tests/unit/score-colors-contrast.test.ts checks both). */
export const HIDDEN_CELL = HIDDEN_TONE;
export const NOT_ASKED_CELL = "bg-white font-normal text-slate-600 italic";

export const NOT_ASKED_TEXT = "Not asked";

function notAskedLabel(recent: boolean): string {
  return recent ? "Not asked in these rounds" : "Not asked this round";
}

/** The figure's content and the classes of the box it sits in. */
export function cellView(
  cell: PulseCell,
  min: number,
  recent: boolean,
): { className: string; title?: string; content: React.ReactNode; kind: "ok" | "hidden" | "not-asked" } {
  if (cell.status === "ok" && cell.value !== null) {
    return {
      kind: "ok",
      className: cn("font-semibold tabular-nums", scoreTone(cell.value)),
      content: cell.value.toFixed(1),
    };
  }
  if (cell.status === "suppressed") {
    const why = suppressionText(cell.reason, min);
    return {
      kind: "hidden",
      className: HIDDEN_CELL,
      title: why,
      content: (
        <>
          <EyeOff aria-hidden="true" className="mx-auto size-4" />
          <span className="sr-only">Hidden: {why}</span>
        </>
      ),
    };
  }
  const label = notAskedLabel(recent);
  return {
    kind: "not-asked",
    className: NOT_ASKED_CELL,
    title: label,
    content: (
      <>
        <span aria-hidden="true" className="text-xs">
          {NOT_ASKED_TEXT}
        </span>
        <span className="sr-only">{label}</span>
      </>
    ),
  };
}
