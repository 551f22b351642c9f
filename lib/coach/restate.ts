// The manager's situation in their own terms: their message reflected from first to second person
// ("I keep redoing my team's work" -> "You keep redoing your team's work"), with the people they
// name and what happened kept as written. A trailing ask ("How do I stop?") becomes what they want
// ("You want to stop."); a bare fragment ("top performer thinking about leaving") becomes what
// they are asking about. Pure string work: no I/O, no model.

const MAX_SENTENCES = 4;
const MAX_CHARS = 600;

// Common dropped apostrophes; the rest of a typo stays as written.
const CONTRACTIONS: Record<string, string> = {
  im: "I'm", ive: "I've", id: "I'd", ill: "I'll",
  dont: "don't", doesnt: "doesn't", didnt: "didn't", cant: "can't", wont: "won't", isnt: "isn't", arent: "aren't",
  wasnt: "wasn't", werent: "weren't", hasnt: "hasn't", havent: "haven't", hadnt: "hadn't", shouldnt: "shouldn't",
  couldnt: "couldn't", wouldnt: "wouldn't", shes: "she's", hes: "he's", theyre: "they're", thats: "that's", whats: "what's",
};

// First person -> second person. "I was" and "I am" agree with "you" (handled before the words).
const REFLECT: Record<string, string> = {
  i: "you", me: "you", my: "your", mine: "yours", myself: "yourself",
  "i'm": "you're", "i've": "you've", "i'd": "you'd", "i'll": "you'll",
  we: "you", us: "you", our: "your", ours: "yours", ourselves: "yourselves",
  "we're": "you're", "we've": "you've", "we'd": "you'd", "we'll": "you'll",
};

// A verb or auxiliary somewhere: without one, a sentence is a fragment ("delegation tips").
const HAS_VERB =
  /\b(?:am|is|are|was|were|be|been|being|has|have|had|do|does|did|can|could|will|would|should|shall|may|might|must|keeps?|kept|seems?|seemed|feels?|felt|told|tells?|said|says|wants?|thinks?|thought|gets?|got|goes|went|came|comes|makes?|made|takes?|took|looks?|needs?|asks?|asked|knows?|knew|works?|quit|quits|left|leaves|hates?|loves?|refuses?|ignores?|misses|cries|cried|tried|tries|try|talk|talks|know|want|need|think|feel|keep|seem|find|found|finds|stop|stopped|lost|lose|avoids?|complains?|interrupts?|snaps?|struggles?|struggling)\b|n't\b|\b(?:i|you|he|she|it|we|they|that|there|who|what)'(?:s|re|ve|m|d|ll)\b|\b\w{3,}ed\b/i;

