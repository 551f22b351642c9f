// Score badge colours (docs/decisions.md (Scores and metrics)): 8+ strong green, 7+ light green, 6+ yellow, 5+ orange,
// below 5 red. Text colours keep at least 4.5:1 contrast on each background
// (tests/unit/score-colors-contrast.test.ts computes them; white on emerald-600 was only 3.65:1).
export function scoreTone(score: number): string {
  if (score >= 8) return "bg-emerald-700 text-white";
  if (score >= 7) return "bg-emerald-100 text-emerald-900";
  if (score >= 6) return "bg-yellow-100 text-yellow-900";
  if (score >= 5) return "bg-orange-100 text-orange-900";
  return "bg-red-100 text-red-900";
}

export const HIDDEN_TONE = "bg-slate-100 text-slate-600";
