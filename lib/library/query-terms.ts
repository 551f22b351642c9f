// Turns a manager's question into the words the library search looks for: the question's own
// content words (generic ones dropped), misspellings corrected to the nearest library word by
// trigram similarity (pg_trgm's measure), and the synonyms of lib/library/synonyms.ts.
import { synonymsFor } from "@/lib/library/synonyms";

// Words every question has, which say nothing about which item answers it.
const GENERIC = new Set(
  `a about above after again against all am an and any are as at be because been before being below between both but by can could
  did do does doing down during each few for from further had has have having he her here hers herself him himself his how i if in into
  is it its itself just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she
  should so some such than that the their theirs them themselves then there these they this those through to too under until up very
  was we were what when where which while who whom why will with would you your yours yourself yourselves
  anyone anything best better really still also even get gets getting got go going handle handling deal dealing help helps need needs
  want wants way ways tips tip advice ideas idea thing things something someone somebody lot lots keep keeps make makes making take
  know think feel feels seem seems say says tell start started since around much many every always never sure right good bad new just
  one ones two person people team's manager managers managing employee employees staff member members report reports direct colleague
  colleagues guy guys everyone approach team teams work works worked working whole time times week weeks day days lead boss should i'm i've i'd don't doesn't isn't it's they're we're what's how's`
    .split(/\s+/)
    .filter(Boolean),
);

function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’‘]/g, "'")
      .match(/[a-z0-9][a-z0-9'-]*[a-z0-9]|[a-z0-9]/g) ?? []
  ).map((w) => w.replace(/'s$/, ""));
}

/** The question's own words that say something (generic ones dropped), before any correction. */
export function contentWords(text: string): string[] {
  return tokenize(text).filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w));
}

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  return out;
}

function similarity(a: Set<string>, b: Set<string>): number {
  let common = 0;
  for (const t of a) if (b.has(t)) common++;
  return common / (a.size + b.size - common);
}

export type Vocabulary = { words: Set<string>; byLength: Map<number, { word: string; grams: Set<string> }[]> };

export function buildVocabulary(texts: Iterable<string>): Vocabulary {
  const words = new Set<string>();
  for (const t of texts) for (const w of tokenize(t)) if (w.length >= 3 && !/\d/.test(w)) words.add(w);
  const byLength = new Map<number, { word: string; grams: Set<string> }[]>();
  for (const w of words) {
    const list = byLength.get(w.length) ?? [];
    list.push({ word: w, grams: trigrams(w) });
    byLength.set(w.length, list);
  }
  return { words, byLength };
}

// High enough that an inflection the library lacks ("burning") is not "corrected" to another word.
const CORRECTION_THRESHOLD = 0.55;

/** The nearest library word to an unknown one (same length +-2), or null when none is close. */
function correct(word: string, vocab: Vocabulary): string | null {
  if (word.length < 4 || vocab.words.has(word)) return null;
  const grams = trigrams(word);
  let best: string | null = null;
  let bestScore = CORRECTION_THRESHOLD;
  for (let len = word.length - 2; len <= word.length + 2; len++) {
    for (const cand of vocab.byLength.get(len) ?? []) {
      if (cand.word[0] !== word[0]) continue;
      const s = similarity(grams, cand.grams);
      if (s > bestScore) {
        bestScore = s;
        best = cand.word;
      }
    }
  }
  return best;
}

/** The words to search for (space-separated, for to_tsvector): the question's own (corrected)
 * and, weighted lower by the query, its synonyms. Both empty when nothing is left. */
export function searchTerms(question: string, vocab: Vocabulary): { own: string; synonyms: string } {
  const own = tokenize(question).filter((w) => !GENERIC.has(w));
  const corrected = new Set(own.map((w) => correct(w, vocab) ?? w));
  const extra = new Set<string>();
  for (const s of synonymsFor([question, ...corrected].join(" ")))
    for (const w of tokenize(s)) if (!GENERIC.has(w) && !corrected.has(w)) extra.add(w);
  return { own: [...corrected].join(" "), synonyms: [...extra].join(" ") };
}
