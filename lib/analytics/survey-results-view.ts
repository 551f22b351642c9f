// What one survey's results may show, question by question, from its per-question rollups
// (SurveyQuestionRollup) and participation. Pure: the loader (survey-results.ts) hands in rows,
// so tests can check the suppression on their own.
//
// The same rules as the pulse analytics (rounds.ts), decided over the whole organisation whatever
// the viewer may see, and for the viewer's own place in the survey's audience:
// - a group (team or organisation) with fewer respondents than the survey's minimum is hidden,
//   and a second group when the first could be worked out by subtraction (suppression.ts);
// - per question again on the question's own answer counts, since optional questions can have
//   fewer answers than respondents;
// - comments by the comment rule (at least 5 respondents and the minimum), as comments.ts;
// - a group whose audience includes the viewer needs one respondent more (suppression.ts, rule 3).
import {
  commentMinimum,
  decideVisibility,
  type SuppressionReason,
  type ViewerPlace,
} from "@/lib/analytics/suppression";
import { round1 } from "@/lib/analytics/scores";
import { scaleScore, standardEnps } from "@/lib/surveys/scoring";
import { ORG_TEAM_ID } from "@/lib/surveys/send";

/** higherIsWorse: the wellness stress item, where agreeing means more stress. audienceTeamId: a
 * question asked of one team only (an action plan's check-back); options: a choice question's. */
type ResultQuestion = {
  id: string;
  order: number;
  type: "scale" | "enps" | "text" | "choice";
  text: string;
  higherIsWorse: boolean;
  options?: readonly string[];
  audienceTeamId?: string | null;
  audienceTeamName?: string | null;
};
type QuestionRollupRow = {
  teamId: string;
  questionId: string;
  n: number;
  sum: number;
  counts: readonly number[];
};
type ParticipationRow = { teamId: string; invited: number; responded: number };

/** Answers per value, lowest value first (1..5 for scale, 0..10 for eNPS). */
export type Bar = { value: number; count: number };

export type ScaleStats = {
  n: number;
  /** Mean answer on the 1-5 scale, one decimal. */
  average: number;
  /** The same mean on the 0-10 scale, (a - 1) x 2.5, one decimal (docs/decisions.md (Scores and metrics)). */
  score: number;
  distribution: Bar[];
};

export type EnpsStats = {
  n: number;
  /** Mean answer, 0-10, one decimal (as the eNPS card shows it). */
  average: number;
  /** % promoters (9-10) minus % detractors (0-6), -100..100. */
  standardEnps: number;
  promoters: number;
  passives: number;
  detractors: number;
  distribution: Bar[];
};

/** A choice question's split: answers per option, in the options' order. */
export type ChoiceStats = { n: number; options: { label: string; count: number; percent: number }[] };

type Base = {
  id: string;
  order: number;
  text: string;
  higherIsWorse: boolean;
  reason: SuppressionReason | null;
  /** Asked of this team only (null: of everyone the survey went to), and its name. */
  audienceTeamId: string | null;
  audienceTeamName: string | null;
};
export type QuestionResult =
  | (Base & { type: "scale"; stats: ScaleStats | null })
  | (Base & { type: "enps"; stats: EnpsStats | null })
  | (Base & { type: "choice"; stats: ChoiceStats | null })
  /** Comments are filled in by the loader, only for visible groups; shuffled. */
  | (Base & { type: "text"; comments: string[] });

export type GroupResult = {
  /** A team id, or ORG_TEAM_ID for the whole organisation. */
  id: string;
  name: string;
  reason: SuppressionReason | null;
  /** Zero when the group is hidden. */
  invited: number;
  responded: number;
  /** Empty when the group is hidden. */
  questions: QuestionResult[];
};

const sumOf = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
const bars = (counts: readonly number[], from: number, to: number): Bar[] =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: from + i, count: counts[from + i] ?? 0 }));

function scaleStats(row: Pick<QuestionRollupRow, "n" | "sum" | "counts">): ScaleStats {
  const mean = row.sum / row.n;
  return { n: row.n, average: round1(mean), score: round1(scaleScore(mean)), distribution: bars(row.counts, 1, 5) };
}

function enpsStats(row: Pick<QuestionRollupRow, "n" | "sum" | "counts">): EnpsStats {
  const promoters = sumOf(row.counts.slice(9, 11));
  const passives = sumOf(row.counts.slice(7, 9));
  const detractors = sumOf(row.counts.slice(0, 7));
  return {
    n: row.n,
    average: round1(row.sum / row.n),
    standardEnps: standardEnps(row.n, promoters, detractors) ?? 0,
    promoters,
    passives,
    detractors,
    distribution: bars(row.counts, 0, 10),
  };
}

