import { escapeRegExp } from "@/lib/utils/reg-exp";

// Words managers use for the same problem. When a question contains any phrase of a group, the
// other phrases of the group are searched too (retrieval.ts). Lower case; phrases match whole words.
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  [
    "disengaged",
    "disengagement",
    "checked out",
    "quiet quitting",
    "motivation",
    "unmotivated",
    "demotivated",
    "engagement",
    "apathetic",
    "going through the motions",
    "lost interest",
    "doesn't care",
  ],
  [
    "micromanaging",
    "micromanage",
    "micromanager",
    "delegation",
    "delegate",
    "letting go",
    "hands-off",
    "control freak",
    "do it myself",
  ],
  [
    "burnout",
    "burned out",
    "burnt out",
    "exhausted",
    "overwhelmed",
    "overworked",
    "worn out",
    "fatigue",
    "running on empty",
    "too much work",
    "workload",
  ],
  ["stress", "stressed", "anxious", "anxiety", "pressure", "tense", "under pressure"],
  [
    "conflict",
    "fighting",
    "arguing",
    "argument",
    "clash",
    "feud",
    "disagreement",
    "tension",
    "don't get along",
    "bickering",
    "friction",
  ],
  [
    "underperforming",
    "underperformance",
    "poor performance",
    "low performer",
    "not performing",
    "missing targets",
    "missed deadlines",
    "slacking",
    "performance improvement plan",
    "pip",
  ],
  ["feedback", "criticism", "critique", "constructive", "praise", "recognition"],
  [
    "difficult conversation",
    "hard conversation",
    "tough conversation",
    "awkward conversation",
    "bad news",
    "confront",
    "confrontation",
  ],
  ["fire", "firing", "terminate", "termination", "let go", "dismiss", "layoff", "layoffs", "redundancy"],
  ["change", "reorganisation", "reorganization", "reorg", "restructuring", "merger", "transition", "new process"],
  ["trust", "psychological safety", "safe to speak up", "speak up", "afraid to speak"],
  [
    "new manager",
    "first-time manager",
    "first time manager",
    "just promoted",
    "promoted to manager",
    "new to managing",
  ],
  ["one-on-one", "1:1", "one on one", "1-on-1", "check-in"],
  ["remote", "hybrid", "distributed", "work from home", "wfh"],
  ["meeting", "meetings", "standup", "stand-up"],
  ["coaching", "coach", "mentor", "mentoring", "develop", "growth"],
  ["goal", "goals", "objectives", "okr", "okrs", "targets"],
  ["culture", "values", "morale", "team spirit"],
  ["silo", "silos", "cliques", "clique", "us versus them", "not collaborating", "collaboration"],
  ["onboarding", "new hire", "new joiner", "first week"],
  ["quit", "quitting", "resign", "resignation", "leaving", "retention", "flight risk", "turnover"],
  ["late", "lateness", "tardy", "absent", "absenteeism", "attendance"],
  ["career", "promotion", "career growth", "career path", "development plan"],
];

const GROUP_PATTERNS = SYNONYM_GROUPS.map((group) =>
  group.map((p) => new RegExp(`(^|[^a-z0-9])${escapeRegExp(p)}($|[^a-z0-9])`)),
);

/** The synonym phrases to search besides the question's own words (none when nothing matches). */
export function synonymsFor(question: string): string[] {
  const text = question.toLowerCase().replace(/[’‘]/g, "'");
  const out = new Set<string>();
  SYNONYM_GROUPS.forEach((group, i) => {
    if (GROUP_PATTERNS[i]?.some((re) => re.test(text))) for (const p of group) if (!text.includes(p)) out.add(p);
  });
  return [...out];
}
