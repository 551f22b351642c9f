import type { ParticipationFigure } from "@/lib/analytics/view";
import { pluralWord } from "@/lib/format";

/** '83% response rate', or 'At least 67% response rate' when hidden rounds' answers could not be
 * counted (they are not shown, so the rate leaves them out of the answers but not the invitations). */
export function rateText(rate: number, atLeast: boolean, noun: string): string {
  return `${atLeast ? "At least " : ""}${rate}% ${noun}`;
}

/** '1 of 4 rounds hidden (fewer than 3 answers)'; null when no round was hidden. */
export function hiddenRoundsText(
  r: Pick<ParticipationFigure, "rounds" | "hiddenRounds" | "hiddenReason">,
  minGroupSize: number,
): string | null {
  if (r.hiddenRounds === 0) return null;
  const why =
    r.hiddenReason === "below-minimum"
      ? `fewer than ${minGroupSize} answers`
      : r.hiddenReason === "complementary"
        ? "so that a smaller group cannot be worked out"
        : "for anonymity";
  return `${r.hiddenRounds} of ${r.rounds} ${pluralWord(r.rounds, "round")} hidden (${why})`;
}
