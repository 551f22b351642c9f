import type { ContentCategory, ContentType } from "@/lib/library/schemas";
import { models } from "./model";
import type { ContentAnalysis } from "./schemas";
import { features, tokens } from "./text";

// Auto-analysis without any AI service (docs/decisions.md (The leadership library)): category from a naive Bayes
// trained on our own labelled writing, content type from plain rules backed by a second model, tags from key phrases,
// title from the first heading or sentence, priority from a stated rule.

const GENERIC_HEADINGS = /^(situation|approach|script|next steps|notes?|summary|overview|introduction)$/i;
const MAX_TITLE = 80;

/** At most `max` characters, cut at a word boundary, trailing punctuation dropped. */
function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max + 1);
  const at = cut.lastIndexOf(" ");
  return (at > 20 ? cut.slice(0, at) : clean.slice(0, max)).replace(/[\s,;:.\-–—]+$/u, "");
}

/** The first markdown heading (the four headings of built-in items are skipped), else the first
 * sentence, at most 80 characters at a word boundary. */
export function titleOf(text: string): string {
  const lines = text.split(/\r?\n/);
  for (const line of lines) {
    const m = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (m && !GENERIC_HEADINGS.test(m[1]!.trim())) return clip(m[1]!.replace(/[*_`]/g, ""), MAX_TITLE);
  }
  const body = lines
    .filter((l) => !/^\s{0,3}#{1,6}\s/.test(l))
    .join(" ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/[*_`>#]/g, " ")
    .replace(/^\s*(?:\d+[.)]|[-•])\s*/, "")
    .trim();
  const sentence = /^(.+?[.!?])(?:\s|$)/u.exec(body)?.[1] ?? body;
  const title = clip(sentence.replace(/^["“'‘]+|["”'’]+$/gu, "").replace(/[.!?]+$/, ""), MAX_TITLE);
  return title.length > 0 ? title : "Untitled content";
}

const VIDEO_URL =
  /https?:\/\/(?:www\.)?(?:youtube\.com|youtu\.be|vimeo\.com|loom\.com|wistia\.com|[\w.-]*videos?[\w.-]*)\/\S*/i;

/** The content type: clear signals first (a video link, "chapter", quoted lines, numbered fields
 * to fill, a company's story, a named model with stages), then the type model. */
export function contentTypeOf(text: string): ContentType {
  const lower = text.toLowerCase();
  if (VIDEO_URL.test(text) || (/https?:\/\//.test(text) && /\b(video|watch|webinar|recording)\b/.test(lower)))
    return "video_link";
  if (/^\s*(?:#+\s*)?chapter\s+(?:\d+|[ivxlc]+|one|two|three|four|five|six|seven|eight|nine|ten)\b/im.test(text))
    return "book_chapter";
  const quoted = (text.match(/["“][^"”]{12,}["”]/g) ?? []).length;
  const speakerLines = (text.match(/^\s*(?:you|manager|employee|me|them|[A-Z][a-z]+)\s*:\s+\S/gim) ?? []).length;
  if (quoted >= 1 && quoted * 60 > text.length * 0.12) return "script";
  if (speakerLines >= 2) return "script";
  const fillFields = (text.match(/^\s*(?:\d+[.)]|[-*•]|\[ \])\s*[^\n]{2,80}(?::|\?|_{3,})\s*$/gm) ?? []).length;
  if (fillFields >= 3) return "template";
  if (
    /\b(?:at|in) an? [\w -]{0,40}\b(company|firm|agency|start-?up|studio|bank|retailer|hospital|plant|team|chain)\b/i.test(
      text,
    ) &&
    /\b(?:after|within|by the|a year|months?|quarter)\b/i.test(text)
  ) {
    const ranked = models().contentType.rank(features(text));
    if (ranked[0]!.label === "case_study" || ranked.slice(0, 2).some((r) => r.label === "case_study"))
      return "case_study";
  }
  if (/\b(model|framework)\b/i.test(text) && /\b(stages?|steps?|levels?|phases?)\b/i.test(text)) return "framework";
  const feats = features(text);
  if (!known(feats)) return "methodology";
  const best = models().contentType.rank(feats)[0]!.label;
  // The rules above decide script, template, video and chapter; the model only chooses among the rest.
  if (best === "framework" || best === "case_study" || best === "methodology") return best;
  return "methodology";
}

/** Text with no word the models know (empty, symbols, another language) gets the broadest
 * category rather than whichever label a tie happens to put first. */
const FALLBACK_CATEGORY: ContentCategory = "leadership_development";

function known(feats: string[]): boolean {
  const { docFreq } = models().category;
  return feats.some((f) => docFreq.has(f));
}

function categoryOf(text: string): ContentCategory {
  const feats = features(text);
  if (!known(feats)) return FALLBACK_CATEGORY;
  return models().category.rank(feats)[0]!.label;
}

/** 3 to 6 key phrases: words and pairs of the text, weighted by how often they occur here and how
 * rare they are in the training corpus; bigrams preferred, lower-case, no repeats. */
export function tagsOf(text: string): string[] {
  const { docFreq, docs } = models().category;
  const toks = tokens(text);
  const surfaces = new Map<string, string>();
  const tf = new Map<string, number>();
  const add = (key: string, surface: string) => {
    tf.set(key, (tf.get(key) ?? 0) + 1);
    if (!surfaces.has(key)) surfaces.set(key, surface);
  };
  toks.forEach((t, i) => {
    if (t.surface.length > 30) return;
    if (t.surface.length >= 3) add(t.stem, t.surface);
    const prev = toks[i - 1];
    if (prev && prev.pos === t.pos - 1 && prev.surface.length >= 3 && t.surface.length >= 3 && prev.stem !== t.stem)
      add(`${prev.stem} ${t.stem}`, `${prev.surface} ${t.surface}`);
  });
  const scored = [...tf.entries()]
    .map(([key, n]) => {
      const df = docFreq.get(key) ?? 0;
      const idf = Math.log((docs + 1) / (df + 1)) + 1;
      const bigram = key.includes(" ");
      // A bigram must occur twice, or be known to the corpus, to count as a phrase.
      if (bigram && n < 2 && df === 0) return { key, score: 0 };
      return { key, score: (1 + Math.log(n)) * idf * (bigram ? 1.4 : 1) * (df === 0 && !bigram ? 0.6 : 1) };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  const out: string[] = [];
  const covered = new Set<string>();
  for (const { key } of scored) {
    if (out.length >= 6) break;
    const parts = key.split(" ");
    if (parts.every((p) => covered.has(p))) continue;
    out.push(surfaces.get(key)!);
    parts.forEach((p) => covered.add(p));
  }
  return out.slice(0, Math.max(3, Math.min(6, out.length)));
}

const URGENT: ReadonlySet<ContentCategory> = new Set([
  "difficult_conversations",
  "conflict_resolution",
  "burnout_prevention",
  "workplace_stress",
]);

/** Priority 1-5. 3 by default. +1 for a script or framework on an urgent topic
 * (difficult conversations, conflict, burnout, stress): managers reach for these under pressure.
 * 2 for background material (book chapters, videos) on any other topic. */
export function priorityOf(category: ContentCategory, contentType: ContentType): number {
  if (URGENT.has(category) && (contentType === "script" || contentType === "framework")) return 4;
  if (!URGENT.has(category) && (contentType === "book_chapter" || contentType === "video_link")) return 2;
  return 3;
}

export function analyzeContent(text: string): ContentAnalysis {
  const category = categoryOf(text);
  const contentType = contentTypeOf(text);
  return {
    title: titleOf(text),
    contentType,
    category,
    tags: tagsOf(text),
    priority: priorityOf(category, contentType),
  };
}
