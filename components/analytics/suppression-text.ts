import type { SuppressionReason } from "@/lib/analytics/suppression";

/** Why a group's numbers are hidden, in words a manager understands. */
export function suppressionText(reason: SuppressionReason | "not-your-team" | null, min: number): string {
  if (reason === "below-minimum") return `Fewer than ${min} responses: hidden to keep answers anonymous`;
  if (reason === "complementary") return "Hidden so that a smaller group cannot be worked out from the totals";
  if (reason === "not-your-team") return "Only the team's manager and administrators see its scores";
  return "No answers yet";
}
