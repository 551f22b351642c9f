import { describe, expect, it } from "vitest";

import { emptyPrepForm, type PrepForm } from "@/lib/one-on-one/prep-form";
import {
  SUGGESTION_CATEGORIES,
  suggestMeetingTopics,
  type ManagerSuggestion,
  type OpenActionItem,
  type SuggestionInput,
  type TeamTrend,
} from "@/lib/one-on-one/suggestions";

const NOW = new Date("2026-11-24T09:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

function input(over: Partial<SuggestionInput> = {}, form: Partial<PrepForm> | null = emptyPrepForm()): SuggestionInput {
  return { prepForm: form, openActionItems: [], teamTrends: [], employeeFirstName: "Dana", now: NOW, ...over };
}
const withForm = (f: Partial<PrepForm>, over: Partial<SuggestionInput> = {}) =>
  input(over, { ...emptyPrepForm(), ...f });
const byTag = (list: ManagerSuggestion[], tag: string) => list.filter((s) => s.tags.includes(tag));
const RANK = { high: 0, medium: 1, low: 2 } as const;

describe("suggestMeetingTopics: shape", () => {
  it("uses only the product's categories and priorities, with time badges and tags", () => {
    const list = suggestMeetingTopics(
      withForm(
        {
          mood: 1,
          stressLevel: 5,
          wins: "w",
          challenges: "c",
          goals: "g",
          feedback: "f",
          workloadConcerns: "wl",
          careerDevelopment: "cd",
          teamDynamics: "td",
        },
        {
          openActionItems: [
            { id: "a1", text: "Write the plan", owner: "employee", dueAt: new Date(NOW.getTime() - DAY) },
          ],
          teamTrends: [{ metric: "recognition", current: 5, previous: 7 }],
        },
      ),
    );
    expect(list.length).toBeGreaterThan(10);
    for (const s of list) {
      expect(SUGGESTION_CATEGORIES).toContain(s.category);
      expect(["high", "medium", "low"]).toContain(s.priority);
      expect(s.estimatedTime).toBe(`${s.estimatedMinutes} min`);
      expect(s.estimatedMinutes).toBeGreaterThan(0);
      expect(s.tags.length).toBeGreaterThan(0);
      expect(s.suggestion.length).toBeGreaterThan(20);
      expect(s.title.length).toBeGreaterThan(0);
    }
    // Every category is reachable.
    expect(new Set(list.map((s) => s.category))).toEqual(new Set(SUGGESTION_CATEGORIES));
    expect(new Set(list.map((s) => s.id)).size).toBe(list.length);
  });

  it("orders by priority, then the category order", () => {
    const list = suggestMeetingTopics(
      withForm(
        { mood: 2, stressLevel: 4, wins: "w", goals: "g", careerDevelopment: "cd", teamDynamics: "td" },
        {
          openActionItems: [{ id: "x", text: "t", owner: "manager", dueAt: null }],
          teamTrends: [{ metric: "stress", current: 7, previous: 5 }],
        },
      ),
    );
    const key = (s: ManagerSuggestion) => RANK[s.priority] * 10 + SUGGESTION_CATEGORIES.indexOf(s.category);
    const keys = list.map(key);
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(list[0]!.priority).toBe("high");
  });

  it("within a priority and category, keeps the rules' order (workload before challenges)", () => {
    const titles = suggestMeetingTopics(withForm({ challenges: "c", workloadConcerns: "w" })).map((s) => s.title);
    expect(titles.indexOf("Talk through the workload concern")).toBeLessThan(
      titles.indexOf("Dig into the challenge they named"),
    );
    expect(titles.indexOf("Dig into the challenge they named")).toBeGreaterThan(-1);
  });
});

describe("suggestMeetingTopics: prep form rules", () => {
  it("opens with a high-priority check-in for a mood of 2 or less, not for 3", () => {
    const low = suggestMeetingTopics(withForm({ mood: 2 }));
    const starter = low.find((s) => s.tags.includes("mood"));
    expect(starter).toMatchObject({ category: "conversation_starter", priority: "high" });
    expect(starter!.suggestion).toContain("Dana rated their mood 2 out of 5");
    expect(byTag(suggestMeetingTopics(withForm({ mood: 3 })), "mood")).toEqual([]);
    // Only the lowest mood adds support resources.
    expect(low.some((s) => s.category === "resource")).toBe(false);
    expect(
      suggestMeetingTopics(withForm({ mood: 1 })).some((s) => s.category === "resource" && s.priority === "high"),
    ).toBe(true);
  });

  it("gives a coaching tip naming stress for a stress level of 4 or more", () => {
    const tip = suggestMeetingTopics(withForm({ stressLevel: 4 })).find((s) => s.category === "coaching_tip");
    expect(tip).toBeDefined();
    expect(tip!.suggestion).toMatch(/stress 4 out of 5/);
    expect(tip!.tags).toContain("stress");
    expect(tip!.priority).toBe("medium");
    expect(
      suggestMeetingTopics(withForm({ stressLevel: 5 })).find((s) => s.category === "coaching_tip")!.priority,
    ).toBe("high");
    expect(byTag(suggestMeetingTopics(withForm({ stressLevel: 3 })), "stress")).toEqual([]);
  });

  it("quotes the workload, career, team and feedback texts", () => {
    const list = suggestMeetingTopics(
      withForm({
        workloadConcerns: "Two launches in one week",
        careerDevelopment: "I'd like to lead a project",
        teamDynamics: "Hand-offs with QA are tense",
        feedback: "More notice on priorities please",
      }),
    );
    expect(list.find((s) => s.tags.includes("workload"))!.suggestion).toContain('"Two launches in one week"');
    expect(list.find((s) => s.category === "conversation_starter" && s.tags.includes("career"))!.suggestion).toContain(
      "lead a project",
    );
    expect(list.find((s) => s.category === "resource" && s.tags.includes("career"))).toBeDefined();
    expect(
      list.find((s) => s.category === "conversation_starter" && s.tags.includes("team dynamics"))!.suggestion,
    ).toContain("Hand-offs with QA");
    expect(list.find((s) => s.tags.includes("feedback"))!.suggestion).toContain("More notice on priorities please");
    // With real topics, the generic openers stay out of the way.
    expect(list.some((s) => s.title === "Let them set the agenda")).toBe(false);
  });

  it("recognises wins and turns goals into an action item", () => {
    const list = suggestMeetingTopics(withForm({ wins: "Closed the Acme renewal", goals: "Get certified" }));
    expect(list.find((s) => s.tags.includes("recognition"))!.suggestion).toContain("Closed the Acme renewal");
    expect(list.find((s) => s.category === "action_item" && s.tags.includes("goals"))!.suggestion).toContain(
      "Get certified",
    );
  });

  it("cuts long quotes to an excerpt", () => {
    const long = "word ".repeat(500);
    const s = suggestMeetingTopics(withForm({ workloadConcerns: long })).find((x) => x.tags.includes("workload"))!;
    expect(s.suggestion.length).toBeLessThan(400);
    expect(s.suggestion).toContain("…");
  });

  it("still offers generic starters for an empty or missing form", () => {
    for (const form of [null, emptyPrepForm(), { wins: "   " }]) {
      const list = suggestMeetingTopics(input({}, form));
      const starters = list.filter((s) => s.category === "conversation_starter");
      expect(starters.length).toBeGreaterThanOrEqual(3);
      expect(starters.map((s) => s.title)).toContain("Let them set the agenda");
    }
    expect(suggestMeetingTopics(input({}, null))[0]!.suggestion).toContain("Dana has not filled in a prep form");
  });

  it("keeps the generic starters next to the mood and stress rules when the texts are empty", () => {
    const list = suggestMeetingTopics(withForm({ mood: 1, stressLevel: 5 }));
    expect(list.some((s) => s.title === "Let them set the agenda")).toBe(true);
    expect(list.some((s) => s.tags.includes("mood"))).toBe(true);
  });

  it("falls back to a neutral name when the first name is blank", () => {
    expect(suggestMeetingTopics(input({ employeeFirstName: " " }, null))[0]!.suggestion).toContain(
      "Your report has not filled in",
    );
  });
});

describe("suggestMeetingTopics: action items", () => {
  const overdue: OpenActionItem = {
    id: "ai-1",
    text: "Send the hiring plan",
    owner: "manager",
    dueAt: new Date(NOW.getTime() - 3 * DAY),
  };
  const upcoming: OpenActionItem = {
    id: "ai-2",
    text: "Book the training",
    owner: "employee",
    dueAt: new Date(NOW.getTime() + 2 * DAY),
  };
  const undated: OpenActionItem = { id: "ai-3", text: "Read the style guide", owner: "employee", dueAt: null };

  it("makes an overdue item a high-priority follow-up that says how late it is and who owns it", () => {
    const list = suggestMeetingTopics(input({ openActionItems: [overdue] }));
    const f = list.filter((s) => s.category === "follow_up");
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ priority: "high" });
    expect(f[0]!.suggestion).toContain("Send the hiring plan");
    expect(f[0]!.suggestion).toContain("3 days overdue");
    expect(f[0]!.suggestion).toContain("You own it");
    expect(list[0]!.id).toBe(f[0]!.id);
  });

  it("groups items not yet due into one medium follow-up", () => {
    const f = suggestMeetingTopics(input({ openActionItems: [upcoming, undated] })).filter(
      (s) => s.category === "follow_up",
    );
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ priority: "medium", title: "Review 2 open action items" });
    expect(f[0]!.suggestion).toContain("Book the training");
    expect(f[0]!.suggestion).toContain("Read the style guide");
  });

  it("treats an item due exactly now as not overdue, and none gives no follow-up", () => {
    const due = { ...upcoming, dueAt: NOW };
    expect(
      suggestMeetingTopics(input({ openActionItems: [due] })).find((s) => s.category === "follow_up")!.priority,
    ).toBe("medium");
    expect(suggestMeetingTopics(input()).some((s) => s.category === "follow_up")).toBe(false);
  });
});

