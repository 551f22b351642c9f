import { LOCALE } from "./locale";
import { formatNumber } from "./numbers";

const rules = new Intl.PluralRules(LOCALE);

/**
 * The one helper for a count with its noun: "1 person", "3 people", "1,200 answers". Client-safe.
 * `one` and `many` may be whole phrases ("person was" / "people were") so the verb agrees too.
 * `many` defaults to `one` + "s".
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatNumber(count)} ${pluralWord(count, one, many)}`;
}

/** Only the word, for texts where the number is shown elsewhere: pluralWord(n, "member") → "member" | "members". */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return rules.select(count) === "one" ? one : many;
}
