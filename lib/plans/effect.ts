// Whether an action plan worked (docs/decisions.md (Acting on results)): the change in the plan's
// dimension for its team between the baseline round and a check-back, set against the change in
// comparable teams over the same weeks (difference-in-differences), with a 95 % interval; and the
// team's answers to "Did this action happen?". Pure: the loader (results.ts) hands in rollup rows,
// never raw answers, so the property tests can throw random organisations at it.
//
// Every figure comes only from cells that the round's own suppression shows to the person looking
// (evaluateRound: the minimum group, complementary suppression, and one more when the viewer was
// invited and attributed to that group), and sums of such cells.
import { evaluateRound, ORG_GROUP, type RoundInput } from "@/lib/analytics/rounds";
import { round1 } from "@/lib/analytics/scores";
import { scaleScore } from "@/lib/surveys/scoring";

/** What a check-back measured for the plan's scope, on the 0-10 scale with one decimal. */
export type EffectDto = {
  surveyId: string;
  /** The scope's dimension score in the baseline round. */
  baseline: number;
  /** The check-back's score question for the scope. */
  after: number;
  change: number;
  /** The same change in comparable teams: the mean of each team's own change (equal weight);
   * null for an organisation plan or when no comparable team could be shown in both rounds. */
  comparisonChange: number | null;
  /** change - comparisonChange (difference-in-differences). */
  estimate: number | null;
  /** 95 % interval of the estimate. */
  interval: [number, number] | null;
  n: { before: number; after: number };
  comparisonTeams: number;
};
/** "Did this action happen?": respondents and the whole percentage of each answer. */
export type HappenedDto = { n: number; yes: number; partly: number; no: number };
/** Why a check-back shows no figures (or not all of them): not sent yet; its survey still open
 * (results are released at close); a group below the minimum; the plan has no baseline to measure
 * from; the plan's team was too small to be reported on its own in the round, so nobody was asked. */
export type ResultReason = "not-sent-yet" | "open" | "not-enough-answers" | "no-baseline" | "team-too-small";

/** A sample of 0-10 scores: size, mean and sample variance (n - 1 denominator; 0 below 2). */
export type Distribution = { n: number; mean: number; variance: number };

/** The distribution of answers given as counts per value: `counts[v]` answers of value v, each
 * scoring `score(v)`. */
export function distributionOf(counts: readonly number[], score: (value: number) => number): Distribution {
  let n = 0;
  let sum = 0;
  counts.forEach((c, v) => {
    n += c;
    sum += c * score(v);
  });
  if (n === 0) return { n: 0, mean: 0, variance: 0 };
  const mean = sum / n;
  let ss = 0;
  counts.forEach((c, v) => {
    ss += c * (score(v) - mean) ** 2;
  });
  return { n, mean, variance: n > 1 ? ss / (n - 1) : 0 };
}

/** Several samples as one (every answer weighs the same: respondent-weighted). */
function pool(ds: readonly Distribution[]): Distribution {
  const n = ds.reduce((s, d) => s + d.n, 0);
  if (n === 0) return { n: 0, mean: 0, variance: 0 };
  const mean = ds.reduce((s, d) => s + d.n * d.mean, 0) / n;
  // Within-sample sums of squares plus each sample's distance from the pooled mean.
  const ss = ds.reduce((s, d) => s + (d.n > 1 ? (d.n - 1) * d.variance : 0) + d.n * (d.mean - mean) ** 2, 0);
  return { n, mean, variance: n > 1 ? ss / (n - 1) : 0 };
}

/** z for a two-sided 95 % interval. */
const Z95 = 1.96;

export type RawEffect = {
  baseline: number;
  after: number;
  change: number;
  comparisonChange: number | null;
  estimate: number | null;
  /** Standard error of the estimate; null without a comparison or with a sample under 2. */
  se: number | null;
  interval: [number, number] | null;
};

/** One group's answers before and after. */
export type BeforeAfter = { before: Distribution; after: Distribution };

/** Variance of the mean of a sample. */
const varianceOfMean = (d: Distribution) => d.variance / d.n;

/**
 * Difference-in-differences: (treated after - treated before) - the comparison teams' change, the
 * mean of each comparison team's own change (after - before) with equal weight. A change pooled
 * over the comparison teams' respondents would move with who answered in each round (a large team
 * answering more in one round than the other shifts the pooled mean with no change in any team).
 * Answers are anonymous, so one person's answers in the two rounds cannot be paired: every sample
 * is treated as independent, and the standard error adds the variances of the means (Welch-style):
 * SE_T^2 = s2_Ta/n_Ta + s2_Tb/n_Tb; SE_C = sqrt(sum over the k teams of s2_a/n_a + s2_b/n_b) / k;
 * SE = sqrt(SE_T^2 + SE_C^2), interval ±1.96 SE. Independence ignores the positive correlation of a
 * person with themselves, which makes the interval wider than a paired one, never narrower.
 */
