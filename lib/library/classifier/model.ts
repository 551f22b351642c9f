import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import type { ContentCategory, ContentType } from "@/lib/library/schemas";
import { trainNaiveBayes, type NaiveBayes } from "./naive-bayes";
import { features } from "./text";
import { TRAINING_DATA } from "./training-data";

// The trained models, built once on first use (memoised): category and content type, both naive
// Bayes over unigrams and bigrams of our labelled passages and the built-in library.

export type Models = { category: NaiveBayes<ContentCategory>; contentType: NaiveBayes<ContentType>; trainedMs: number };

let cached: Models | undefined;

export function models(): Models {
  if (cached) return cached;
  const start = performance.now();
  const examples = [
    ...TRAINING_DATA.map((d) => ({
      feats: features(d.text),
      category: d.category,
      contentType: d.contentType,
      weight: 1,
    })),
    // Built-in items are long and well written; their title and situation carry the category best.
    ...BUILTIN_LIBRARY.map((b) => ({
      feats: features(`${b.title}. ${b.tags.join(", ")}. ${b.situation} ${b.approach}`),
      category: b.category,
      contentType: b.contentType,
      weight: 0.5,
    })),
  ];
  const category = trainNaiveBayes(examples.map((e) => ({ feats: e.feats, label: e.category, weight: e.weight })));
  // The type model learns from our passages only (the built-ins are mostly frameworks and scripts).
  const contentType = trainNaiveBayes(
    examples.slice(0, TRAINING_DATA.length).map((e) => ({ feats: e.feats, label: e.contentType })),
  );
  cached = { category, contentType, trainedMs: performance.now() - start };
  return cached;
}
