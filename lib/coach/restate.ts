// The manager's situation in their own terms: their message reflected from first to second person
// ("I keep redoing my team's work" -> "You keep redoing your team's work"), with the people they
// name and what happened kept as written. A trailing ask ("How do I stop?") becomes what they want
// ("You want to stop."); a bare fragment ("top performer thinking about leaving") becomes what
// they are asking about. Pure string work: no I/O, no model.

import { escapeRegExp } from "@/lib/utils/reg-exp";

const MAX_SENTENCES = 4;
const MAX_CHARS = 600;

// Common dropped apostrophes; the rest of a typo stays as written.
const CONTRACTIONS: Record<string, string> = {
  im: "I'm",
  ive: "I've",
  id: "I'd",
  ill: "I'll",
  dont: "don't",
  doesnt: "doesn't",
  didnt: "didn't",
  cant: "can't",
  wont: "won't",
  isnt: "isn't",
  arent: "aren't",
  wasnt: "wasn't",
  werent: "weren't",
  hasnt: "hasn't",
  havent: "haven't",
  hadnt: "hadn't",
  shouldnt: "shouldn't",
  couldnt: "couldn't",
  wouldnt: "wouldn't",
  shes: "she's",
  hes: "he's",
  theyre: "they're",
  thats: "that's",
  whats: "what's",
};

// First person -> second person. "I was" and "I am" agree with "you" (handled before the words).
const REFLECT: Record<string, string> = {
  i: "you",
  me: "you",
  my: "your",
  mine: "yours",
  myself: "yourself",
  "i'm": "you're",
  "i've": "you've",
  "i'd": "you'd",
  "i'll": "you'll",
  we: "you",
  us: "you",
  our: "your",
  ours: "yours",
  ourselves: "yourselves",
  "we're": "you're",
  "we've": "you've",
  "we'd": "you'd",
  "we'll": "you'll",
};

// A verb or auxiliary somewhere: without one, a sentence is a fragment ("delegation tips").
const HAS_VERB =
  /\b(?:am|is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would|should|shall|may|might|must|keeps?|kept|seems?|seemed|feels?|felt|told|tells?|said|says|wants?|thinks?|thought|gets?|got|goes|went|came|comes|makes?|made|takes?|took|looks?|needs?|asks?|asked|knows?|knew|works?|quit|quits|left|leaves|hates?|loves?|refuses?|ignores?|misses|cries|cried|tried|tries|try|talk|talks|know|want|need|think|feel|keep|seem|find|found|finds|stop|stopped|lost|lose|avoids?|complains?|interrupts?|snaps?|struggles?|struggling)\b|n't\b|\b(?:i|you|he|she|it|we|they|that|there|who|what)'(?:s|re|ve|m|d|ll)\b|\b\w{3,}ed\b/i;

