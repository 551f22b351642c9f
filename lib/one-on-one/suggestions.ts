import { DIMENSIONS, STRESS_METRIC, type DimensionKey } from "@/lib/surveys/dimensions";
import { EMERGENCY_THRESHOLD } from "@/lib/surveys/scoring";
import type { PrepForm } from "@/lib/one-on-one/prep-form";
import { plural } from "@/lib/format";

// The manager suggestions panel's content (docs/decisions.md (1:1 meetings)), computed by
// rules of our own from this meeting's prep form, the pair's open action items and the team's
// survey trends, without any AI service. Pure: the route loads the inputs (applying the anonymity
// rules to the trends before they reach this function) and may let a configured model refine the
// result.

export const SUGGESTION_CATEGORIES = [
  "conversation_starter",
  "action_item",
  "follow_up",
  "resource",
  "coaching_tip",
] as const;
export type SuggestionCategory = (typeof SUGGESTION_CATEGORIES)[number];
export type SuggestionPriority = "high" | "medium" | "low";

/** The panel's group headings. */
export const SUGGESTION_CATEGORY_LABELS: Record<SuggestionCategory, string> = {
  conversation_starter: "Conversation Starters",
  action_item: "Action Items",
  follow_up: "Follow-ups",
  resource: "Resources",
  coaching_tip: "Coaching Tips",
};

/** The API's fields: id, category, suggestion (text), priority, estimatedTime, tags. `title` is a
 * short heading of ours for the panel and `estimatedMinutes` the figure behind the time badge. */
export type ManagerSuggestion = {
  /** Derived from the rule and the input it read, so the same suggestion keeps its id across
   * requests (its 'reviewed' tick survives) and a changed input yields a new, unreviewed one. */
  id: string;
  category: SuggestionCategory;
  priority: SuggestionPriority;
  title: string;
  suggestion: string;
  estimatedMinutes: number;
  /** The time badge's text, e.g. "5 min". */
  estimatedTime: string;
  tags: string[];
};

export type OpenActionItem = {
  id: string;
  text: string;
  owner: "manager" | "employee";
  /** The moment it is due (end of the due day, in the caller's time zone); null when undated. */
  dueAt: Date | null;
};

/** A team-level figure the manager may see under the anonymity rules, on the 0-10 rollup scale
 * (lib/surveys/scoring.ts): a culture dimension (higher is better) or the stress metric (higher is
 * worse). null where the period was suppressed or not asked. */
export type TeamTrend = {
  metric: DimensionKey | typeof STRESS_METRIC;
  current: number | null;
  previous: number | null;
};

export type SuggestionInput = {
  /** The submitted form or the saved draft; null when the employee has not started one. */
  prepForm: Partial<PrepForm> | null;
  openActionItems: readonly OpenActionItem[];
  teamTrends: readonly TeamTrend[];
  employeeFirstName: string;
  now: Date;
};

/** A move of half a point on the 0-10 scale is about one answer in five dropping a step on the
 * 1-5 scale in a team of ten: small enough to notice early, large enough not to chase noise. */
const TREND_CHANGE_THRESHOLD = 0.5;
export const LOW_MOOD_MAX = 2;
export const HIGH_STRESS_MIN = 4;
const EXCERPT_MAX = 120;
const MAX_OVERDUE_SHOWN = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/** FNV-1a, 32 bits: a short stable digest for ids, the same in the browser and on the server. */
function digest(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT_MAX ? flat : `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…`;
}

/** The person's words in quotes, closing the sentence: a full stop only when their own text does
 * not already end one (no '…work.".'). */
function quoteSentence(text: string): string {
  const e = excerpt(text);
  return /[.!?…]$/.test(e) ? `"${e}"` : `"${e}".`;
}

const score = (n: number) => n.toFixed(1);

type Draft = Omit<ManagerSuggestion, "id" | "estimatedTime"> & { rule: string; key: string };

function finish(d: Draft): ManagerSuggestion {
  const { rule, key, ...rest } = d;
  return { id: `${rule}-${digest(key)}`, ...rest, estimatedTime: `${d.estimatedMinutes} min` };
}

