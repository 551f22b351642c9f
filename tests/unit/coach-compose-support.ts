import { BUILTIN_LIBRARY, builtinMarkdown } from "@/lib/library/builtin";
import type { Grounding, GroundingItem } from "@/lib/coach/prompt";

// Shared by the composition tests: built-in items as the retrieval hands them over, and a
// comparison of answers that does not lean on the composer's own normalisation.

export function item(id: string, n: number, relevance: number): GroundingItem {
  const b = BUILTIN_LIBRARY.find((x) => x.id === id);
  if (!b) throw new Error(`no built-in item ${id}`);
  return { n, id, source: "builtin", title: b.title, category: b.category, content: builtinMarkdown(b), relevance };
}

export function grounding(items: GroundingItem[], extra: Partial<Grounding> = {}): Grounding {
  return { items, team: null, personName: null, meeting: null, ...extra };
}

/** Text for comparing: no citations, markdown, quotes, list markers or punctuation, lower case. */
export function squash(text: string): string {
  return text
    .replace(/\[\d+\]/g, " ")
    .replace(/^\s*>\s?/, "")
    .replace(/^\s*\d+\.\s+/, "")
    .replace(/[^A-Za-z0-9\s]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The paragraphs, list items and script lines of an answer (headings and blank quote lines left out). */
export function lines(answer: string): string[] {
  return answer
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^\*\*[^*]+\*\*$/.test(l) && l !== ">")
    .map(squash)
    .filter((l) => l.length >= 12);
}

/** The body of one section of an answer ("Approach", "Script" ...), up to the next heading. */
export function section(answer: string, heading: string): string {
  const start = answer.indexOf(`**${heading}**`);
  if (start < 0) return "";
  const rest = answer.slice(start + heading.length + 4);
  const next = rest.search(/\n\*\*[A-Z][a-z ]+\*\*\n/);
  return (next < 0 ? rest : rest.slice(0, next)).trim();
}
