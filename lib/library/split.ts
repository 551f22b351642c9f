// Splits long imported text into sections of at most `max` characters: at markdown headings first,
// then at paragraph boundaries, then (a single paragraph longer than the limit) at line or word ends.
// Pure, client-safe.

const SECTION_LIMIT = 20_000;

function packPieces(pieces: string[], max: number, joiner: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const piece of pieces) {
    const candidate = current ? current + joiner + piece : piece;
    if (candidate.length <= max) {
      current = candidate;
      continue;
    }
    if (current) out.push(current);
    current = piece;
  }
  if (current) out.push(current);
  return out;
}

function hardCut(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf("\n", max);
    if (cut < max / 2) cut = rest.lastIndexOf(" ", max);
    if (cut < max / 2) cut = max;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) out.push(rest);
  return out;
}

function splitParagraphs(text: string, max: number): string[] {
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p) => (p.length > max ? hardCut(p, max) : [p]));
  return packPieces(paragraphs, max, "\n\n");
}

/** The text itself when it fits; otherwise sections of at most `max` characters. */
export function splitIntoSections(text: string, max = SECTION_LIMIT): string[] {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed ? [trimmed] : [];
  const sections = trimmed
    .split(/\n(?=#{1,6}\s)/)
    .map((s) => s.trim())
    .filter(Boolean)
    .flatMap((s) => (s.length > max ? splitParagraphs(s, max) : [s]));
  return packPieces(sections, max, "\n\n");
}