/** What a team whose dimension fell might be asked, and how to raise it without naming anyone. */
const DIMENSION_TIPS: Record<DimensionKey, string> = {
  overall: "Ask what would make the work more worth showing up for, and listen for themes rather than fixes.",
  recognition: "Be specific when you thank people this week: name the piece of work and why it mattered.",
  feedback: "Ask how useful your recent feedback has been and whether they would like more of it, sooner.",
  relationship_with_peers: "Ask who they work well with and where hand-offs between people have become harder.",
  relationship_with_manager:
    "Ask directly what you could do differently as their manager, and thank them for the answer.",
  satisfaction: "Ask which parts of the job they would keep and which they would drop if they could.",
  alignment: "Check that they can say, in a sentence, why their current work matters to the team's goals.",
  happiness: "Leave room for how they are, not only what they are doing, before moving to tasks.",
  wellness:
    "Ask about energy and recovery, and model it yourself: mention what you are doing to keep a sustainable pace.",
  personal_growth: "Ask what they would like to learn next and whether their current work leaves room for it.",
  ambassadorship: "Ask whether they would recommend the team to a friend, and what would have to change if not.",
};
const DIMENSION_LABEL = new Map<string, string>(DIMENSIONS.map((d) => [d.key, d.label]));

/** What the prep form says, trimmed: the sliders (undefined when not set) and the text answers
 * ("" when blank). */
type PrepFacts = {
  mood: number | undefined;
  stress: number | undefined;
  wins: string;
  challenges: string;
  goals: string;
  feedback: string;
  workload: string;
  career: string;
  team: string;
};
type PrepText = Exclude<keyof PrepFacts, "mood" | "stress">;

function prepFacts(form: Partial<PrepForm>): PrepFacts {
  const text = (v: string | undefined) => (v ?? "").trim();
  return {
    mood: form.mood,
    stress: form.stressLevel,
    wins: text(form.wins),
    challenges: text(form.challenges),
    goals: text(form.goals),
    feedback: text(form.feedback),
    workload: text(form.workloadConcerns),
    career: text(form.careerDevelopment),
    team: text(form.teamDynamics),
  };
}

/** One rule over the prep form: when it applies, and the suggestion it makes. `key` is what the
 * suggestion was made from (a changed answer gives it a new id); `slider` marks the rules that
 * read only the mood and stress sliders, which leave room for the generic openers. */
type PrepRule = Pick<Draft, "rule" | "category" | "title" | "estimatedMinutes" | "tags"> & {
  slider?: true;
  when: (f: PrepFacts) => boolean;
  key: (f: PrepFacts) => string;
  priority: SuggestionPriority | ((f: PrepFacts) => SuggestionPriority);
  suggestion: (f: PrepFacts, name: string) => string;
};

/** A rule that applies when the employee wrote something in one text answer, keyed by that text. */
const wrote = (field: PrepText) => ({ when: (f: PrepFacts) => f[field] !== "", key: (f: PrepFacts) => f[field] });
const lowMood = (f: PrepFacts) => f.mood !== undefined && f.mood <= LOW_MOOD_MAX;
const highStress = (f: PrepFacts) => f.stress !== undefined && f.stress >= HIGH_STRESS_MIN;
const stressPriority = (f: PrepFacts): SuggestionPriority => (f.stress === 5 ? "high" : "medium");