const SUBJECT = /\b(?:i|i'm|i've|i'd|you|he|she|they|we|it|my|our|his|her|their|there|someone|somebody|everyone|nobody)\b/i;

function fixContractions(s: string): string {
  return s.replace(/\b([A-Za-z]+)\b/g, (w) => {
    const fixed = CONTRACTIONS[w.toLowerCase()];
    if (!fixed) return w;
    // "Ill" as in sick, "id" and "well"-like words are ambiguous; only fix the clear ones.
    if (["ill", "id"].includes(w.toLowerCase())) return w;
    return fixed;
  });
}

/** Reflects first-person words to second person; everything else stays as written. */
export function reflect(text: string): string {
  let s = text
    .replace(/\b(?:I|i) am\b/g, "you are")
    .replace(/\bam (?:I|i)\b/g, "are you")
    .replace(/\b(?:I|i) was\b/g, "you were")
    .replace(/\b(?:I|i) wasn't\b/g, "you weren't")
    .replace(/\bwas (?:I|i)\b/g, "were you")
    .replace(/\b(?:I|i)'m\b/g, "you're");
  s = s.replace(/\b([A-Za-z]+(?:'[a-z]+)?)\b/g, (w) => {
    const r = REFLECT[w.toLowerCase()];
    if (!r) return w;
    return w[0] === w[0]!.toUpperCase() && w.toLowerCase() !== "i" ? r[0]!.toUpperCase() + r.slice(1) : r;
  });
  return s;
}

function capitalise(s: string): string {
  return s.length > 0 ? s[0]!.toUpperCase() + s.slice(1) : s;
}

function lowerFirst(s: string): string {
  // "Why does Priya..." after a colon, but a name or "I" keeps its capital.
  return /^[A-Z][a-z]+\b/.test(s) && /^(?:What|Why|Who|When|Where|Which|Is|Are|Does|Do|Did|Was|Were|Has|Have|Will|Would|Could|Can)\b/.test(s) ? s[0]!.toLowerCase() + s.slice(1) : s;
}

function endWithPeriod(s: string): string {
  const t = s.trim().replace(/[\s,;:-]+$/, "");
  if (/[.!]$/.test(t)) return t.replace(/!+$/, ".");
  return `${t.replace(/\?+$/, "")}.`;
}

/** Sentences of a message: split at . ! ? and line breaks, keeping abbreviations like "e.g." together. */
export function sentencesOf(text: string): string[] {
  const flat = text.replace(/\r/g, "").replace(/\n+/g, "\n").trim();
  const out: string[] = [];
  for (const line of flat.split("\n")) {
    const parts = line.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [];
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
  { re: /^(?:so |and |but )?what (?:should|do|can|could|would) (?:i|we) (do|say|tell|ask|write)(?:\s+(.+))?$/i, want: (r) => `You want to know what to ${r}` },
  { re: /^(?:so |and |but )?what(?:'s| is) the best way to\s+(.+)$/i, want: (r) => `You want to ${r}` },
  { re: /^(?:so |and |but )?how (?:do|can|should|could|would|might) (?:i|we)\s+(.+)$/i, want: (r) => `You want to ${r}` },
  { re: /^(?:so |and |but )?how to\s+(.+)$/i, want: (r) => `You want to ${r}` },
  { re: /^(?:so |and |but )?(?:should|do|can|could|must) (?:i|we)\s+(.+)$/i, want: (r) => `You are deciding whether to ${r}` },
  { re: /^(?:so |and |but )?is it (?:ok|okay|fine|normal|wrong|right|fair|reasonable)(?: for (?:me|us))?\s+(?:to\s+)?(.+)$/i, want: (r) => `You are wondering whether it is all right to ${r}` },
  { re: /^(?:any |some )?(?:tips|advice|ideas|suggestions|thoughts|help)(?:\s+(?:on|for|with|about)\s+(.+))?$/i, want: (r) => (r ? `You want advice on ${r}` : "You want advice") },
  { re: /^(?:can|could|would) you (?:please )?help(?: me)?(?:\s+(?:with|to|on)\s+(.+))?$/i, want: (r) => (r ? `You want help with ${r}` : "You want help") },
  { re: /^(?:please )?help(?: me)? (?:with|on)\s+(.+)$/i, want: (r) => `You want help with ${r}` },
  { re: /^(?:please )?help(?: me)?(?:\s+(?:to\s+)?(.+))?$/i, want: (r) => (r ? `You want help to ${r}` : "You want help") },
  { re: /^(?:so |and |but |ok(?:ay)?,? )?(?:what now|now what|what next|what then|then what|what's next)$/i, want: () => "You want to know what to do now" },
  { re: /^(?:i|we) (?:need|want) (?:some )?(?:help|advice|tips|ideas)(?:\s+(?:on|for|with|about)\s+(.+))?$/i, want: (r) => (r ? `You want advice on ${r}` : "You want advice") },
  { re: /^(?:i|we) (?:am|'m|are|'re) (?:not sure|unsure|wondering) (?:how|whether|if|what)\s+(.+)$/i, want: (r) => `You are unsure how to go about it: ${r}` },
  { re: /^(?:i|we) (?:don't|do not|dont) know how to\s+(.+)$/i, want: (r) => `You want to ${r}` },
];

function restateAsk(sentence: string): string | null {
  const s = sentence.replace(/[?!.\s]+$/, "").trim();
  for (const a of ASKS) {
    const m = a.re.exec(s);
    if (!m) continue;
    const rest = m.slice(1).filter((x) => x !== undefined).join(" ").trim();
    return `${a.want(reflect(rest)).trim()}.`.replace(/\s+\./, ".");
  }
  return null;
}

/** Drops "my report " in "my report Dana" (and "one of my reports, Dana,"): the name says who. */
function dropRoleBeforeName(s: string, name: string | null): string {
  if (!name) return s;
  const n = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return s
    .replace(new RegExp(`\\bone of (?:my|our) (?:[a-z-]+ ){0,2}[a-z-]+s?,?\\s+(${n})\\b,?`, "gi"), "$1")
    .replace(new RegExp(`\\b(?:my|our) (?:(?:new|best|top|senior|junior|direct|most|star|strongest|quietest|newest) )*(?:report|employee|engineer|developer|designer|analyst|manager|lead|colleague|teammate|team member|hire|intern|member|person|staff member|direct)s?,?\\s+(${n})\\b,?`, "gi"), "$1");
}

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
  for (const raw of sentencesOf(fixContractions(question))) {
    if (out.length >= MAX_SENTENCES) break;
    let s = dropRoleBeforeName(raw.trim().replace(/^[-*•>\s]+/, ""), name);
    if (!s || /^[?!.]+$/.test(s)) continue;
    // "... , how do I stop?" at the end of a statement: split the ask off.
    const tail = /^(.{12,}?)[,;:-]\s*((?:so |and |but )?(?:how (?:do|can|should) (?:i|we)|what (?:should|do|can) (?:i|we)|should (?:i|we)|any (?:tips|advice|ideas)|what now|now what|what next)\b.*)$/i.exec(s);
    const pieces = tail ? [tail[1]!, tail[2]!] : [s];
    for (const piece of pieces) {
      const ask = restateAsk(piece);
      if (ask) s = ask;
      else if (/\?\s*$/.test(piece) && !HAS_VERB.test(piece.replace(/\?+$/, "")) && !SUBJECT.test(piece)) s = `You are asking about ${reflect(piece.replace(/[?\s]+$/, "")).trim()}.`;
      else if (/^(?:what|why|who|when|where|which|is|are|does|do|did|was|were|has|have|will|would|could|can)\b/i.test(piece) && /\?\s*$/.test(piece)) s = `You are asking: ${lowerFirst(reflect(piece.trim()))}`;
      else if (isFragment(piece)) s = `You are asking about ${reflect(piece.replace(/[?.!\s]+$/, "")).trim()}.`;
      else s = endWithPeriod(reflect(piece));
      s = capitalise(s.replace(/\s+/g, " ").trim());
      if (used + s.length > MAX_CHARS && out.length > 0) return out;
      used += s.length;
      out.push(s);
    }
  }
  return out;
}
