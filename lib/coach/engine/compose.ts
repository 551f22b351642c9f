import { extractPersonName, teamSentence, type Grounding, type GroundingItem } from "@/lib/coach/prompt";
import { meetingOpener, meetingSentences, meetingTalkingPoints } from "@/lib/coach/meeting-words";
import { restateQuestion } from "@/lib/coach/restate";
import type { MeetingContext } from "@/lib/coach/meeting-context";

// The built-in coach's writing, pure (no I/O), so the model, the tests and the bench share it.
// An answer to the question asked: the manager's situation restated in their own terms, the
// approach, script and next steps of the best-matching item only (a second item adds at most one
// labelled point, and only when it scores nearly as well), the 1:1 in words when the conversation
// is about one. A follow-up builds on the earlier answers: it refers to them in one sentence,
// answers what the manager says now, and never prints a paragraph, list item or script line again.

type Sections = { situation: string; approach: string; script: string; nextSteps: string[] };

/** One turn of the conversation as the model sees it. */
export type Turn = { role: "user" | "assistant"; text: string };
/** The question and the turns before it, oldest first. */
export type Conversation = { question: string; earlier: Turn[] };

const HEADINGS: Record<string, keyof Sections> = {
  situation: "situation",
  approach: "approach",
  script: "script",
  "next steps": "nextSteps",
};

