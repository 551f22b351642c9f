// Focus areas, the pure part: which of a team's (or the organisation's) dimensions are most worth
// acting on, and why, in plain words. The loader (focus-areas.ts) hands in the figures that may be
// shown; nothing here reads the database, so the unit tests can pin every rule and sentence.
// Client-safe: components import the DTO type from here.
import { EMERGENCY_THRESHOLD } from "@/lib/surveys/scoring";
import type { DimensionKey } from "@/lib/surveys/dimensions";
import { round1, trendText } from "@/lib/analytics/scores";

/** Paired answers (a dimension's and engagement's in one response) needed before a relation is
 * told: fewer than that, and r swings with a handful of people. */
export const MIN_PAIRS = 20;
/** Dimensions marked as the ones to act on. */
export const FOCUS_MAX = 3;
/** The weight of a dimension whose relation to engagement is not known yet: a moderate one, so a
 * clearly low dimension still surfaces in a young organisation. */
export const UNKNOWN_IMPACT_WEIGHT = 0.3;

export type FocusAreaDto = {
  dimension: DimensionKey;
  label: string;
  /** 0-10, one decimal: the scope's latest visible score for the dimension. */
  score: number | null;
  /** Answers behind `score`. */
  n: number | null;
  /** The day of the round behind `score` (YYYY-MM-DD). */
  roundDate: string | null;
  /** trendText() of `score` against the scope's own earlier rounds. */
  trend: string | null;
  /** Pearson r between the dimension and engagement across the organisation's recent rounds, two
   * decimals; null with fewer than MIN_PAIRS pairs or answers that never vary. */
  impact: number | null;
  /** Pairs behind `impact`. */
  pairs: number;
  explanation: string;
  /** The documented priority (see focusPriority), higher first. */
  priority: number;
  /** One of the (at most FOCUS_MAX) focus areas to act on. */
  focus: boolean;
  /** A draft or published action plan on this dimension for this scope. */
  planId: string | null;
};

export type FocusInput = {
  dimension: DimensionKey;
  label: string;
  /** The latest visible mean (unrounded) and its answers; null when none may be shown. */
  score: number | null;
  n: number | null;
  roundDate: string | null;
  /** Why `score` is null: the dimension was measured but too few answered to show it. */
  hidden: boolean;
  /** The scope's own visible mean over its earlier rounds; null without any. */
  own: number | null;
  /** The organisation's visible mean in the same round (team scope only). */
  org: number | null;
  impact: { r: number | null; pairs: number };
  planId: string | null;
};

/** "Customer Success" or, for the organisation, "The organisation". */
export type ScopeName = { kind: "team"; name: string } | { kind: "org" };

/** Differences at one decimal, as both figures are shown. */
const gap = (reference: number, score: number) => round1(round1(reference) - round1(score));
const r2 = (r: number) => Math.round(r * 100) / 100;

/** The relation as told: r at two decimals, or null below MIN_PAIRS pairs or without variation. */
const knownImpact = (impact: { r: number | null; pairs: number }): number | null =>
  impact.pairs >= MIN_PAIRS && impact.r !== null && Number.isFinite(impact.r) ? r2(impact.r) : null;

/**
 * How far the score falls short, in points: below the organisation, below the scope's own earlier
 * rounds, and below the emergency threshold (a low score matters even when everyone is low and
 * always was). Each part counts only when it is a shortfall.
 */
export function shortfall(score: number, own: number | null, org: number | null): number {
  const below = (ref: number | null) => (ref === null ? 0 : Math.max(0, gap(ref, score)));
  return round1(below(org) + below(own) + Math.max(0, round1(EMERGENCY_THRESHOLD - round1(score))));
}

/**
 * Priority = weight x shortfall. The weight is the relation to engagement (r, a negative one counts
 * as none: raising that dimension would not raise engagement), or UNKNOWN_IMPACT_WEIGHT while there
 * is too little history to know it. A dimension with no score to show has no priority.
 */
