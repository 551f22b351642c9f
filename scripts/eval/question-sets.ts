// The labelled manager questions Boss Bot is measured on, in one shape, split once into a tuning half
// (every choice of weight or threshold is made on it) and a held-out half (the figures we report).
// Sets A and B were written with the first library; C and D were written later, the way managers
// type (names, lower case, typos, fragments, long stories, follow-ups), from the item texts alone.
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { QUESTIONS_A, OUT_OF_SCOPE_A } from "../../tests/fixtures/coach-questions-a";
import { QUESTIONS_B, OUT_OF_SCOPE_B } from "../../tests/fixtures/coach-questions-b";
import { QUESTIONS_C, OUT_OF_SCOPE_C } from "../../tests/fixtures/coach-questions-c";
import { QUESTIONS_D, OUT_OF_SCOPE_D } from "../../tests/fixtures/coach-questions-d";
import type { CoachQuestion, OutOfScopeQuestion } from "../../tests/fixtures/coach-question-type";

export type EvalQuestion = {
  question: string;
  /** Earlier questions of the conversation, oldest first (follow-ups). */
  earlier: string[];
  answers: string[];
  categories: string[];
  style: string;
  set: string;
};
export type QuestionSet = { labelled: EvalQuestion[]; outOfScope: string[] };

const categoryOf = new Map(BUILTIN_LIBRARY.map((b) => [b.id, b.category as string]));
const categoriesOf = (answers: string[]) => [
  ...new Set(answers.map((id) => categoryOf.get(id)).filter((c): c is string => !!c)),
];

const older = (questions: { question: string; answers: string[] }[], set: string): EvalQuestion[] =>
  questions.map((q) => ({
    question: q.question,
    earlier: [],
    answers: q.answers,
    categories: categoriesOf(q.answers),
    style: "plain",
    set,
  }));
const newer = (questions: CoachQuestion[], set: string): EvalQuestion[] =>
  questions.map((q) => ({
    question: q.question,
    earlier: q.earlier ?? [],
    answers: q.answers,
    categories: q.categories.length ? q.categories : categoriesOf(q.answers),
    style: q.style,
    set,
  }));

const NEWER_SETS: { labelled: EvalQuestion[]; outOfScope: OutOfScopeQuestion[] }[] = [
  { labelled: newer(QUESTIONS_C, "c"), outOfScope: OUT_OF_SCOPE_C },
  { labelled: newer(QUESTIONS_D, "d"), outOfScope: OUT_OF_SCOPE_D },
];

export const LABELLED: EvalQuestion[] = [
  ...older(QUESTIONS_A, "a"),
  ...older(QUESTIONS_B, "b"),
  ...NEWER_SETS.flatMap((s) => s.labelled),
];
export const OUT_OF_SCOPE: string[] = [
  ...OUT_OF_SCOPE_A,
  ...OUT_OF_SCOPE_B,
  ...NEWER_SETS.flatMap((s) => s.outOfScope.map((o) => o.question)),
];

// Even positions tune, odd positions are held out; every set is interleaved, so neither half is one
// writer's style.
export const TUNING: QuestionSet = {
  labelled: LABELLED.filter((_, i) => i % 2 === 0),
  outOfScope: OUT_OF_SCOPE.filter((_, i) => i % 2 === 0),
};
export const HELD_OUT: QuestionSet = {
  labelled: LABELLED.filter((_, i) => i % 2 === 1),
  outOfScope: OUT_OF_SCOPE.filter((_, i) => i % 2 === 1),
};

/** One answer to score: the items retrieved (or cited), best first; empty = the coach declined. */
export type Ranked = { id: string; category: string }[];

export type CoachMetrics = {
  questions: number;
  outOfScope: number;
  /** An item of a labelled category among the first 1 / 3 (the measure). */
  hit1: number;
  hit3: number;
  mrr: number;
  /** A labelled item itself among the first 1 / 3 (stricter). */
  itemHit1: number;
  itemHit3: number;
  /** Labelled questions answered with nothing. */
  inScopeRefusals: number;
  /** Out-of-scope questions answered with nothing. */
  outOfScopeDeclined: number;
  misses: { q: EvalQuestion; got: Ranked }[];
  falseAnswers: { question: string; got: Ranked }[];
};

export async function measure(
  set: QuestionSet,
  answer: (question: string, earlier: string[]) => Promise<Ranked>,
): Promise<CoachMetrics> {
  let hit1 = 0,
    hit3 = 0,
    rr = 0,
    itemHit1 = 0,
    itemHit3 = 0,
    refusals = 0,
    declined = 0;
  const misses: CoachMetrics["misses"] = [];
  const falseAnswers: CoachMetrics["falseAnswers"] = [];
  for (const q of set.labelled) {
    const got = await answer(q.question, q.earlier);
    if (got.length === 0) refusals++;
    const rank = got.slice(0, 10).findIndex((g) => q.categories.includes(g.category));
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 3) hit3++;
    else misses.push({ q, got: got.slice(0, 3) });
    if (rank >= 0) rr += 1 / (rank + 1);
    const itemRank = got.slice(0, 10).findIndex((g) => q.answers.includes(g.id));
    if (itemRank === 0) itemHit1++;
    if (itemRank >= 0 && itemRank < 3) itemHit3++;
  }
  for (const question of set.outOfScope) {
    const got = await answer(question, []);
    if (got.length === 0) declined++;
    else falseAnswers.push({ question, got: got.slice(0, 3) });
  }
  const n = set.labelled.length || 1;
  const o = set.outOfScope.length || 1;
  return {
    questions: set.labelled.length,
    outOfScope: set.outOfScope.length,
    hit1: hit1 / n,
    hit3: hit3 / n,
    mrr: rr / n,
    itemHit1: itemHit1 / n,
    itemHit3: itemHit3 / n,
    inScopeRefusals: refusals / n,
    outOfScopeDeclined: declined / o,
    misses,
    falseAnswers,
  };
}

export function metricsLine(m: CoachMetrics): string {
  const f = (x: number) => x.toFixed(3);
  return `hit@1 ${f(m.hit1)}  hit@3 ${f(m.hit3)}  MRR ${f(m.mrr)}  item hit@1 ${f(m.itemHit1)}  item hit@3 ${f(m.itemHit3)}  in-scope refusals ${(m.inScopeRefusals * 100).toFixed(1)} %  out-of-scope declined ${(m.outOfScopeDeclined * 100).toFixed(1)} %  (${m.questions} + ${m.outOfScope} out of scope)`;
}