/** Sections from "## Situation / ## Approach / ## Script / ## Next steps" headings; null when none. */
export function parseSections(content: string): Sections | null {
  let current: keyof Sections | null = null;
  let found = false;
  const buf: Record<keyof Sections, string[]> = { situation: [], approach: [], script: [], nextSteps: [] };
  for (const line of content.split(/\r?\n/)) {
    const h = /^#{1,3}\s+(.+?)\s*#*\s*$/.exec(line);
    if (h) {
      const key = HEADINGS[h[1]!.toLowerCase().replace(/:$/, "")];
      current = key ?? null;
      if (key) found = true;
      continue;
    }
    if (current) buf[current].push(line);
  }
  if (!found) return null;
  return {
    situation: buf.situation.join("\n").trim(),
    approach: buf.approach.join("\n").trim(),
    script: buf.script.join("\n").trim(),
    nextSteps: buf.nextSteps.map((l) => l.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").trim()).filter((l) => l.length > 0),
  };
}

/** Plain text: markdown marks dropped, whitespace collapsed. */
function plain(text: string): string {
  return text
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/[*_`>]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Sentences of a line as written (a sentence ends at . ! ? before a capital, a quote or a digit). */
function splitSentences(line: string): string[] {
  return line
    .split(/(?<=[.!?]['"”’)]?)\s+(?=["'“‘(*]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Whole sentences of a text, markdown marks dropped. */
export function sentences(text: string): string[] {
  const flat = plain(text);
  return flat ? splitSentences(flat) : [];
}

/** An approach cut into the sentences before its numbered steps, the steps, and what follows them. */
export type ApproachParts = { intro: string[]; steps: string[]; outro: string[] };

/**
 * Splits an approach at its numbered steps ("Walk through four questions in order. 1. Clarity: ...
 * 2. ..."), only at markers numbered 1, 2, 3 in sequence, so "within 2. weeks" style text stays
 * whole. The last step keeps its first sentence; any sentences after it are the outro.
 */
export function approachParts(text: string): ApproachParts {
  const flat = plain(text);
  const markers: { at: number; end: number }[] = [];
  let expected = 1;
  for (const m of flat.matchAll(/(?:^|\s)(\d{1,2})[.)]\s+(?=\S)/g)) {
    if (Number(m[1]) !== expected) continue;
    markers.push({ at: m.index!, end: m.index! + m[0].length });
    expected += 1;
  }
  if (markers.length < 2) return { intro: sentences(flat), steps: [], outro: [] };
  const intro = sentences(flat.slice(0, markers[0]!.at));
  const steps: string[] = [];
  let outro: string[] = [];
  markers.forEach((mk, i) => {
    const body = flat.slice(mk.end, i + 1 < markers.length ? markers[i + 1]!.at : undefined).trim();
    if (i + 1 < markers.length) {
      steps.push(body);
      return;
    }
    const [first, ...rest] = sentences(body);
    steps.push(first ?? body);
    outro = rest;
  });
  return { intro, steps, outro };
}

/** Numbered steps written inline ("1. Book ... 2. Open ...") or one per line, as a whole list; null
 * when the text does not start with a list of steps. Sentence splitting would cut them at "1.". */
export function numberedSteps(text: string): string[] | null {
  const flat = plain(text);
  if (!/^1[.)]\s/.test(flat)) return null;
  const { steps } = approachParts(flat);
  return steps.length >= 2 ? steps : null;
}

/** {name} filled in; without a name, "your report" (a script drops the vocative instead: fillScript). */
function fillName(text: string, name: string | null): string {
  if (name) return text.replace(/\{name\}/g, name);
  return text.replace(/(^|[.!?]\s+)\{name\}/g, "$1Your report").replace(/\{name\}/g, "your report");
}

function upperFirst(s: string): string {
  return s.replace(/^(["'“‘]?)([a-z])/, (_, q: string, c: string) => `${q}${c.toUpperCase()}`);
}

/** A script with the person's name; without one, the vocative goes ("{name}, I have noticed" -> "I have noticed"). */
export function fillScript(text: string, name: string | null): string {
  if (name) return text.replace(/\{name\}/g, name);
  return text
    .replace(
      /(^|[.!?]["”]?\s+|["“])\{name\},\s*([a-z])/g,
      (_, before: string, c: string) => `${before}${c.toUpperCase()}`,
    )
    .replace(/(^|[.!?]["”]?\s+|["“])\{name\},\s*/g, "$1")
    .replace(/,\s*\{name\}(?=[,.;:!?])/g, "")
    .replace(/\{name\}/g, "you");
}

/** The script's words without the quotation marks the library wraps them in. */
function unquote(text: string): string {
  const t = text.replace(/\s+/g, " ").trim();
  return /^["“].*["”]$/.test(t) ? t.slice(1, -1).trim() : t;
}

export const NOTHING =
  "The library holds nothing on this question yet, so I can't give you grounded guidance on it. " +
  "Try rephrasing it with the leadership situation you are facing (for example feedback, motivation, conflict or a difficult conversation), " +
  "or ask an admin to add content on this topic to the leadership content library.";

// ---------------------------------------------------------------- comparing with earlier answers

/** Text reduced for comparison: no citations, markdown, list markers, quotes or punctuation. */
function normalise(text: string): string {
  return text
    .replace(/\[\d+(?:\s*,\s*\d+)*\]/g, " ")
    .replace(/^\s*(?:>\s*)?(?:\d{1,2}[.)]|[-+•])\s+/, "")
    .replace(/[*_`>#]/g, " ")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** An answer's paragraphs, list items and script lines (headings left out), normalised. */
function answerUnits(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const t = line.trim();
    if (!t || /^\*\*[^*]+\*\*$/.test(t) || /^>\s*$/.test(t) || /^-{3,}$/.test(t)) continue;
    const n = normalise(t);
    if (n.length >= 12) out.push(n);
  }
  return out;
}

const CONTAINS_MIN = 40;

class Seen {
  private readonly units: string[];
  private readonly set: Set<string>;
  constructor(answers: readonly string[]) {
    this.units = answers.flatMap(answerUnits);
    this.set = new Set(this.units);
  }
  get empty(): boolean {
    return this.units.length === 0;
  }
  /** True when this paragraph, list item or script line was already written (or holds one that was). */
  has(text: string): boolean {
    const n = normalise(text);
    if (n.length < 12) return false;
    if (this.set.has(n)) return true;
    return this.units.some(
      (u) => (u.length >= CONTAINS_MIN && n.includes(u)) || (n.length >= CONTAINS_MIN && u.includes(n)),
    );
  }
  /** A paragraph without the sentences an earlier answer already holds (its citation kept). */
  withoutSeenSentences(text: string): string {
    const body = this.units.join(" ");
    const citeTail = /\s*(\[\d+\])$/.exec(text)?.[1] ?? "";
    const kept = splitSentences(text.replace(/\s*\[\d+\]$/, "")).filter((s) => {
      const n = normalise(s);
      return n.length < 30 || !body.includes(n);
    });
    return kept.length > 0 ? `${kept.join(" ")}${citeTail ? ` ${citeTail}` : ""}` : "";
  }
}

// ---------------------------------------------------------------- the items

type Source = { item: GroundingItem; sections: Sections | null };

/** Share of the best item's relevance a second item needs to add a supporting point. Retrieval
 * keeps only items within a fifth of the best, so the share alone hardly separates them: the
 * second item must also be of the best item's category (a stay interview beside "my top performer
 * might leave", not an announcement script beside a workload conversation). */
const SUPPORT_RATIO = 0.85;

function byRelevance(items: readonly GroundingItem[]): GroundingItem[] {
  return [...items].sort((a, b) => b.relevance - a.relevance || a.n - b.n);
}

/** The item a second point may come from: nearly as relevant as the best, a different item on the same question. */
function supportingItem(items: readonly GroundingItem[]): GroundingItem | null {
  const [best, ...rest] = byRelevance(items);
  if (!best || best.relevance <= 0) return null;
  for (const item of rest) {
    const ratio = item.relevance / best.relevance;
    if (ratio < SUPPORT_RATIO) return null;
    if (item.id === best.id || item.title.trim().toLowerCase() === best.title.trim().toLowerCase()) continue;
    if (item.category === best.category) return item;
  }
  return null;
}

const cite = (item: GroundingItem) => `[${item.n}]`;

function withCite(text: string, item: GroundingItem): string {
  return `${text.trim()} ${cite(item)}`;
}

/** The item's situation sentences that name the pattern: one, or two when the first is short. */
function patternSentences(s: Source, name: string | null): string | null {
  const text = s.sections ? s.sections.situation : "";
  const list = sentences(text);
  if (list.length === 0) return null;
  const pick = list[0]!.length < 90 && list[1] ? [list[0]!, list[1]] : [list[0]!];
  return withCite(fillName(pick.join(" "), name), s.item);
}

type Block = { kind: "p"; text: string } | { kind: "ol"; items: string[] };

/** The best item's approach as blocks: the sentences before its steps, the whole numbered list, what follows. */
function approachBlocks(s: Source, name: string | null): Block[] {
  const text = s.sections ? s.sections.approach : s.item.content;
  const parts = approachParts(text);
  const blocks: Block[] = [];
  const fill = (x: string) => fillName(x, name);
  if (parts.steps.length === 0) {
    // Prose: whole sentences, at most a long paragraph's worth, never cut mid-sentence.
    const keep: string[] = [];
    let used = 0;
    for (const sentence of parts.intro) {
      if (used > 0 && used + sentence.length > 900) break;
      keep.push(sentence);
      used += sentence.length;
    }
    if (keep.length > 0) blocks.push({ kind: "p", text: withCite(fill(keep.join(" ")), s.item) });
    return blocks;
  }
  if (parts.intro.length > 0) blocks.push({ kind: "p", text: withCite(fill(parts.intro.join(" ")), s.item) });
  const steps = parts.steps.map(fill);
  if (parts.intro.length === 0 && parts.outro.length === 0) steps[steps.length - 1] = withCite(steps.at(-1)!, s.item);
  blocks.push({ kind: "ol", items: steps });
  if (parts.outro.length > 0) blocks.push({ kind: "p", text: withCite(fill(parts.outro.join(" ")), s.item) });
  return blocks;
}

/** One whole point from a supporting item: its approach's opening sentence, or its first step. */
function supportingPoint(s: Source, name: string | null): string | null {
  const parts = approachParts(s.sections ? s.sections.approach : s.item.content);
  const point = parts.intro[0] ?? parts.steps[0];
  if (!point) return null;
  return `Also useful, from *${s.item.title}* ${cite(s.item)}: ${fillName(point, name)}`;
}

function scriptLines(s: Source, name: string | null): string[] {
  const raw = s.sections?.script;
  if (!raw) return [];
  return [withCite(upperFirst(fillScript(unquote(raw), name)), s.item)];
}

function nextStepsOf(s: Source, name: string | null): string[] {
  return (s.sections?.nextSteps ?? []).map((step) => withCite(fillName(step, name), s.item));
}

function genericScript(name: string | null): string {
  return `${name ? `${name}, I'd` : "I'd"} like to talk about how things are going for you and what would help. What's on your mind?`;
}

// ---------------------------------------------------------------- follow-ups

type Reaction = "fine" | "defensive" | "upset" | "unchanged" | "progress" | "other";

const REACTIONS: [Reaction, RegExp][] = [
  ["upset", /\b(?:cr(?:y|ies|ied|ying)|tears|teared up|emotional|broke down|overwhelmed|upset|panic)\b/i],
  [
    "defensive",
    /\b(?:defensive|angry|annoyed|snapped|shouted|push(?:es|ed)? back|argu(?:e|es|ed|ing)|disagree[sd]?|blam(?:e|es|ed|ing)|excuses?|denied|denies|deny|offended|took it badly|hostile)\b/i,
  ],
  [
    "fine",
    /\b(?:(?:everything|all|it)(?:'s| is| was)? (?:fine|ok(?:ay)?|good)|nothing(?:'s| is)? wrong|it's nothing|no problem|brush(?:es|ed)? it off|shrug(?:s|ged)?|won't open up|doesn't want to talk|can handle it|(?:doesn't|does not|don't|do not) need (?:any )?(?:help|support|anything)|(?:says?|said) (?:he|she|they)(?:'s| is| are| was| were)? (?:fine|ok(?:ay)?))\b/i,
  ],
  [
    "unchanged",
    /\b(?:didn't work|did not work|doesn't work|not working|no change|nothing (?:has )?changed|hasn't changed|still|again|same thing|keeps? happening|back to|no better|worse)\b/i,
  ],
  ["progress", /\b(?:it worked|went well|agreed|better now|improv(?:ed|ing)|thanked me|opened up)\b/i],
];

export function reactionOf(question: string): Reaction {
  for (const [kind, re] of REACTIONS) if (re.test(question)) return kind;
  return "other";
}

type Move = { approach: string[]; script: string[]; step: string[] };

/** What to do now for what the manager reports since the earlier answer; several wordings each, so a
 * third turn has one not yet used. */
function moveFor(kind: Reaction, name: string | null): Move {
  const v = (rest: string) => (name ? `${name}, ${rest}` : upperFirst(rest));
  const them = name ?? "them";
  switch (kind) {
    case "fine":
      return {
        approach: [
          "When someone says everything is fine, neither argue the point nor drop it: name one specific thing you saw, say why you are asking, and leave the door open. Keep the next commitment small and visible, so the conversation can start again from facts rather than feelings.",
          "Give it time without letting it fade: check in briefly and regularly, show interest in the work itself, and make it easy to raise a problem later.",
        ],
        script: [
          v(
            "I'm glad to hear that. I'm asking because of what I've seen lately, and I want to be sure I'm not missing something. If anything comes up, I'd rather hear it early. Could we look at it together again next week?",
          ),
          v(
            "thanks for being open with me. My door stays open; if something changes, even something small, tell me and we'll sort it out together.",
          ),
        ],
        step: [
          "Write down the one or two specific things you have seen, so the next check-in starts from facts.",
          `Check in briefly with ${them} each week for the next month, about the work rather than the problem.`,
        ],
      };
    case "defensive":
      return {
        approach: [
          "Defensiveness usually means the person feels judged. Slow down, acknowledge how it landed, and separate the person from the behaviour: restate the one fact and its impact, and ask for their view before asking for any change. If emotions run high, pause and agree a time to continue.",
          "Stay with one specific example and its effect on the work; do not add more examples to win the point, and say clearly what you are not questioning.",
        ],
        script: [
          v(
            "I can see this landed hard, and that's not my intention. I'm not questioning your commitment. Can we look at the one specific thing together, and can you tell me how you see it?",
          ),
          v("I'd like to understand your side before we decide anything. What am I missing?"),
        ],
        step: [
          "Agree a time within two days to pick the conversation up again, once you have both had time to think.",
          "Note what was said and agreed, in neutral words, the same day.",
        ],
      };
    case "upset":
      return {
        approach: [
          "Let the moment be: pause, offer time, and do not rush to fix it. Acknowledge the feeling, ask what would help now, and offer to continue later. If what they share goes beyond work, point them to the support your company offers, such as an employee assistance programme.",
          "Come back to the subject gently once things have settled, and ask what support would make the next step manageable.",
        ],
        script: [
          v("thank you for telling me. Take the time you need; there's no rush. What would help you most right now?"),
          v("I want to support you with this. Shall we pick it up again tomorrow, when you've had some space?"),
        ],
        step: [
          `Follow up with ${them} within a day with a short private message and a time to continue.`,
          "Check what support your company offers (for example an employee assistance programme) so you can point to it.",
        ],
      };
    case "unchanged":
      return {
        approach: [
          "When a first conversation has not changed anything, make the expectation explicit: restate what good looks like, by when, and what support you will give, and write it down together. Agree a short review date; if nothing changes by then, say plainly what the next, more formal step will be, so it is no surprise.",
          "Look for what is in the way before adding pressure: ask whether the expectation is clear, whether they have the time and tools, and what they would need to change it.",
        ],
        script: [
          v(
            "we talked about this a few weeks ago and it hasn't changed yet. I want to be clear about what I need and by when, and to hear what is getting in the way. What would help you get there?",
          ),
          v("let's write down together what we've agreed, so we both have the same picture. When should we review it?"),
        ],
        step: [
          "Write the agreed expectation, the date and the support you will give in a short note you both keep, and book the review.",
          "If nothing changes by the review, talk to HR about the formal next step before you take it.",
        ],
      };
    case "progress":
      return {
        approach: [
          "Progress is worth naming: recognise the specific change, ask what helped, and hand over a little more ownership so it lasts.",
          "Keep the momentum with a next step that is slightly bigger than the last, and keep checking in, less often.",
        ],
        script: [
          v(
            "I've noticed the difference since we talked. Thank you. What has helped, and what would you like to take on next?",
          ),
          v("this is going well. Where would you like more room to decide things yourself?"),
        ],
        step: [
          "Recognise the change in your next 1:1 and agree the next, slightly bigger step.",
          "Space out your check-ins as the change holds.",
        ],
      };
    default:
      return {
        approach: [
          "Build on what you started: keep the same goal, adapt to what you have learned since, and make the next conversation shorter and more specific than the first.",
          "Ask before you advise: find out how they see it now, then agree one concrete change and a date to look at it again.",
        ],
        script: [
          v(
            "I've been thinking about our last conversation. Here's where I think we are, and I'd like to hear where you think we are. What should we do next?",
          ),
          v("what would make the biggest difference for you in the next two weeks?"),
        ],
        step: [
          "Agree a date to check in again and write down what changed since the last conversation.",
          "Decide which one thing you will do differently yourself before that check-in.",
        ],
      };
  }
}

/** The person an earlier question named, newest first, when this one names nobody. */
function earlierName(earlier: readonly Turn[]): string | null {
  for (let i = earlier.length - 1; i >= 0; i--) {
    const t = earlier[i]!;
    if (t.role !== "user") continue;
    const name = extractPersonName(t.text);
    if (name) return name;
  }
  return null;
}

/** True when any of the item's own sentences appears in the earlier answers. */
function usedBefore(s: Source, earlierText: string): boolean {
  const body = normalise(earlierText.replace(/\n/g, " "));
  const probes = [
    ...(s.sections
      ? [
          s.sections.script ? unquote(s.sections.script) : "",
          ...s.sections.nextSteps,
          ...approachParts(s.sections.approach).steps,
        ]
      : []),
    ...sentences(s.sections ? s.sections.approach : s.item.content).slice(0, 2),
  ];
  return probes.some((p) => {
    const n = normalise(p.replace(/\{name\}/g, " "));
    // The name may have been filled in or dropped: compare the longest stretch without it.
    const longest = n.split(/\s{2,}/).sort((a, b) => b.length - a.length)[0] ?? n;
    return longest.length >= 24 && body.includes(longest.slice(0, 120));
  });
}

// ---------------------------------------------------------------- the answer

type Draft = { situation: string[]; approach: Block[]; talking: string[]; script: string[]; next: string[] };

function render(d: Draft): string {
  const out: string[] = ["**Situation**", d.situation.join("\n\n"), "**Approach**"];
  out.push(
    d.approach.map((b) => (b.kind === "p" ? b.text : b.items.map((x, i) => `${i + 1}. ${x}`).join("\n"))).join("\n\n"),
  );
  if (d.talking.length > 0) out.push("**Talking points**", d.talking.map((x, i) => `${i + 1}. ${x}`).join("\n"));
  out.push("**Script**", d.script.map((l) => `> ${l}`).join("\n>\n"));
  out.push("**Next steps**", d.next.map((x, i) => `${i + 1}. ${x}`).join("\n"));
  return out.join("\n\n");
}

function meetingParagraphs(mc: MeetingContext): string[] {
  const all = meetingSentences(mc);
  // Whose 1:1, when, mood and stress first; then what the employee wrote.
  const head = all.filter(
    (s) => !/ wrote | finds hard | went well | wants to achieve|'s feedback for you| also noted /.test(s),
  );
  const wrote = all.filter((s) => !head.includes(s));
  return [head.join(" "), wrote.join(" ")].filter((p) => p.length > 0);
}

function meetingScriptLine(mc: MeetingContext): string {
  const opener = meetingOpener(mc);
  const name = mc.employeeFirstName;
  return opener
    ? `${name}, thank you for filling in the prep form. ${upperFirst(opener)}; I'd like to start there. How is it going now?`
    : `${name}, I'd like this 1:1 to be useful for you. What should we make sure we cover today?`;
}

/** The built-in coach's answer for a question, its grounding and the conversation so far. */
export function composeAnswer(g: Grounding, conversation: Conversation = { question: "", earlier: [] }): string {
  const { question, earlier } = conversation;
  const earlierAnswers = earlier.filter((t) => t.role === "assistant").map((t) => t.text);
  const seen = new Seen(earlierAnswers);
  const followUp = !seen.empty;
  const name = g.personName ?? (followUp ? earlierName(earlier) : null);
  const team = teamSentence(g.team);
  const mc = g.meeting;
  const restated = question.trim() ? restateQuestion(question, name).join(" ") : "";

  const sources: Source[] = byRelevance(g.items).map((item) => ({ item, sections: parseSections(item.content) }));
  const best = sources[0] ?? null;
  const support = (() => {
    const s = supportingItem(g.items);
    return s ? (sources.find((x) => x.item === s) ?? null) : null;
  })();

  if (!best && !mc) return team ? `${NOTHING}\n\n${team}` : NOTHING;

  const draft: Draft = { situation: [], approach: [], talking: [], script: [], next: [] };
  const earlierText = earlierAnswers.join("\n");
  const bestUsed = followUp && best !== null && usedBefore(best, earlierText);
  const supportUsed = followUp && support !== null && usedBefore(support, earlierText);

  // Situation. When every earlier answer said the library held nothing, there is nothing to refer to.
  const suggestedBefore = earlierAnswers.some((a) => !a.trimStart().startsWith(NOTHING.slice(0, 40)));
  // What to do about what happened since (a reassurance, defensiveness, no change ...); a question
  // on a new subject gets that subject's item instead of a generic move.
  const reaction = reactionOf(question);
  const move = followUp && suggestedBefore && (reaction !== "other" || bestUsed) ? moveFor(reaction, name) : null;
  if (followUp && suggestedBefore) {
    const refs = [
      bestUsed && best
        ? `Last time I suggested the approach in *${best.item.title}* ${cite(best.item)}; here is what to add now.`
        : "Last time I suggested an approach, a script and next steps; here is what to add now.",
      "Building on what we went through earlier in this conversation, here is the next step.",
      "Picking up from the earlier answers in this conversation.",
    ];
    const ref = refs.find((r) => !seen.has(r));
    if (ref) draft.situation.push(ref);
  }
  if (mc) draft.situation.push(...meetingParagraphs(mc));
  if (restated) draft.situation.push(restated);
  if (best && !bestUsed) {
    const pattern = patternSentences(best, name);
    if (pattern) draft.situation.push(pattern);
  }
  if (team) draft.situation.push(team);

  // Approach.
  if (move)
    draft.approach.push(
      ...move.approach
        .filter((p) => !seen.has(p))
        .slice(0, 1)
        .map((text): Block => ({ kind: "p", text })),
    );
  if (best && !bestUsed) {
    draft.approach.push(...approachBlocks(best, name));
    const point = support && !supportUsed ? supportingPoint(support, name) : null;
    if (point) draft.approach.push({ kind: "p", text: point });
  } else if (support && followUp) {
    // The earlier answer took the best item's approach: the supporting item's, labelled.
    const blocks = approachBlocks(support, name);
    if (blocks.length > 0) {
      draft.approach.push({
        kind: "p",
        text: `Another angle on the same question, from *${support.item.title}* ${cite(support.item)}:`,
      });
      draft.approach.push(...blocks);
    }
  }

  // Talking points (a 1:1).
  if (mc) draft.talking.push(...meetingTalkingPoints(mc));

  // Script.
  if (mc) draft.script.push(meetingScriptLine(mc));
  if (move) draft.script.push(...move.script.filter((l) => !seen.has(l)).slice(0, 1));
  // After the 1:1 opener has named the employee, the item's script goes on without a second vocative.
  if (best && !bestUsed) draft.script.push(...scriptLines(best, mc ? null : name));
  else if (support && followUp && draft.script.length === 0) draft.script.push(...scriptLines(support, name));
  if (!best && !mc) draft.script.push(genericScript(name));

  // Next steps: the best item's (the first three in a first answer), at most one from the supporting item.
  const bestSteps = best ? nextStepsOf(best, name) : [];
  // An organisation's note without the four headings: send the manager to it.
  if (best && !best.sections)
    bestSteps.push(
      `Read *${best.item.title}* ${cite(best.item)} in full and pick the one step that fits your situation.`,
    );
  if (followUp) {
    draft.next.push(...bestSteps.filter((s) => !seen.has(s)).slice(0, 3));
    if (move) draft.next.push(...move.step.filter((s) => !seen.has(s)).slice(0, 1));
  } else {
    draft.next.push(...bestSteps.slice(0, 3));
  }
  const supportStep = support ? nextStepsOf(support, name).find((s) => !seen.has(s)) : undefined;
  if (supportStep && (followUp || !draft.next.some((s) => normalise(s) === normalise(supportStep))))
    draft.next.push(supportStep);

  // Nothing in the library on it, with a meeting: the meeting's own points, then say so.
  if (!best) {
    draft.approach.push({
      kind: "p",
      text: "The library holds nothing specific on this yet, so the points below come from the prep form and what is open between you. Start with how they are, go through the open items, and agree who does what by when.",
    });
    draft.next.push(
      `Agree at most three action items with ${mc!.employeeFirstName}, each with an owner and a due date.`,
    );
  }

  // A follow-up never prints what an earlier answer did; each section keeps at least one line.
  if (followUp) {
    draft.situation = draft.situation.filter((p) => !seen.has(p));
    draft.approach = draft.approach
      .map((b): Block =>
        b.kind === "p"
          ? { kind: "p", text: seen.withoutSeenSentences(b.text) }
          : { kind: "ol", items: b.items.filter((x) => !seen.has(x)) },
      )
      .filter((b) => (b.kind === "p" ? b.text.length > 0 && !seen.has(b.text) : b.items.length > 0));
    draft.talking = draft.talking.filter((p) => !seen.has(p));
    draft.script = draft.script.filter((l) => !seen.has(l));
    draft.next = draft.next.filter((s) => !seen.has(s));
    const fallback = moveFor("other", name);
    const pick = (list: string[]) => list.find((x) => !seen.has(x));
    if (draft.situation.length === 0 && restated) draft.situation.push(restated);
    if (draft.approach.length === 0) {
      const text = pick([...(move?.approach ?? []), ...fallback.approach]);
      if (text) draft.approach.push({ kind: "p", text });
    }
    if (draft.script.length === 0) {
      const line = pick([...(move?.script ?? []), ...fallback.script]);
      if (line) draft.script.push(line);
    }
    if (draft.next.length === 0) {
      const step = pick([...(move?.step ?? []), ...fallback.step]);
      if (step) draft.next.push(step);
    }
  }
  if (draft.situation.length === 0) draft.situation.push(restated || "Here is what the library suggests.");
  if (draft.approach.length === 0)
    draft.approach.push({
      kind: "p",
      text: "Ask before you advise: find out how they see it, then agree one concrete change and a date to look at it again.",
    });
  if (draft.script.length === 0) draft.script.push(genericScript(name));
  if (draft.next.length === 0) draft.next.push("Agree a date to check in again and note what you will look at then.");
  return render(draft);
}

/** Word-sized chunks of a text (each word with the whitespace after it); they join back exactly. */
export function wordChunks(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