export function differenceInDifferences(treated: BeforeAfter, comparison: readonly BeforeAfter[] | null): RawEffect {
  const change = treated.after.mean - treated.before.mean;
  const base = { baseline: treated.before.mean, after: treated.after.mean, change };
  if (!comparison || comparison.length === 0)
    return { ...base, comparisonChange: null, estimate: null, se: null, interval: null };
  const k = comparison.length;
  const comparisonChange = comparison.reduce((s, t) => s + (t.after.mean - t.before.mean), 0) / k;
  const estimate = change - comparisonChange;
  const samples = [treated.after, treated.before, ...comparison.flatMap((t) => [t.after, t.before])];
  if (samples.some((d) => d.n < 2)) return { ...base, comparisonChange, estimate, se: null, interval: null };
  const comparisonVar = comparison.reduce((s, t) => s + varianceOfMean(t.after) + varianceOfMean(t.before), 0) / k ** 2;
  const se = Math.sqrt(varianceOfMean(treated.after) + varianceOfMean(treated.before) + comparisonVar);
  return { ...base, comparisonChange, estimate, se, interval: [estimate - Z95 * se, estimate + Z95 * se] };
}

/** One decimal, and never "-0". */
const shown = (x: number) => round1(x) + 0;

function effectDto(
  surveyId: string,
  raw: RawEffect,
  n: { before: number; after: number },
  comparisonTeams: number,
): EffectDto {
  return {
    surveyId,
    baseline: shown(raw.baseline),
    after: shown(raw.after),
    change: shown(raw.change),
    comparisonChange: raw.comparisonChange === null ? null : shown(raw.comparisonChange),
    estimate: raw.estimate === null ? null : shown(raw.estimate),
    interval: raw.interval ? [shown(raw.interval[0]), shown(raw.interval[1])] : null,
    n,
    comparisonTeams,
  };
}

/** The split of a Yes / Partly / No question's answers (counts by option index), in whole
 * percentages; null without answers. */
function happenedSplit(counts: readonly number[]): HappenedDto | null {
  const [yes = 0, partly = 0, no = 0] = counts;
  const n = yes + partly + no;
  if (n === 0) return null;
  const pct = (c: number) => Math.round((c / n) * 100);
  return { n, yes: pct(yes), partly: pct(partly), no: pct(no) };
}

// ---------------------------------------------------------------------------------------------
// From rollup rows to the figures a viewer may see.

/** A SurveyQuestionRollup row: answers to one question in one group, counts[v] per value 0..10. */
export type QuestionRollupRow = { teamId: string; questionId: string; n: number; counts: readonly number[] };
/** A scale question measuring the dimension; `reversed` for the wellness stress item (agreeing
 * means more stress, so it scores 10 - its scale score, like the rollups: scoring.ts). */
export type MeasuredQuestion = { id: string; reversed: boolean };
/** One closed round as analytics loads it (rollups by metric, participation, the viewer's place),
 * plus the question rollups of the questions used. */
export type RoundRows = RoundInput & { questions: readonly QuestionRollupRow[] };

export type MeasureInput = {
  dimension: string;
  /** The plan's team; null: the organisation (no comparison group). */
  teamId: string | null;
  /** Every team of the organisation (suppression is decided over all of them). */
  teamIds: readonly string[];
  /** Teams that may serve as comparison: no plan on the dimension published by the check-back's
   * close, not the plan's own team. */
  comparisonCandidates: readonly string[];
  /** The teams whose figures the viewer may see (every team for an admin, none for an employee). */
  seenTeamIds: ReadonlySet<string>;
  /** The pulse round the baseline was taken from, with its questions on the dimension. */
  baseline: { round: RoundRows; questions: readonly MeasuredQuestion[] } | null;
  /** The check-back's closed survey: its score question and "Did this action happen?". */
  checkBack: { round: RoundRows; score: MeasuredQuestion | null; happenedQuestionId: string | null };
  /** Where the comparison teams' "after" comes from: "check-back" when the check-back's score
   * question was asked of everyone in a pulse round (the same question, the same round as the
   * plan's team); else the latest closed pulse round after the baseline that measured the
   * dimension, at or before the check-back's close, with its questions on it; null: none. */
  comparisonAfter: "check-back" | { round: RoundRows; questions: readonly MeasuredQuestion[] } | null;
};

export type Measured = { effect: EffectDto | null; happened: HappenedDto | null };