/** In the order the panel lists suggestions of equal priority and category. */
const PREP_RULES: readonly PrepRule[] = [
  {
    rule: "low-mood",
    slider: true,
    when: lowMood,
    key: (f) => String(f.mood),
    category: "conversation_starter",
    priority: "high",
    title: "Check in on how they are feeling",
    suggestion: (f, name) =>
      `${name} rated their mood ${f.mood} out of 5. Open with the person, not the tasks: "You marked your mood as low this week. How are you doing, really?" Give the answer time before moving on.`,
    estimatedMinutes: 10,
    tags: ["mood", "wellbeing"],
  },
  {
    rule: "lowest-mood-support",
    slider: true,
    when: (f) => lowMood(f) && f.mood === 1,
    key: () => "1",
    category: "resource",
    priority: "high",
    title: "Have support options ready",
    suggestion: (_, name) =>
      `A mood of 1 out of 5 can signal more than a hard week. Know what support your organisation offers (employee assistance, time off, HR contacts) so you can offer it if ${name} wants it, without pressing.`,
    estimatedMinutes: 5,
    tags: ["mood", "wellbeing", "support"],
  },
  {
    rule: "high-stress",
    slider: true,
    when: highStress,
    key: (f) => String(f.stress),
    category: "coaching_tip",
    priority: stressPriority,
    title: "Explore what is driving the stress",
    suggestion: (f, name) =>
      `${name} rated their stress ${f.stress} out of 5. Ask what is causing it before offering solutions, and separate what you can change (deadlines, scope, priorities) from what you can only acknowledge.`,
    estimatedMinutes: 10,
    tags: ["stress", "wellbeing", "workload"],
  },
  {
    rule: "high-stress-relief",
    slider: true,
    when: highStress,
    key: (f) => `${f.stress}|${f.workload}`,
    category: "action_item",
    priority: stressPriority,
    title: "Agree one thing to take off their plate",
    suggestion: (_, name) =>
      `Leave the meeting with one concrete change that lowers ${name}'s stress: something dropped, postponed or handed to someone else, with a date to check it worked.`,
    estimatedMinutes: 5,
    tags: ["stress", "workload", "prioritisation"],
  },
  {
    rule: "workload",
    ...wrote("workload"),
    category: "conversation_starter",
    priority: "medium",
    title: "Talk through the workload concern",
    suggestion: (f, name) =>
      `${name} wrote about their workload: ${quoteSentence(f.workload)} Ask which part weighs most and what a manageable week would look like.`,
    estimatedMinutes: 10,
    tags: ["workload", "prioritisation"],
  },
  {
    rule: "feedback-for-manager",
    ...wrote("feedback"),
    category: "conversation_starter",
    priority: "medium",
    title: "Respond to their feedback for you",
    suggestion: (f, name) =>
      `${name} left you feedback: ${quoteSentence(f.feedback)} Thank them, ask for an example if it helps you understand, and say what you will do about it. Avoid explaining or defending in the moment.`,
    estimatedMinutes: 5,
    tags: ["feedback", "trust"],
  },
  {
    rule: "challenges",
    ...wrote("challenges"),
    category: "conversation_starter",
    priority: "medium",
    title: "Dig into the challenge they named",
    suggestion: (f, name) =>
      `${name} described a challenge: ${quoteSentence(f.challenges)} Ask what they have already tried and where they would like your help, rather than solving it for them.`,
    estimatedMinutes: 10,
    tags: ["challenges", "problem-solving"],
  },
  {
    rule: "career",
    ...wrote("career"),
    category: "conversation_starter",
    priority: "medium",
    title: "Pick up the career thread",
    suggestion: (f, name) =>
      `${name} raised career development: ${quoteSentence(f.career)} Ask what they would like to be doing in a year and what one step this quarter would move them towards it.`,
    estimatedMinutes: 10,
    tags: ["career", "growth"],
  },
  {
    rule: "career-resource",
    ...wrote("career"),
    category: "resource",
    priority: "low",
    title: "Plan a dedicated career conversation",
    suggestion: () =>
      `If the topic needs more than a few minutes, schedule a separate 1:1 with the Career Conversation template so it is not squeezed between day-to-day topics.`,
    estimatedMinutes: 2,
    tags: ["career", "growth", "template"],
  },
  {
    rule: "team-dynamics",
    ...wrote("team"),
    category: "conversation_starter",
    priority: "medium",
    title: "Understand the team situation",
    suggestion: (f, name) =>
      `${name} mentioned team dynamics: ${quoteSentence(f.team)} Ask what they have seen happen, how it affects their work and what they would like to change.`,
    estimatedMinutes: 10,
    tags: ["team dynamics", "collaboration"],
  },
  {
    rule: "team-dynamics-tip",
    ...wrote("team"),
    category: "coaching_tip",
    priority: "low",
    title: "Listen without taking sides",
    suggestion: () =>
      "When a report raises tension with colleagues, ask for specific situations rather than judgements about people, avoid agreeing with a view of someone who is not in the room, and decide afterwards whether it needs a team-level conversation.",
    estimatedMinutes: 3,
    tags: ["team dynamics", "conflict"],
  },
  {
    rule: "wins",
    ...wrote("wins"),
    category: "conversation_starter",
    priority: "low",
    title: "Recognise their wins",
    suggestion: (f, name) =>
      `${name} listed wins: ${quoteSentence(f.wins)} Start with these: say specifically what you valued and ask what made it go well, so it can happen again.`,
    estimatedMinutes: 3,
    tags: ["recognition", "wins"],
  },
  {
    rule: "goals",
    ...wrote("goals"),
    category: "action_item",
    priority: "low",
    title: "Turn goals into next steps",
    suggestion: (f, name) =>
      `${name}'s goals: ${quoteSentence(f.goals)} Agree the next concrete step for each, who owns it and when you will look at it again.`,
    estimatedMinutes: 5,
    tags: ["goals", "planning"],
  },
];
const SLIDER_RULES = new Set(PREP_RULES.filter((r) => r.slider).map((r) => r.rule));

