import { teamSentence, type Grounding, type GroundingItem } from "@/lib/coach/prompt";
import { meetingSentences } from "@/lib/coach/meeting-words";

// The built-in coach's writing: a structured markdown answer composed from the retrieved items.
// Pure (no I/O), so the model, the tests and the bench share it.

type Sections = { situation: string; approach: string; script: string; nextSteps: string[] };

const HEADINGS: Record<string, keyof Sections> = {
  situation: "situation",
  approach: "approach",
  script: "script",
  "next steps": "nextSteps",
};

/** Sections from "## Situation / ## Approach / ## Script / ## Next steps" headings; null when none. */
export function parseSections(content: string): Sections | null {
  const out: Sections = { situation: "", approach: "", script: "", nextSteps: [] };
  let current: keyof Sections | null = null;
  let found = false;
  const buf: Record<string, string[]> = { situation: [], approach: [], script: [], nextSteps: [] };
  for (const line of content.split(/\r?\n/)) {
    const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      const key = HEADINGS[h[1]!.toLowerCase().replace(/:$/, "")];
      current = key ?? null;
      if (key) found = true;
      continue;
    }
    if (current) buf[current]!.push(line);
  }
  if (!found) return null;
  out.situation = buf.situation!.join("\n").trim();
  out.approach = buf.approach!.join("\n").trim();
  out.script = buf.script!.join("\n").trim();
  out.nextSteps = buf.nextSteps!
    .map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").trim())
    .filter((l) => l.length > 0);
  return out;
}

/** The first sentences of free text (markdown marks dropped), at most `max` characters. */
export function firstSentences(text: string, count = 2, max = 320): string {
  const plain = text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  const sentences = plain.match(/[^.!?]+[.!?]+(?=\s|$)/g) ?? [plain];
  let out = sentences.slice(0, count).map((x) => x.trim()).join(" ");
  if (out.length === 0) out = plain;
  if (out.length > max) out = `${out.slice(0, max - 3).trimEnd()}...`;
  return out;
}

/** Numbered steps written inline ("1. Book ... 2. Open ...") or one per line, as a list; null
 * when the text is not a list of steps. Sentence splitting would cut them at "1." and "2.". */
export function numberedSteps(text: string, max = 5): string[] | null {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!/^1[.)]\s/.test(flat) || !/\s2[.)]\s/.test(flat)) return null;
  const steps = flat
    .split(/\s*(?:^|\s)\d{1,2}[.)]\s+/)
    .map((x) => x.trim())
    .filter((x) => x.length > 0);
  return steps.length >= 2 ? steps.slice(0, max) : null;
}

function fillName(text: string, name: string | null): string {
  return text.replace(/\{name\}/g, name ?? "[their name]");
}

const NOTHING =
  "The library holds nothing on this question yet, so I can't give you grounded guidance on it. " +
  "Try rephrasing it with the leadership situation you are facing (for example feedback, motivation, conflict or a difficult conversation), " +
  "or ask an admin to add content on this topic to the leadership content library.";

/** One turn of the conversation as the model sees it. */
export type Turn = { role: "user" | "assistant"; text: string };
/** The question and the turns before it, oldest first. */
export type Conversation = { question: string; earlier: Turn[] };

/** The built-in coach's answer for a question and its grounding. */
export function composeAnswer(g: Grounding, _conversation: Conversation = { question: "", earlier: [] }): string {
  const team = teamSentence(g.team);
  if (g.items.length === 0) {
    return team ? `${NOTHING}\n\n${team}` : NOTHING;
  }
  const top = g.items.slice(0, 3);
  const parsed = top.map((item) => ({ item, sections: parseSections(item.content) }));
  const structured = parsed.filter((p) => p.sections !== null) as { item: GroundingItem; sections: Sections }[];
  const freeForm = parsed.filter((p) => p.sections === null).map((p) => p.item);
  const cite = (item: GroundingItem) => `[${item.n}]`;
  const lead = structured[0];

  const situation: string[] = [];
  if (lead?.sections.situation) situation.push(`${fillName(firstSentences(lead.sections.situation, 3, 500), g.personName)} ${cite(lead.item)}`);
  for (const item of freeForm) situation.push(`${firstSentences(item.content)} ${cite(item)}`);
  if (team) situation.push(team);
  if (g.meeting) situation.push(meetingSentences(g.meeting).join(" "));

  const approach: string[] = [];
  for (const s of structured.slice(0, 2)) {
    if (!s.sections.approach) continue;
    const steps = numberedSteps(s.sections.approach);
    approach.push(
      steps
        ? `${steps.map((step, i) => `${i + 1}. ${fillName(step, g.personName)}`).join("\n")} ${cite(s.item)}`
        : `${fillName(firstSentences(s.sections.approach, 3, 500), g.personName)} ${cite(s.item)}`,
    );
  }
  if (approach.length === 0) for (const item of freeForm) approach.push(`Read **${item.title}** for the detail ${cite(item)}.`);

  const scriptSource = structured.find((s) => s.sections.script);
  const script = scriptSource
    ? `${fillName(scriptSource.sections.script, g.personName)
        .split(/\r?\n/)
        .map((l) => (l.trim() ? `> ${l.trim()}` : ">"))
        .join("\n")}\n\n${cite(scriptSource.item)}`
    : `> ${g.personName ? `${g.personName}, ` : ""}I'd like to talk about how things are going for you and what would help. What's on your mind?`;

  const steps: string[] = [];
  for (const s of structured) {
    for (const step of s.sections.nextSteps) {
      if (steps.length >= 5) break;
      steps.push(`${fillName(step, g.personName)} ${cite(s.item)}`);
    }
  }
  if (steps.length === 0) steps.push(...top.map((item) => `Review **${item.title}** ${cite(item)}.`));

  return [
    "**Situation**",
    situation.join("\n\n"),
    "**Approach**",
    approach.join("\n\n"),
    "**Script**",
    script,
    "**Next steps**",
    steps.map((s, i) => `${i + 1}. ${s}`).join("\n"),
  ].join("\n\n");
}

/** Word-sized chunks of a text (each word with the whitespace after it); they join back exactly. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
