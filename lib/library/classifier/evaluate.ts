import { CATEGORIES, type ContentCategory } from "@/lib/library/schemas";
import type { ContentAnalysis } from "./schemas";
import type { LabelledPassage } from "./training-data";

export type Evaluation = {
  categoryCorrect: number;
  categoryAccuracy: number;
  typeAccuracy: number;
  perCategory: Record<ContentCategory, { correct: number; total: number }>;
  /** "expected -> predicted" -> count, for the wrong category answers. */
  confusions: Record<string, number>;
};

/** Category and content-type accuracy of an analyser on a labelled set. */
export function evaluate(set: LabelledPassage[], analyze: (text: string) => ContentAnalysis): Evaluation {
  const perCategory = Object.fromEntries(
    CATEGORIES.map((c) => [c, { correct: 0, total: 0 }]),
  ) as Evaluation["perCategory"];
  const confusions: Record<string, number> = {};
  let categoryCorrect = 0;
  let typeCorrect = 0;
  for (const item of set) {
    const got = analyze(item.text);
    const s = perCategory[item.category];
    s.total += 1;
    if (got.category === item.category) {
      s.correct += 1;
      categoryCorrect += 1;
    } else {
      const key = `${item.category} -> ${got.category}`;
      confusions[key] = (confusions[key] ?? 0) + 1;
    }
    if (got.contentType === item.contentType) typeCorrect += 1;
  }
  return {
    categoryCorrect,
    categoryAccuracy: categoryCorrect / set.length,
    typeAccuracy: typeCorrect / set.length,
    perCategory,
    confusions,
  };
}