describe("suggestMeetingTopics: team survey trends", () => {
  it("turns a falling dimension into a coaching tip, high when below the 6.5 threshold", () => {
    const fell: TeamTrend[] = [{ metric: "recognition", current: 6.0, previous: 7.4 }];
    const tip = suggestMeetingTopics(input({ teamTrends: fell })).find((s) => s.category === "coaching_tip")!;
    expect(tip).toMatchObject({ priority: "high", title: "Team recognition is falling" });
    expect(tip.suggestion).toContain("from 7.4 to 6.0");
    expect(tip.suggestion).toContain("anonymous");
    const mild = suggestMeetingTopics(
      input({ teamTrends: [{ metric: "alignment", current: 7.5, previous: 8.2 }] }),
    ).find((s) => s.category === "coaching_tip")!;
    expect(mild.priority).toBe("medium");
  });

  it("ignores small moves, rises and suppressed figures", () => {
    const quiet: TeamTrend[] = [
      { metric: "feedback", current: 7.0, previous: 7.3 },
      { metric: "happiness", current: 8.0, previous: 6.0 },
      { metric: "wellness", current: null, previous: 7.0 },
      { metric: "stress", current: 4.0, previous: 4.2 },
    ];
    expect(suggestMeetingTopics(input({ teamTrends: quiet })).some((s) => s.tags.includes("team trends"))).toBe(false);
  });

  it("flags rising team stress (higher is worse)", () => {
    const tip = suggestMeetingTopics(input({ teamTrends: [{ metric: "stress", current: 7.2, previous: 5.0 }] })).find(
      (s) => s.tags.includes("team trends"),
    )!;
    expect(tip).toMatchObject({ category: "coaching_tip", priority: "high", title: "Team stress is rising" });
  });
});