export function focusPriority(input: Pick<FocusInput, "score" | "own" | "org" | "impact">): number {
  if (input.score === null) return 0;
  const r = knownImpact(input.impact);
  const weight = r === null ? UNKNOWN_IMPACT_WEIGHT : Math.max(0, r);
  return Math.round(weight * shortfall(input.score, input.own, input.org) * 1000) / 1000;
}

/** The first sentence: how much the dimension matters for engagement. */
export function impactSentence(impact: { r: number | null; pairs: number }): string {
  const { pairs } = impact;
  const r = knownImpact(impact);
  if (pairs < MIN_PAIRS)
    return `There is not enough history yet to tell how much it matters for engagement: ${pairs} paired ${pairs === 1 ? "answer" : "answers"} in recent rounds, ${MIN_PAIRS} needed.`;
  if (r === null) return "Answers to it have not varied enough yet to tell how much it matters for engagement.";
  const shown = `(r = ${r.toFixed(2)})`;
  if (r >= 0.5) return `Matters a lot for engagement here: people who rate it higher are more engaged ${shown}.`;
  if (r >= 0.3) return `Matters for engagement here: people who rate it higher tend to be more engaged ${shown}.`;
  if (r >= 0.1)
    return `Matters a little for engagement here: people who rate it higher are slightly more engaged ${shown}.`;
  if (r > -0.1) return `Hardly related to engagement here ${shown}.`;
  return `People who rate it higher are, if anything, less engaged here ${shown}.`;
}

function comparison(d: number, what: string): string {
  if (d > 0) return `${d.toFixed(1)} below ${what}`;
  if (d < 0) return `${(-d).toFixed(1)} above ${what}`;
  return `level with ${what}`;
}

const joinAnd = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)!}`;

/** The second sentence: how low it is against the organisation and the scope's own history. */
export function lownessSentence(scope: ScopeName, input: Pick<FocusInput, "score" | "hidden" | "own" | "org">): string {
  const subject = scope.kind === "org" ? "The organisation" : scope.name;
  if (input.score === null)
    return input.hidden
      ? `${subject} has too few answers on it to show a score.`
      : `${subject} has no score for it from the last three months.`;
  const parts: string[] = [];
  if (scope.kind === "team" && input.org !== null)
    parts.push(comparison(gap(input.org, input.score), "the organisation"));
  if (input.own !== null)
    parts.push(
      comparison(
        gap(input.own, input.score),
        scope.kind === "org" ? "its last three months" : "its own last three months",
      ),
    );
  const head = `${subject} scores ${round1(input.score).toFixed(1)}`;
  return parts.length ? `${head}, ${joinAnd(parts)}.` : `${head}.`;
}

/** Every dimension with its figures and explanation, most worth acting on first; the top ones with
 * a positive priority are the focus areas. */
export function rankFocusAreas(scope: ScopeName, inputs: readonly FocusInput[]): FocusAreaDto[] {
  const out = inputs.map((i): FocusAreaDto => ({
    dimension: i.dimension,
    label: i.label,
    score: i.score === null ? null : round1(i.score),
    n: i.score === null ? null : i.n,
    roundDate: i.score === null ? null : i.roundDate,
    trend: trendText(i.score, i.own),
    impact: knownImpact(i.impact),
    pairs: i.impact.pairs,
    explanation: `${impactSentence(i.impact)} ${lownessSentence(scope, i)}`,
    priority: focusPriority(i),
    focus: false,
    planId: i.planId,
  }));
  out.sort(
    (a, b) =>
      b.priority - a.priority ||
      (a.score ?? Number.POSITIVE_INFINITY) - (b.score ?? Number.POSITIVE_INFINITY) ||
      a.label.localeCompare(b.label),
  );
  out.forEach((f, i) => {
    f.focus = i < FOCUS_MAX && f.priority > 0;
  });
  return out;
}