function prepRules(form: Partial<PrepForm>, name: string): Draft[] {
  const f = prepFacts(form);
  return PREP_RULES.filter((r) => r.when(f)).map((r) => ({
    rule: r.rule,
    key: r.key(f),
    category: r.category,
    priority: typeof r.priority === "function" ? r.priority(f) : r.priority,
    title: r.title,
    suggestion: r.suggestion(f, name),
    estimatedMinutes: r.estimatedMinutes,
    tags: [...r.tags],
  }));
}

/** Starters for a meeting whose prep form says nothing yet: useful in any 1:1. */
function genericStarters(name: string, formStarted: boolean): Draft[] {
  return [
    {
      rule: "generic-open",
      key: formStarted ? "started" : "none",
      category: "conversation_starter",
      priority: "medium",
      title: "Let them set the agenda",
      suggestion: formStarted
        ? `${name}'s prep form has no notes yet. Open with "What's most on your mind this week?" and let their answer lead.`
        : `${name} has not filled in a prep form. Open with "What's most on your mind this week?" and let their answer lead.`,
      estimatedMinutes: 5,
      tags: ["agenda", "listening"],
    },
    {
      rule: "generic-highlight",
      key: "",
      category: "conversation_starter",
      priority: "low",
      title: "Ask for a recent highlight",
      suggestion: "Ask what the best part of their last couple of weeks was, and what made it good.",
      estimatedMinutes: 3,
      tags: ["recognition", "engagement"],
    },
    {
      rule: "generic-support",
      key: "",
      category: "conversation_starter",
      priority: "low",
      title: "Ask how you can help",
      suggestion: 'Ask: "What is one thing I could do, or stop doing, that would make your work easier?"',
      estimatedMinutes: 3,
      tags: ["support", "feedback"],
    },
  ];
}

function actionItemRules(items: readonly OpenActionItem[], name: string, now: Date): Draft[] {
  const out: Draft[] = [];
  const overdue = items
    .filter((i) => i.dueAt !== null && i.dueAt.getTime() < now.getTime())
    .sort((a, b) => a.dueAt!.getTime() - b.dueAt!.getTime() || a.id.localeCompare(b.id));
  for (const item of overdue.slice(0, MAX_OVERDUE_SHOWN)) {
    const days = Math.max(1, Math.floor((now.getTime() - item.dueAt!.getTime()) / DAY_MS));
    const who = item.owner === "manager" ? "You own it" : `${name} owns it`;
    out.push({
      rule: "overdue-action",
      key: item.id,
      category: "follow_up",
      priority: "high",
      title: "Follow up on an overdue action item",
      suggestion: `"${excerpt(item.text)}" is ${plural(days, "day")} overdue. ${who}: agree whether it is still needed, what is blocking it and a new date, or close it.`,
      estimatedMinutes: 5,
      tags: ["action items", "overdue", "accountability"],
    });
  }
  const shownOverdue = new Set(overdue.slice(0, MAX_OVERDUE_SHOWN).map((i) => i.id));
  const rest = items.filter((i) => !shownOverdue.has(i.id)).sort((a, b) => a.id.localeCompare(b.id));
  if (rest.length > 0) {
    const listed = rest
      .slice(0, 3)
      .map((i) => `"${excerpt(i.text)}"`)
      .join(", ");
    const more = rest.length > 3 ? ` and ${rest.length - 3} more` : "";
    out.push({
      rule: "open-actions",
      key: rest.map((i) => i.id).join(","),
      category: "follow_up",
      priority: "medium",
      title: `Review ${plural(rest.length, "open action item")}`,
      suggestion: `Still open: ${listed}${more}. Check progress briefly and close what is done.`,
      estimatedMinutes: Math.min(10, 2 + rest.length),
      tags: ["action items", "follow-up"],
    });
  }
  return out;
}