const SUBJECT =
  /\b(?:i|i'm|i've|i'd|you|he|she|they|we|it|my|our|his|her|their|there|someone|somebody|everyone|nobody)\b/i;

function fixContractions(s: string): string {
  return s.replace(/\b([A-Za-z]+)\b/g, (w) => {
    const fixed = CONTRACTIONS[w.toLowerCase()];
    if (!fixed) return w;
    // "Ill" as in sick, "id" and "well"-like words are ambiguous; only fix the clear ones.
    if (["ill", "id"].includes(w.toLowerCase())) return w;
    return fixed;
  });
}

// Quoted speech ("she said 'I am done'") is someone else's words: it is not reflected. A single
// quote inside a word (don't) does not open or close a quotation.
const QUOTED = /(["“][^"”]+["”]|‘[^’]+’|(?<=^|[\s(])'(?:[^']|'(?=[a-z]))+'(?=[\s.,;:!?)]|$))/;

/** Reflects first-person words to second person outside quotations; everything else stays as written. */
function reflect(text: string): string {
  return text
    .split(QUOTED)
    .map((part, i) => (i % 2 === 1 ? part : reflectPlain(part)))
    .join("");
}

function reflectPlain(text: string): string {
  let s = text
    .replace(/\b(?:I|i) am\b/g, "you are")
    .replace(/\bam (?:I|i)\b/g, "are you")
    .replace(/\b(?:I|i) was\b/g, "you were")
    .replace(/\b(?:I|i) wasn't\b/g, "you weren't")
    .replace(/\bwas (?:I|i)\b/g, "were you")
    .replace(/\b(?:I|i)'m\b/g, "you're");
  s = s.replace(/\b([A-Za-z]+(?:'[a-z]+)?)\b/g, (w) => {
    const r = REFLECT[w.toLowerCase()];
    // "US" (the country) and other capitals-only words are not pronouns; "I" is capitalised anyway.
    if (!r || (w.length > 1 && w === w.toUpperCase() && !/^I'/.test(w))) return w;
    const capitalised = w[0] === w[0]!.toUpperCase() && !/^I(?:$|')/.test(w);
    return capitalised ? r[0]!.toUpperCase() + r.slice(1) : r;
  });
  return s;
}

function capitalise(s: string): string {
  return s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function lowerFirst(s: string): string {
  // "Why does Priya..." after a colon, but a name keeps its capital.
  return QUESTION_START.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function endWithPeriod(s: string): string {
  const t = s.trim().replace(/[\s,;:-]+$/, "");
  if (/[.!]$/.test(t)) return t.replace(/!+$/, ".");
  return `${t.replace(/\?+$/, "")}.`;
}

/** Sentences of a message: split at . ! ? and line breaks, keeping abbreviations like "e.g." together. */
function sentencesOf(text: string): string[] {
  const flat = text.replace(/\r/g, "").replace(/\n+/g, "\n").trim();
  const out: string[] = [];
  for (const line of flat.split("\n")) {
    const parts = line.match(/[^.!?]+(?:[.!?]+['"”’)]*[.!?]*|$)/g) ?? [];
    let buf = "";
    for (const p of parts) {
      buf += p;
      // "e.g.", "i.e.", "1." do not end a sentence.
      if (/\b(?:e\.g|i\.e|etc|vs|mr|ms|mrs|dr)\.$/i.test(buf.trim()) || /\b\d\.$/.test(buf.trim())) continue;
      if (buf.trim()) out.push(buf.trim());
      buf = "";
    }
    if (buf.trim()) out.push(buf.trim());
  }
  return out;
}

// The manager asking us for something, in the forms managers write it, and what they want.
type Ask = { re: RegExp; want: (rest: string) => string };
const ASKS: Ask[] = [
  { re: /^(?:so |and |but |ok(?:ay)?,? )?what if\s+(.+)$/i, want: (r) => `You want to be ready if ${r}` },
  { re: /^(?:so |and |but )?(?:what|how) about\s+(.+)$/i, want: (r) => `You are asking about ${r}` },
  {
    re: /^(?:so |and |but )?what (?:should|do|can|could|would) (?:i|we) (do|say|tell|ask|write)(?:\s+(.+))?$/i,
    want: (r) => `You want to know what to ${r}`,
  },
  { re: /^(?:so |and |but )?what(?:'s| is) the best way to\s+(.+)$/i, want: (r) => `You want to ${r}` },
  {
    re: /^(?:so |and |but )?how (?:do|can|should|could|would|might) (?:i|we)\s+(.+)$/i,
    want: (r) => `You want to ${r}`,
  },
  { re: /^(?:so |and |but )?how to\s+(.+)$/i, want: (r) => `You want to ${r}` },
  { re: /^(?:so |and |but )?how (?:i|we) (?:can|should|could|do|must)\s+(.+)$/i, want: (r) => `You want to ${r}` },
  { re: /^(?:want|need|trying|hoping) to\s+(.+)$/i, want: (r) => `You want to ${r}` },
  {
    re: /^(?:so |and |but )?(?:should|do|can|could|must) (?:i|we)\s+(.+)$/i,
    want: (r) => `You are deciding whether to ${r}`,
  },
  {
    re: /^(?:so |and |but )?is it (?:ok|okay|fine|normal|wrong|right|fair|reasonable)(?: for (?:me|us))?\s+(?:to\s+)?(.+)$/i,
    want: (r) => `You are wondering whether it is all right to ${r}`,
  },
  {
    re: /^(?:any |some )?(?:tips|tricks|advice|ideas|suggestions|thoughts|help|pointers)(?:\s+(?:on|for|with|about)\s+(.+))?$/i,
    want: (r) => (r ? `You want advice on ${r}` : "You want advice"),
  },
  {
    re: /^(?:any |some )(?:tips|tricks|ideas|suggestions|pointers|ways) to\s+(.+)$/i,
    want: (r) => `You want ways to ${r}`,
  },
  { re: /^(?:please )?(?:give|show|send|find) me\s+(.+)$/i, want: (r) => `You want ${r}` },
  { re: /^(?:please )?tell me\s+((?:how|what|why|when|whether|if)\b.+)$/i, want: (r) => `You want to know ${r}` },
  {
    re: /^(?:can|could|would) you (?:please )?help(?: me)?(?:\s+(?:with|to|on)\s+(.+))?$/i,
    want: (r) => (r ? `You want help with ${r}` : "You want help"),
  },
  { re: /^(?:please )?help(?: me)? (?:with|on)\s+(.+)$/i, want: (r) => `You want help with ${r}` },
  {
    re: /^(?:please )?help(?: me)?(?:\s+(?:to\s+)?(.+))?$/i,
    want: (r) => (r ? `You want help to ${r}` : "You want help"),
  },
  {
    re: /^(?:so |and |but |ok(?:ay)?,? )?(?:what now|now what|what next|what then|then what|what's next)$/i,
    want: () => "You want to know what to do now",
  },
  {
    re: /^(?:i|we) (?:need|want) (?:some )?(?:help|advice|tips|ideas)(?:\s+(?:on|for|with|about)\s+(.+))?$/i,
    want: (r) => (r ? `You want advice on ${r}` : "You want advice"),
  },
  {
    re: /^(?:i|we) (?:am|'m|are|'re) (?:not sure|unsure|wondering) (?:how|whether|if|what)\s+(.+)$/i,
    want: (r) => `You are unsure how to go about it: ${r}`,
  },
  { re: /^(?:i|we) (?:don't|do not|dont) know how to\s+(.+)$/i, want: (r) => `You want to ${r}` },
];

function restateAsk(sentence: string): string | null {
  const s = sentence.replace(/[?!.\s]+$/, "").trim();
  for (const a of ASKS) {
    const m = a.re.exec(s);
    if (!m) continue;
    const rest = m
      .slice(1)
      .filter((x) => x !== undefined)
      .join(" ")
      .trim();
    return `${a.want(reflect(rest)).trim()}.`.replace(/\s+\./, ".");
  }
  return null;
}

/** Drops "my report " in "my report Dana" (and "one of my reports, Dana,"): the name says who. */
function dropRoleBeforeName(s: string, name: string | null): string {
  if (!name) return s;
  const n = escapeRegExp(name);
  return s
    .replace(new RegExp(`\\bone of (?:my|our) (?:[a-z-]+ ){0,2}[a-z-]+s?,?\\s+(${n})\\b,?`, "gi"), "$1")
    .replace(
      new RegExp(
        `\\b(?:my|our) (?:(?:new|best|top|senior|junior|direct|most|star|strongest|quietest|newest) )*(?:report|employee|engineer|developer|designer|analyst|manager|lead|colleague|teammate|team member|hire|intern|member|person|staff member|direct)s?,?\\s+(${n})\\b,?`,
        "gi",
      ),
      "$1",
    );
}

const QUESTION_START =
  /^(?:what|why|who|when|where|which|how|is|are|does|do|did|was|were|has|have|will|would|could|can|should|shall)\b/i;

function isFragment(s: string): boolean {
  return !HAS_VERB.test(s) && !SUBJECT.test(s) && s.split(/\s+/).length <= 10;
}

/**
 * The manager's message restated: each sentence reflected to second person (at most a few, whole),
 * asks turned into what the manager wants, fragments into what they are asking about. `name` is
 * the person the message is about, when it names one.
 */
export function restateQuestion(question: string, name: string | null = null): string[] {
  const out: string[] = [];
  let used = 0;
  const all = sentencesOf(fixContractions(question));
  // A message of one verbless line is a topic ("delegation tips"); inside a story, a short line
  // without a verb we recognise is still the manager's statement.
  const single = all.length === 1;
  const about = (text: string) =>
    `You are asking about ${name && text.startsWith(name) ? text : text.replace(/^([A-Z])(?=[a-z]*\b)/, (c) => c.toLowerCase())}`;
  for (const raw of all) {
    if (out.length >= MAX_SENTENCES) break;
    let s = dropRoleBeforeName(
      raw
        .trim()
        .replace(/^[-*•>\s]+/, "")
        .replace(/^(?:(?:ok(?:ay)?|so|well|alright|right|um+|hmm+)(?:,?\s+then)?|then)\b[,\s]+(?=\S)/i, ""),
      name,
    );
    if (!s || /^[?!.]+$/.test(s)) continue;
    // "... , how do I stop?" at the end of a statement: split the ask off.
    // Also without the comma when the ask is unmistakable ("... at 120% how do i say no").
    const tail =
      /^(.{12,}?)[,;:-]\s*((?:so |and |but )?(?:how (?:do|can|should) (?:i|we)|what (?:should|do|can) (?:i|we)|should (?:i|we)|any (?:tips|advice|ideas)|what now|now what|what next)\b.*)$/i.exec(
        s,
      ) ??
      /^(.{20,}?)\s+((?:so |and |but )?(?:how (?:do|can|should) (?:i|we)|what (?:should|do|can) (?:i|we) (?:do|say))\b.*)$/i.exec(
        s,
      );
    const pieces = tail ? [tail[1]!, tail[2]!] : [s];
    for (const piece of pieces) {
      const ask = restateAsk(piece);
      const bare = piece.replace(/[?\s]+$/, "").trim();
      if (ask) s = ask;
      else if (/\?\s*$/.test(piece) && !HAS_VERB.test(bare) && !SUBJECT.test(piece)) {
        // "bad idea?" stays a question; a longer fragment is what they ask about.
        s = bare.split(/\s+/).length <= 4 ? `You are asking: ${reflect(bare)}?` : `${about(reflect(bare))}.`;
      } else if (QUESTION_START.test(piece) && (/\?\s*$/.test(piece) || !/[.!]\s*$/.test(piece))) {
        // A question, with or without its question mark ("who do i listen to").
        s = `You are asking: ${lowerFirst(reflect(bare))}?`;
      } else if (single && pieces.length === 1 && isFragment(piece))
        s = `${about(reflect(piece.replace(/[?.!\s]+$/, "")).trim())}.`;
      else s = endWithPeriod(reflect(piece));
      s = capitalise(s.replace(/\s+/g, " ").trim());
      if (used + s.length > MAX_CHARS && out.length > 0) return out;
      used += s.length;
      out.push(s);
    }
  }
  return out;
}
