// Shapes of the Pulse Overview, shared by the server, the CSV export and the client table.
import type { SuppressionReason } from "@/lib/analytics/suppression";
import type { DimensionKey } from "@/lib/surveys/dimensions";

export type PulseCell = {
  value: number | null;
  status: "ok" | "suppressed" | "not-asked";
  reason: SuppressionReason | null;
};
export type PulseRow = {
  id: string;
  name: string;
  kind: "organization" | "team";
  memberCount: number;
  /** Answers in the shown rounds over invitations in every round; null when none could be shown. */
  participation: number | null;
  /** Some rounds were hidden, so participation is a floor (their answers count as none). */
  participationAtLeast: boolean;
  enps: PulseCell;
  dimensions: Record<DimensionKey, PulseCell>;
  suppressed: boolean;
  reason: SuppressionReason | null;
};
export type PulseRoundOption = { id: string; title: string; date: string; kind: "pulse" | "custom" };
export type PulseOverview = {
  rounds: PulseRoundOption[];
  /** The round shown: a survey id or 'recent'; null when no survey has been sent yet. */
  selected: string | null;
  selectedLabel: string | null;
  /** Closed rounds behind the figures: 0 when no round closed in the last four weeks. */
  roundCount: number;
  minGroupSize: number;
  rows: PulseRow[];
};