function trendRules(trends: readonly TeamTrend[]): Draft[] {
  const out: Draft[] = [];
  // Sorted by metric so that the output does not depend on the order the caller loaded them in.
  for (const t of [...trends].sort((a, b) => a.metric.localeCompare(b.metric))) {
    if (t.current === null || t.previous === null) continue;
    const delta = t.current - t.previous;
    if (t.metric === STRESS_METRIC) {
      if (delta < TREND_CHANGE_THRESHOLD && t.current <= EMERGENCY_THRESHOLD) continue;
      out.push({
        rule: "team-stress",
        key: `${score(t.previous)}|${score(t.current)}`,
        category: "coaching_tip",
        priority: t.current > EMERGENCY_THRESHOLD ? "high" : "medium",
        title: "Team stress is rising",
        suggestion: `Your team's stress score moved from ${score(t.previous)} to ${score(t.current)} out of 10 in the latest survey. Ask about pace and pressure in general terms, and do not ask anyone how they answered: the survey is anonymous.`,
        estimatedMinutes: 5,
        tags: ["team trends", "stress", "wellbeing"],
      });
      continue;
    }
    if (delta > -TREND_CHANGE_THRESHOLD) continue;
    const label = DIMENSION_LABEL.get(t.metric) ?? t.metric;
    out.push({
      rule: `team-${t.metric}`,
      key: `${score(t.previous)}|${score(t.current)}`,
      category: "coaching_tip",
      priority: t.current < EMERGENCY_THRESHOLD ? "high" : "medium",
      title: `Team ${label.toLowerCase()} is falling`,
      suggestion: `Your team's ${label.toLowerCase()} score fell from ${score(t.previous)} to ${score(t.current)} out of 10 in the latest survey. ${DIMENSION_TIPS[t.metric]} Do not ask anyone how they answered: the survey is anonymous.`,
      estimatedMinutes: 5,
      tags: ["team trends", label.toLowerCase()],
    });
  }
  return out;
}

const PRIORITY_RANK: Record<SuggestionPriority, number> = { high: 0, medium: 1, low: 2 };
const CATEGORY_RANK = Object.fromEntries(SUGGESTION_CATEGORIES.map((c, i) => [c, i])) as Record<
  SuggestionCategory,
  number
>;

/**
 * The suggestions for one meeting, highest priority first, then in CATEGORIES' order, then
 * in rule order. The same input always gives the same list with the same ids.
 */
export function suggestMeetingTopics(input: SuggestionInput): ManagerSuggestion[] {
  const name = input.employeeFirstName.trim() || "Your report";
  const form = input.prepForm;
  const drafts: Draft[] = [];
  const fromForm = form ? prepRules(form, name) : [];
  drafts.push(...fromForm);
  // With nothing from the form but the sliders (or no form at all), the manager still gets
  // openers; the mood and stress rules above are kept alongside them.
  const hasText = fromForm.some((d) => !SLIDER_RULES.has(d.rule));
  if (!hasText) drafts.push(...genericStarters(name, form !== null));
  drafts.push(...actionItemRules(input.openActionItems, name, input.now));
  drafts.push(...trendRules(input.teamTrends));

  return drafts
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        PRIORITY_RANK[a.d.priority] - PRIORITY_RANK[b.d.priority] ||
        CATEGORY_RANK[a.d.category] - CATEGORY_RANK[b.d.category] ||
        a.i - b.i,
    )
    .map(({ d }) => finish(d));
}
