import type { MeetingContext, Trend } from "@/lib/coach/meeting-context";
import { HIGH_STRESS_MIN, LOW_MOOD_MAX } from "@/lib/one-on-one/suggestions";

// A 1:1 in words, for both engines: the built-in answer prints these sentences and talking points,
// and the OpenAI-compatible model reads the same ones in its system prompt. What the employee wrote
// is quoted briefly in their own words; values become "2 of 5"; nothing is a field name.

type Prep = NonNullable<MeetingContext["prep"]>;

const QUOTE_MAX = 160;

/** The employee's words, briefly: the first sentence when it is short enough, else cut at a word. */
function briefQuote(text: string, max = QUOTE_MAX, marks: [string, string] = ["“", "”"]): string {
  const flat = text
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^["“”']+|["“”']+$/g, "");
  const first = /^.+?[.!?](?=\s|$)/.exec(flat)?.[0] ?? flat;
  const pick = first.length >= 20 && first.length <= max ? first : flat;
  const [open, close] = marks;
  if (pick.length <= max) return `${open}${pick.replace(/[.]$/, "")}${close}`;
  const cut = pick.slice(0, max);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), 40)).replace(/[\s,;:.]+$/, "");
  return `${open}${atWord}…${close}`;
}

function movement(now: number, before: number | null, trend: Trend | null, first: boolean): string {
  if (before === null || trend === null) return "";
  const since = first ? " at your previous 1:1" : "";
  if (trend === "steady") return `, the same as${since || " before"}`;
  return `, ${trend} from ${before}${since}`;
}

/** Mood and stress with their trend: "mood 2 of 5, down from 4 at your previous 1:1; stress 4 of 5, up from 2". */
function moodAndStress(p: Prep): string {
  return `mood ${p.mood} of 5${movement(p.mood, p.previousMood, p.moodTrend, true)}; stress ${p.stress} of 5${movement(p.stress, p.previousStress, p.stressTrend, p.moodTrend === null)}`;
}

/** What the employee wrote, one sentence per non-empty answer, in the order a manager reads them. */
function wrote(name: string, p: Prep): string[] {
  const out: string[] = [];
  const add = (value: string, sentence: (q: string) => string) => {
    if (value.trim()) out.push(sentence(briefQuote(value)));
  };
  add(p.challenges, (q) => `What ${name} finds hard right now: ${q}.`);
  add(p.workload, (q) => `About their workload, ${name} wrote ${q}.`);
  add(p.teamDynamics, (q) => `About the team, ${name} wrote ${q}.`);
  add(p.wins, (q) => `What went well for ${name}: ${q}.`);
  add(p.goals, (q) => `What ${name} wants to achieve: ${q}.`);
  add(p.career, (q) => `About their career, ${name} wrote ${q}.`);
  add(p.feedback, (q) => `${name}'s feedback for you: ${q}.`);
  add(p.notes, (q) => `${name} also noted ${q}.`);
  return out;
}

/** The 1:1 as the situation: whose it is and when, what the employee wrote, mood and stress in words. */
export function meetingSentences(mc: MeetingContext): string[] {
  const name = mc.employeeFirstName;
  const out: string[] = [];
  const when = mc.when ? ` on ${mc.when}` : "";
  out.push(
    mc.past
      ? `This is about your 1:1 with ${name}${when}, which has taken place.`
      : `This is about your coming 1:1 with ${name}${when}.`,
  );
  const p = mc.prep;
  if (!p) {
    out.push(`${name} has not submitted a prep form for it, so there is nothing in their own words yet.`);
    return out;
  }
  out.push(`In the prep form, ${name} gave ${moodAndStress(p)}.`);
  const strain: string[] = [];
  if (p.mood <= LOW_MOOD_MAX) strain.push("a low mood");
  if (p.stress >= HIGH_STRESS_MIN) strain.push("high stress");
  if (strain.length > 0) out.push(`That is ${strain.join(" and ")}, worth asking about early.`);
  out.push(...wrote(name, p));
  return out;
}

// Inside a question that is itself quoted, the employee's words take single quotation marks.
const inner = (text: string) => briefQuote(text, 100, ["‘", "’"]);

function questionsToAsk(name: string, p: Prep | null): string[] {
  if (!p) return [`Ask ${name}: “How are things going for you, and what should we make sure we cover today?”`];
  const out: string[] = [];
  if (p.moodTrend === "down" || p.stressTrend === "up") {
    out.push(
      `“Your ${p.moodTrend === "down" ? "mood is lower" : "stress is higher"} than at our last 1:1. What has changed for you since then?”`,
    );
  } else if (p.mood <= LOW_MOOD_MAX || p.stress >= HIGH_STRESS_MIN) {
    out.push(
      `“You marked ${p.mood <= LOW_MOOD_MAX ? "your mood as low" : "your stress as high"}. What is weighing on you most?”`,
    );
  }
  if (p.challenges.trim())
    out.push(`“You wrote ${inner(p.challenges)}. What would make that easier, and what can I do?”`);
  if (p.workload.trim())
    out.push(`“About your workload you wrote ${inner(p.workload)}. What could we drop, move or share?”`);
  if (p.teamDynamics.trim())
    out.push(`“You mentioned ${inner(p.teamDynamics)} about the team. How is it affecting your work?”`);
  if (p.career.trim())
    out.push(`“You wrote ${inner(p.career)} about your career. What would a good next step look like this year?”`);
  if (p.goals.trim()) out.push(`“What support do you need from me to reach ${inner(p.goals)}?”`);
  if (p.feedback.trim())
    out.push(`“Thank you for the feedback, ${inner(p.feedback)}. What would you like me to do differently?”`);
  if (out.length === 0) out.push(`“What went well since our last 1:1, and where could you use my help?”`);
  return out.slice(0, 3).map((q) => `Ask ${name}: ${q}`);
}

/** What to raise in the 1:1: open action items (who owes what, due when), the suggestions, and questions to ask. */
export function meetingTalkingPoints(mc: MeetingContext): string[] {
  const name = mc.employeeFirstName;
  const out: string[] = [];
  for (const a of mc.openActions.slice(0, 5)) {
    const due = a.due ? `, due ${a.due}` : ", with no due date";
    const what = briefQuote(a.text, 140);
    out.push(
      a.owner === "manager"
        ? `Still open on your side: ${what}${due}. Say where it stands.`
        : `Still open on ${name}'s side: ${what}${due}. Ask how it is going.`,
    );
  }
  for (const s of mc.suggestions.slice(0, 3)) {
    const title = s.title.trim().replace(/[.:]$/, "");
    const body = s.suggestion.trim();
    out.push(body ? `${title}: ${/[.!?]$/.test(body) ? body : `${body}.`}` : `${title}.`);
  }
  out.push(...questionsToAsk(name, mc.prep));
  return out;
}

/** One point from the prep form the script can open with (the most pressing one), or null. */
export function meetingOpener(mc: MeetingContext): string | null {
  const p = mc.prep;
  if (!p) return null;
  for (const [value, lead] of [
    [p.challenges, "you wrote"],
    [p.workload, "about your workload, you wrote"],
    [p.teamDynamics, "about the team, you wrote"],
    [p.career, "about your career, you wrote"],
    [p.goals, "you wrote that you want to work on"],
    [p.wins, "you wrote that a win was"],
    [p.feedback, "you gave me the feedback"],
    [p.notes, "you noted"],
  ] as const) {
    if (value.trim()) return `${lead} ${briefQuote(value, 120)}`;
  }
  return null;
}
