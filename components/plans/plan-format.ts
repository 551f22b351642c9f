import { formatDate, formatDay } from "@/lib/format";
import type { PlanStatus, PlanVisibility } from "@/lib/plans/dto";

// The words and figures the plan screens share. Client-safe.

export const STATUS_LABELS: Record<PlanStatus, string> = {
  draft: "Draft",
  published: "Published",
  done: "Done",
  dropped: "Dropped",
};

export const VISIBILITY_LABELS: Record<PlanVisibility, string> = {
  team: "The team and its managers",
  organization: "Everyone in the organisation",
};

/** The plan's scope in words. */
export const scopeName = (team: { name: string } | null) => team?.name ?? "Whole organisation";

/** A 0-10 score with one decimal. */
export const score = (value: number) => value.toFixed(1);

/** A change on the 0-10 scale, signed: "+0.8", "-0.3", "0.0". */
export function change(value: number): string {
  const text = Math.abs(value).toFixed(1);
  if (text === "0.0") return "0.0";
  return value > 0 ? `+${text}` : `\u2212${text}`;
}

/** A due day (YYYY-MM-DD): "Nov 23, 2026". */
export const dueDay = (day: string) => formatDay(day, "date");

/** A check-back's due instant as its day: read in UTC so the server's HTML and the browser agree. */
export const checkBackDay = (iso: string) => formatDate(iso, "date", "UTC");
