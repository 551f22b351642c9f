import { createHash } from "node:crypto";
import type { BuiltinItem } from "@/lib/library/builtin/types";
import { EMBEDDING_MODEL } from "@/lib/library/semantic/encoder-model";

// What of a library item is embedded: its title, its tags, and its text in short sections (a whole
// item of 1-2k characters blurs into one vector that matches nothing well; a question usually
// matches one part of it). An item scores by its best section. Built-in items also carry example
// questions managers ask ("asks"): the encoder matches a question best against other questions.

/** Sections are cut near this many characters, at a sentence end when there is one. */
const SECTION_CHARS = 600;
/** Sections of one organisation item at most (a 20,000-character import is about 33 sections). */
export const MAX_SECTIONS = 24;

function plainText(s: string): string {
  return s
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>]/g, "")
    .replace(/\{name\}/g, "them")
    .replace(/\s+/g, " ")
    .trim();
}

function cut(s: string, max = SECTION_CHARS): string {
  if (s.length <= max) return s;
  const head = s.slice(0, max);
  const stop = head.lastIndexOf(". ");
  return stop > max * 0.5 ? head.slice(0, stop + 1) : head;
}

/** Paragraphs (or markdown sections) packed into pieces of about SECTION_CHARS. */
function chunks(content: string): string[] {
  const blocks = content
    .split(/\n\s*\n|\n(?=#{1,6}\s)/)
    .map(plainText)
    .filter((b) => b.length > 0);
  const out: string[] = [];
  let current = "";
  for (const block of blocks) {
    for (let rest = block; rest.length > 0;) {
      const piece = cut(rest);
      rest = rest.slice(piece.length).trim();
      if (current && current.length + piece.length + 1 > SECTION_CHARS) {
        out.push(current);
        current = "";
      }
      current = current ? `${current} ${piece}` : piece;
    }
  }
  if (current) out.push(current);
  return out;
}

/** The texts embedded for one organisation item, in section order. */
export function orgItemSections(item: { title: string; content: string; tags: readonly string[] }): string[] {
  const title = plainText(item.title);
  const out = [title];
  if (item.tags.length) out.push(item.tags.join(", "));
  for (const c of chunks(item.content)) out.push(`${title}. ${c}`);
  return out.slice(0, MAX_SECTIONS);
}

/** The document texts embedded for one built-in item (as for an organisation item). The script
 * (words said to an employee) is left out: it reads like small talk and matched unrelated questions. */
export function builtinDocSections(item: BuiltinItem): string[] {
  const title = plainText(item.title);
  return [
    title,
    item.tags.join(", "),
    cut(`${title}. ${plainText(item.situation)}`),
    cut(`${title}. ${plainText(item.approach)}`),
    cut(`${title}. ${plainText(item.nextSteps.join(" "))}`),
  ];
}

/** A built-in item's example questions, embedded as they are. */
export function builtinAskSections(item: BuiltinItem): string[] {
  return item.asks.map(plainText);
}

export function builtinSections(item: BuiltinItem): string[] {
  return [...builtinDocSections(item), ...builtinAskSections(item)];
}

/** Names a section's text for this model: a stored vector whose hash differs is stale. */
export function sectionHash(text: string): string {
  return createHash("sha256").update(`${EMBEDDING_MODEL}\n${text}`).digest("base64url").slice(0, 22);
}