function choiceStats(row: Pick<QuestionRollupRow, "n" | "counts">, options: readonly string[]): ChoiceStats {
  return {
    n: row.n,
    options: options.map((label, i) => {
      const count = row.counts[i] ?? 0;
      return { label, count, percent: Math.round((count / row.n) * 100) };
    }),
  };
}

export type SurveyResultsInput = {
  minGroupSize: number;
  questions: readonly ResultQuestion[];
  participation: readonly ParticipationRow[];
  rollups: readonly QuestionRollupRow[];
  /** Every team of the organisation: a team's visibility depends on its siblings. */
  allTeamIds: readonly string[];
  /** The groups the viewer may see, in display order. */
  wanted: readonly { id: string; name: string }[];
  /** Where the viewer sat in the survey's audience (null: not invited). */
  viewer?: ViewerPlace;
};

export function evaluateSurveyResults(input: SurveyResultsInput): GroupResult[] {
  const { minGroupSize: min, questions, allTeamIds } = input;
  const part = new Map(input.participation.map((p) => [p.teamId, p]));
  const rows = new Map(input.rollups.map((r) => [`${r.teamId}|${r.questionId}`, r]));
  const row = (teamId: string, questionId: string) => rows.get(`${teamId}|${questionId}`);
  const responded = (id: string) => part.get(id)?.responded ?? 0;
  const orgResponded = responded(ORG_TEAM_ID);

  const viewer = input.viewer ?? null;
  const groups = decideVisibility({
    min,
    viewer,
    total: orgResponded,
    groups: allTeamIds.map((id) => ({ id, n: responded(id) })),
  });
  const comments = decideVisibility({
    min: commentMinimum(min),
    viewer,
    total: orgResponded,
    groups: allTeamIds.map((id) => ({ id, n: responded(id) })),
  });
  const perQuestion = new Map(
    questions
      .filter((q) => q.type !== "text")
      .map((q) => [
        q.id,
        decideVisibility({
          min,
          viewer,
          total: row(ORG_TEAM_ID, q.id)?.n ?? 0,
          groups: allTeamIds.map((id) => ({ id, n: row(id, q.id)?.n ?? 0, forced: groups.suppressed.get(id) })),
        }),
      ]),
  );
  const isOrg = (id: string) => id === ORG_TEAM_ID;
  const reasonIn = (d: ReturnType<typeof decideVisibility>, id: string): SuppressionReason | null =>
    isOrg(id) ? (d.totalVisible ? null : "below-minimum") : (d.suppressed.get(id) ?? null);
  // A team-only question's organisation figures are its team's answers alone: the organisation
  // row shows them only when the team's own row may (its minimum, subtraction and viewer rules).
  const questionReason = (q: ResultQuestion, id: string): SuppressionReason | null => {
    const d = perQuestion.get(q.id)!;
    const own = reasonIn(d, id);
    if (own || !isOrg(id) || !q.audienceTeamId) return own;
    return reasonIn(d, q.audienceTeamId);
  };

  return input.wanted.map(({ id, name }): GroupResult => {
    const reason = reasonIn(groups, id);
    if (reason) return { id, name, reason, invited: 0, responded: 0, questions: [] };
    // Another team's own questions are not this team's: left out of its group.
    const asked = questions.filter((q) => !q.audienceTeamId || isOrg(id) || q.audienceTeamId === id);
    const results = asked.map((q): QuestionResult => {
      const base = {
        id: q.id,
        order: q.order,
        text: q.text,
        higherIsWorse: q.higherIsWorse,
        audienceTeamId: q.audienceTeamId ?? null,
        audienceTeamName: q.audienceTeamId ? (q.audienceTeamName ?? null) : null,
      };
      if (q.type === "text") {
        const own = reasonIn(comments, id);
        const reason = own ?? (isOrg(id) && q.audienceTeamId ? reasonIn(comments, q.audienceTeamId) : null);
        return { ...base, type: "text", reason, comments: [] };
      }
      const why = questionReason(q, id);
      const r = row(id, q.id);
      // A visible question has at least the minimum of answers, so r is there and n > 0.
      const shown = why || !r || r.n === 0 ? null : r;
      if (q.type === "choice")
        return {
          ...base,
          type: "choice",
          reason: shown ? null : (why ?? "below-minimum"),
          stats: shown ? choiceStats(shown, q.options ?? []) : null,
        };
      if (q.type === "scale")
        return {
          ...base,
          type: "scale",
          reason: shown ? null : (why ?? "below-minimum"),
          stats: shown ? scaleStats(shown) : null,
        };
      return {
        ...base,
        type: "enps",
        reason: shown ? null : (why ?? "below-minimum"),
        stats: shown ? enpsStats(shown) : null,
      };
    });
    return {
      id,
      name,
      reason: null,
      invited: part.get(id)?.invited ?? 0,
      responded: responded(id),
      questions: results,
    };
  });
}