const scaleOf = (q: MeasuredQuestion) => (v: number) => {
  // Scale answers are 1-5 in counts[1..5]; counts[0] stays empty for them.
  if (v < 1 || v > 5) return 0;
  return q.reversed ? 10 - scaleScore(v) : scaleScore(v);
};

/** The group's answers to these questions as one sample (counts outside 1-5 ignored). */
function sampleOf(round: RoundRows, group: string, questions: readonly MeasuredQuestion[]): Distribution {
  const parts: Distribution[] = [];
  for (const q of questions) {
    const row = round.questions.find((r) => r.teamId === group && r.questionId === q.id);
    if (!row) continue;
    const counts = row.counts.map((c, v) => (v >= 1 && v <= 5 ? c : 0));
    parts.push(distributionOf(counts, scaleOf(q)));
  }
  return pool(parts);
}

/** Groups (team ids, or ORG_GROUP) whose `metric` the round shows the viewer. */
function visibleGroups(round: RoundInput, teamIds: readonly string[], metric: string): Set<string> {
  const view = evaluateRound(round, teamIds);
  const out = new Set<string>();
  const shows = (cell: { reason: unknown; metrics: Map<string, { n: number }> } | undefined) =>
    cell !== undefined && cell.reason === null && (cell.metrics.get(metric)?.n ?? 0) > 0;
  if (shows(view.org)) out.add(ORG_GROUP);
  for (const [id, cell] of view.teams) if (shows(cell)) out.add(id);
  return out;
}

const questionMetric = (questionId: string) => `question:${questionId}`;

/** The check-back survey decided per question: each question's rollup rows stand as a metric, so
 * the round's group decision and each question's own counts both apply. */
function checkBackRound(round: RoundRows, questionIds: readonly string[]): RoundInput {
  return {
    ...round,
    rollups: round.questions
      .filter((q) => questionIds.includes(q.questionId))
      .map((q) => ({
        teamId: q.teamId,
        metric: questionMetric(q.questionId),
        n: q.n,
        sum: 0,
        promoters: 0,
        detractors: 0,
      })),
  };
}

export function measureCheckBack(input: MeasureInput): Measured {
  const group = input.teamId ?? ORG_GROUP;
  const { round: cbRound, score, happenedQuestionId } = input.checkBack;
  const asked = [score?.id, happenedQuestionId].filter((id): id is string => !!id);
  const cbVisible = (questionId: string) =>
    visibleGroups(checkBackRound(cbRound, asked), input.teamIds, questionMetric(questionId));

  let happened: HappenedDto | null = null;
  if (happenedQuestionId && cbVisible(happenedQuestionId).has(group)) {
    const row = cbRound.questions.find((r) => r.teamId === group && r.questionId === happenedQuestionId);
    happened = row ? happenedSplit(row.counts) : null;
  }

  let effect: EffectDto | null = null;
  const baseline = input.baseline;
  if (score && baseline && cbVisible(score.id).has(group)) {
    const baseVisible = visibleGroups(baseline.round, input.teamIds, input.dimension);
    const before = sampleOf(baseline.round, group, baseline.questions);
    const after = sampleOf(cbRound, group, [score]);
    if (baseVisible.has(group) && before.n > 0 && after.n > 0) {
      const comparison: BeforeAfter[] = [];
      const later =
        input.comparisonAfter === "check-back"
          ? { round: cbRound, questions: [score], visible: cbVisible(score.id) }
          : input.comparisonAfter && {
              ...input.comparisonAfter,
              visible: visibleGroups(input.comparisonAfter.round, input.teamIds, input.dimension),
            };
      let unseen = 0;
      if (input.teamId !== null && later) {
        for (const id of input.comparisonCandidates) {
          if (id === input.teamId || !baseVisible.has(id) || !later.visible.has(id)) continue;
          const b = sampleOf(baseline.round, id, baseline.questions);
          const a = sampleOf(later.round, id, later.questions);
          if (b.n === 0 || a.n === 0) continue;
          comparison.push({ before: b, after: a });
          if (!input.seenTeamIds.has(id)) unseen++;
        }
      }
      // The comparison is the mean of the teams' own changes: with exactly one of them a team the
      // viewer may not see, it would give that team's change away (alone, or beside teams the
      // viewer sees). Like the complementary rule for groups: none or at least two such teams, else
      // the plan shows its own change without a comparison.
      const shownComparison = unseen === 1 ? [] : comparison;
      const raw = differenceInDifferences({ before, after }, shownComparison);
      effect = effectDto(cbRound.id, raw, { before: before.n, after: after.n }, shownComparison.length);
    }
  }
  return { effect, happened };
}
