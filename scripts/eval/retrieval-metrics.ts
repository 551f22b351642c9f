// Retrieval quality on the labelled manager questions (tests/fixtures/coach-questions-*.ts):
// hit@1, hit@3 (an answering item among the first 1 / 3), MRR (over the first 10) and the share of
// out-of-scope questions that retrieve nothing. Shared by `npm run eval:retrieval` and the test.
import { QUESTIONS_A, OUT_OF_SCOPE_A } from "../../tests/fixtures/coach-questions-a";
import { QUESTIONS_B, OUT_OF_SCOPE_B } from "../../tests/fixtures/coach-questions-b";

export type Labelled = { question: string; answers: string[] };
export type RetrievalMetrics = { questions: number; outOfScope: number; hit1: number; hit3: number; mrr: number; outOfScopeCorrect: number; misses: { question: string; answers: string[]; got: string[] }[]; falseHits: { question: string; got: string[] }[] };

export const LABELLED: Labelled[] = [...QUESTIONS_A, ...QUESTIONS_B];
export const OUT_OF_SCOPE: string[] = [...OUT_OF_SCOPE_A, ...OUT_OF_SCOPE_B];

export type QuestionSet = { labelled: readonly Labelled[]; outOfScope: readonly string[] };
export const ALL_QUESTIONS: QuestionSet = { labelled: LABELLED, outOfScope: OUT_OF_SCOPE };

/** A fixed split for choosing tuned values (the relevance floor, a fusion weight) on one half and
 * reporting them on the other: even positions tune, odd positions are held out. Both halves mix
 * the two question files, so neither half is one writer's style. */
export const TUNING: QuestionSet = { labelled: LABELLED.filter((_, i) => i % 2 === 0), outOfScope: OUT_OF_SCOPE.filter((_, i) => i % 2 === 0) };
export const HELD_OUT: QuestionSet = { labelled: LABELLED.filter((_, i) => i % 2 === 1), outOfScope: OUT_OF_SCOPE.filter((_, i) => i % 2 === 1) };

export async function evaluateRetrieval(ids: (question: string) => Promise<string[]>, set: QuestionSet = ALL_QUESTIONS): Promise<RetrievalMetrics> {
  const { labelled: LABELLED, outOfScope: OUT_OF_SCOPE } = set;
  let hit1 = 0;
  let hit3 = 0;
  let rr = 0;
  const misses: RetrievalMetrics["misses"] = [];
  for (const q of LABELLED) {
    const got = await ids(q.question);
    const rank = got.slice(0, 10).findIndex((id) => q.answers.includes(id));
    if (rank === 0) hit1++;
    if (rank >= 0 && rank < 3) hit3++;
    else misses.push({ question: q.question, answers: q.answers, got: got.slice(0, 3) });
    if (rank >= 0) rr += 1 / (rank + 1);
  }
  let empty = 0;
  const falseHits: RetrievalMetrics["falseHits"] = [];
  for (const q of OUT_OF_SCOPE) {
    const got = await ids(q);
    if (got.length === 0) empty++;
    else falseHits.push({ question: q, got: got.slice(0, 3) });
  }
  const n = LABELLED.length || 1;
  return { questions: LABELLED.length, outOfScope: OUT_OF_SCOPE.length, hit1: hit1 / n, hit3: hit3 / n, mrr: rr / n, outOfScopeCorrect: empty / (OUT_OF_SCOPE.length || 1), misses, falseHits };
}
