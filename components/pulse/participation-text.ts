import type { PulseRow } from "@/lib/analytics/pulse-types";

/** A row's participation as the table and the phone list show it: 'hidden' when the whole row is,
 * and '≥ 67%' when some rounds were hidden, so their answers counted as none and the figure is a
 * floor (lib/analytics/view.ts, participationOver). */
export const participationText = (
  r: Pick<PulseRow, "participation" | "participationAtLeast" | "suppressed">,
): string =>
  r.participation === null
    ? r.suppressed
      ? "hidden"
      : "--"
    : `${r.participationAtLeast ? "≥ " : ""}${r.participation}%`;

export const PARTICIPATION_FLOOR_NOTE =
  "At least: some of these rounds were hidden for anonymity, and their answers count as none.";