describe("suggestMeetingTopics: ids and determinism", () => {
  const base = withForm(
    { mood: 2, workloadConcerns: "Too many meetings" },
    {
      openActionItems: [
        { id: "b", text: "Second", owner: "employee", dueAt: null },
        { id: "a", text: "First", owner: "manager", dueAt: new Date(NOW.getTime() - DAY) },
      ],
      teamTrends: [
        { metric: "recognition", current: 5, previous: 7 },
        { metric: "feedback", current: 5, previous: 7 },
      ],
    },
  );

  it("gives the same list and ids on every call", () => {
    expect(suggestMeetingTopics(base)).toEqual(suggestMeetingTopics(base));
  });

  it("does not depend on the order the inputs were loaded in", () => {
    const shuffled = {
      ...base,
      openActionItems: [...base.openActionItems].reverse(),
      teamTrends: [...base.teamTrends].reverse(),
    };
    expect(suggestMeetingTopics(shuffled)).toEqual(suggestMeetingTopics(base));
  });

  it("keeps an unchanged suggestion's id when another input changes", () => {
    const a = suggestMeetingTopics(base);
    const b = suggestMeetingTopics({ ...base, prepForm: { ...base.prepForm, careerDevelopment: "New thing" } });
    const workloadId = (l: ManagerSuggestion[]) =>
      l.find((s) => s.tags.includes("workload") && s.category === "conversation_starter")!.id;
    expect(workloadId(b)).toBe(workloadId(a));
  });

  it("changes the id when the input behind a suggestion changes", () => {
    const id = (f: Partial<PrepForm>) =>
      suggestMeetingTopics(withForm(f)).find(
        (s) => s.tags.includes("workload") && s.category === "conversation_starter",
      )!.id;
    expect(id({ workloadConcerns: "Too many meetings" })).not.toBe(id({ workloadConcerns: "On call every weekend" }));
    const overdueId = (itemId: string) =>
      suggestMeetingTopics(
        input({
          openActionItems: [{ id: itemId, text: "x", owner: "employee", dueAt: new Date(NOW.getTime() - DAY) }],
        }),
      )[0]!.id;
    expect(overdueId("one")).not.toBe(overdueId("two"));
    expect(overdueId("one")).toMatch(/^overdue-action-[0-9a-f]{8}$/);
  });
});

describe("quoting the person's words", () => {
  it("closes the sentence once, whether or not their text ends one", () => {
    const texts = suggestMeetingTopics(
      withForm({ workloadConcerns: "Too many escalations.", challenges: "Unclear priorities", wins: "Shipped it!" }),
    ).map((s) => s.suggestion);
    const workload = texts.find((t) => t.includes("Too many escalations"));
    const challenge = texts.find((t) => t.includes("Unclear priorities"));
    const wins = texts.find((t) => t.includes("Shipped it"));
    expect(workload).toContain('"Too many escalations." Ask');
    expect(challenge).toContain('"Unclear priorities". Ask');
    expect(wins).toContain('"Shipped it!" Start');
    for (const t of texts) expect(t).not.toMatch(/[.!?]"\./);
  });
});
