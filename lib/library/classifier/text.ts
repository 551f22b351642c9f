// Text features shared by the classifier's models and the tag extractor: lower-cased words, a
// light stemmer, stop words removed, unigrams and bigrams. Pure, no dependencies.

const STOP_WORDS = new Set(
  (
    "a about above after again against all also am an and any are aren as at be because been before being below between both but by can " +
    "cannot could did do does doing don down during each even ever every few for from further get gets got had has have having he her here " +
    "hers herself him himself his how i if in into is isn it its itself just let lets like ll me more most much must my myself no nor not now " +
    "of off on once one only or other our ours ourselves out over own re really s same say says she should so some still such t than that the " +
    "their theirs them themselves then there these they this those through to too under until up us ve very was we were what when where which " +
    "while who whom why will with would you your yours yourself yourselves yes okay ok name thing things way ways make makes made going go goes " +
    "want wants need needs know think thinks tell told use used using may might one two three four five first second third next new many"
  ).split(" "),
);

/** A light suffix stemmer: enough to join "conflicts"/"conflict", "delegating"/"delegate". */
const stemCache = new Map<string, string>();

function stem(word: string): string {
  let cached = stemCache.get(word);
  if (cached === undefined) {
    cached = stemWord(word);
    if (stemCache.size < 50_000) stemCache.set(word, cached);
  }
  return cached;
}

function stemWord(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) return `${w.slice(0, -3)}y`;
  if (w.endsWith("sses")) return w.slice(0, -2);
  for (const suffix of [
    "ational",
    "ization",
    "fulness",
    "iveness",
    "ments",
    "ment",
    "ings",
    "ing",
    "edly",
    "ed",
    "ly",
    "es",
    "s",
  ]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) {
      if (
        (suffix === "s" && (w.endsWith("ss") || w.endsWith("us") || w.endsWith("is"))) ||
        (suffix === "es" && !/(ch|sh|x|ss|zz)es$/.test(w))
      )
        continue;
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** `pos` is the word's place in the text; a sentence break adds a gap, so adjacent words of one
 * sentence differ by exactly 1. */
const WORD = /[\p{L}][\p{L}'’-]*|[.!?;:,()\n"“”]/gu;
const BREAK = /[.!?;:,()\n"“”]/;

export type Token = { stem: string; surface: string; pos: number };

/** Words of the text, lower-cased, apostrophes kept inside words, stop words and numbers dropped. */
export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const words = text.toLowerCase().match(WORD) ?? [];
  let pos = 0;
  for (const raw of words) {
    if (raw.length === 1 && BREAK.test(raw)) {
      pos += 2;
      continue;
    }
    const surface = raw.replace(/['’]s$/u, "").replace(/['’-]+$/u, "");
    for (const part of surface.split("-")) {
      pos += 1;
      if (part.length < 2 || STOP_WORDS.has(part) || part.includes("'") || part.includes("’")) continue;
      out.push({ stem: stem(part), surface: part, pos });
    }
  }
  return out;
}

/** Unigram and bigram features ("a b" joined by a space) of a text. */
export function features(text: string): string[] {
  const t = tokens(text);
  const out = t.map((x) => x.stem);
  for (let i = 1; i < t.length; i++) out.push(`${t[i - 1]!.stem} ${t[i]!.stem}`);
  return out;
}
