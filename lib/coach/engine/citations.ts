// Citations a model may write are "[n]" (or "[n, m]") for the numbered items it was given. Numbers
// that were not given are removed, also while streaming (a citation split across chunks is held
// back until it closes).

const CITATION = /\s?\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]/g;

export function stripInventedCitations(text: string, valid: ReadonlySet<number>): string {
  return text.replace(CITATION, (whole, inner: string) => {
    const kept = inner
      .split(",")
      .map((s) => Number(s.trim()))
      .filter((n) => valid.has(n));
    if (kept.length === 0) return "";
    const lead = whole.startsWith(" ") ? " " : "";
    return `${lead}[${kept.join(", ")}]`;
  });
}

/** The numbers a text cites (after stripping). */
export function citedNumbers(text: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(CITATION)) for (const s of m[1]!.split(",")) out.add(Number(s.trim()));
  return [...out];
}

/** A streaming filter: push chunks in, get cleaned text out; flush at the end. */
export function citationFilter(valid: ReadonlySet<number>) {
  let pending = "";
  return {
    push(chunk: string): string {
      pending += chunk;
      // Hold back from a trailing "[" (or a space before it) that may still become a citation.
      const open = pending.lastIndexOf("[");
      let cut = pending.length;
      if (open >= 0 && !pending.includes("]", open) && pending.length - open <= 16) {
        cut = open > 0 && pending[open - 1] === " " ? open - 1 : open;
      } else if (pending.endsWith(" ")) {
        cut = pending.length - 1;
      }
      const ready = pending.slice(0, cut);
      pending = pending.slice(cut);
      return stripInventedCitations(ready, valid);
    },
    flush(): string {
      const rest = stripInventedCitations(pending, valid);
      pending = "";
      return rest;
    },
  };
}
