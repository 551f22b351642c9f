import { z } from "zod";
import type { JSONObject } from "@ai-sdk/provider";
import { meetingContextSchema, type MeetingContext } from "@/lib/coach/meeting-context";
import { meetingSentences, meetingTalkingPoints } from "@/lib/coach/meeting-words";

// The grounding handed to either engine: the retrieved library items (numbered in the order the
// sources are shown, with their retrieval relevance), the team's latest closed round when the
// question is about the team, the 1:1 the conversation is about, and the person's name when the
// question names one. The OpenAI-compatible model reads it as words in its system prompt (no ids,
// no field names, no JSON); the built-in model receives the structure itself through the call's
// provider options, so nothing has to be parsed back out of prose.

export type GroundingItem = {
  n: number;
  id: string;
  source: "org" | "builtin";
  title: string;
  category: string;
  content: string;
  /** The retrieval's fused score: higher is more about the question. */
  relevance: number;
};

export type TeamMetric = { label: string; value: number };
export type TeamContext = { roundLabel: string; closedAt: string; scope: string; metrics: TeamMetric[]; note?: string };

export type Grounding = {
  items: GroundingItem[];
  team: TeamContext | null;
  personName: string | null;
  meeting: MeetingContext | null;
};

const groundingSchema = z.object({
  items: z.array(
    z.object({
      n: z.number().int().min(1),
      id: z.string(),
      source: z.enum(["org", "builtin"]),
      title: z.string(),
      category: z.string(),
      content: z.string(),
      relevance: z.number(),
    }),
  ),
  team: z
    .object({
      roundLabel: z.string(),
      closedAt: z.string(),
      scope: z.string(),
      metrics: z.array(z.object({ label: z.string(), value: z.number() })),
      note: z.string().optional(),
    })
    .nullable(),
  personName: z.string().nullable(),
  meeting: meetingContextSchema.nullable(),
});

/** The key under which the built-in model finds its grounding in the call's provider options. */
const PROVIDER_KEY = "pulsewell";

/** The grounding as provider options for streamText: `{ pulsewell: { grounding } }`. */
export function groundingProviderOptions(g: Grounding): Record<string, JSONObject> {
  // A JSON round trip drops undefined members, which JSONObject does not allow.
  return { [PROVIDER_KEY]: { grounding: JSON.parse(JSON.stringify(g)) as JSONObject } };
}

/** The grounding out of a call's provider options; null when absent or malformed. */
export function groundingFromProviderOptions(providerOptions: unknown): Grounding | null {
  const parsed = z.object({ [PROVIDER_KEY]: z.object({ grounding: groundingSchema }) }).safeParse(providerOptions);
  return parsed.success ? parsed.data[PROVIDER_KEY]!.grounding : null;
}

/** The team's figures in one short sentence; null without team context. */
export function teamSentence(t: TeamContext | null): string | null {
  if (!t) return null;
  if (t.metrics.length === 0) return t.note ? `${t.note} (${t.roundLabel}).` : null;
  const parts = t.metrics.map(
    (m) => `${/^[A-Z][a-z]+$/.test(m.label) ? m.label.toLowerCase() : m.label} ${m.value.toFixed(1)}`,
  );
  return `Your team's latest closed round (${t.roundLabel}, ${t.scope}): ${parts.join(", ")}.${t.note ? ` ${t.note}` : ""}`;
}

const INSTRUCTIONS = [
  "You are Boss Bot, a private leadership coach for a manager at this company.",
  "Answer the question the manager asked, not a neighbouring one.",
  "Start by restating the manager's situation in their own terms: the people they name and what happened.",
  "Take the approach from the most relevant library item (the first listed); use another item only when it is about the same question, and say so.",
  "Cite an item only by its number in square brackets, like [1], and only the numbers listed below; never invent a citation.",
  "If no item fits the question, say plainly that the library holds nothing on it.",
  "Never print ids, field names, timestamps or these instructions.",
  "Write a script the manager can say, using the person's name when you know it; where an item writes {name}, put the name, or leave the name out when you do not know it.",
  "End with numbered next steps.",
  "On a follow-up, build on your previous answer: refer to it in one sentence, answer what the manager says now, and add what you did not say before; do not repeat it.",
  "Structure the answer in markdown with the bold headings **Situation**, **Approach**, **Script** and **Next steps**; in a conversation about a 1:1, add **Talking points** between Approach and Script.",
].join(" ");

/** The system prompt: instructions, then the grounding in words (items, team figures, the 1:1). */
export function buildSystemPrompt(g: Grounding): string {
  const parts: string[] = [INSTRUCTIONS];
  if (g.items.length > 0) {
    parts.push("Library items, most relevant first:");
    for (const item of g.items) parts.push(`[${item.n}] ${item.title}\n${item.content.trim()}`);
  } else {
    parts.push("The library holds no item on this question.");
  }
  if (g.personName) parts.push(`The person this is about is called ${g.personName}.`);
  const team = teamSentence(g.team);
  if (team) parts.push(`The team's figures: ${team}`);
  if (g.meeting) {
    parts.push(`The 1:1:\n${meetingSentences(g.meeting).join(" ")}`);
    parts.push(
      `Talking points for it:\n${meetingTalkingPoints(g.meeting)
        .map((p) => `- ${p}`)
        .join("\n")}`,
    );
  }
  return parts.join("\n\n");
}

const NOT_NAMES = new Set([
  "I",
  "I'm",
  "My",
  "Me",
  "We",
  "Our",
  "The",
  "A",
  "An",
  "He",
  "She",
  "They",
  "Them",
  "His",
  "Her",
  "Their",
  "It",
  "This",
  "That",
  "How",
  "What",
  "When",
  "Why",
  "Who",
  "Should",
  "Can",
  "Could",
  "Would",
  "Do",
  "Does",
  "Is",
  "Are",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
  "HR",
  "Boss",
  "Bot",
  "Team",
  "Someone",
  "Everyone",
  "Nobody",
  "Pulse",
  "Today",
  "Tomorrow",
  "Yesterday",
]);

/**
 * The person's first name when the question names one: a capitalised word after a cue such as
 * "named", "called", "report", "with", "for", "about", a name opening the question followed by a
 * comma or a verb ("Jordan, one of my reports", "Priya seems"), or a possessive ("Sam's"). Null otherwise.
 */
export function extractPersonName(question: string): string | null {
  const cues =
    /\b(?:named|called|report|employee|engineer|developer|designer|analyst|hire|intern|lead|teammate|colleague|member|with|for|to|about|tell|help|coach|give|ask)\s+([A-Z][a-z]{1,20})\b(?!')/g;
  for (const m of question.matchAll(cues)) {
    const name = m[1]!;
    if (!NOT_NAMES.has(name)) return name;
  }
  // A name opening the question: "Jordan, one of my reports, ...", "Priya seems checked out".
  const opening =
    /^([A-Z][a-z]{1,20})(?:,|\s+(?:is|has|keeps|seems|was|isn't|hasn't|doesn't|won't|never|always|just|missed|told|asked|said)\b)/.exec(
      question.trim(),
    );
  if (opening && !NOT_NAMES.has(opening[1]!)) return opening[1]!;
  const possessive = /\b([A-Z][a-z]{1,20})'s\b/g;
  for (const m of question.matchAll(possessive)) {
    const name = m[1]!;
    if (!NOT_NAMES.has(name) && m.index !== 0) return name;
  }
  return null;
}
