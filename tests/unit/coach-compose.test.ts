import { describe, expect, it } from "vitest";
import { streamText } from "ai";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import {
  approachParts,
  composeAnswer,
  fillScript,
  NOTHING,
  parseSections,
  sentences,
} from "@/lib/coach/engine/compose";
import { BuiltinCoachModel } from "@/lib/coach/engine/builtin-model";
import { buildSystemPrompt, extractPersonName, groundingProviderOptions } from "@/lib/coach/prompt";
import { restateQuestion } from "@/lib/coach/restate";
import { grounding, item, section, squash } from "./coach-compose-support";

// The built-in coach's writing: the manager's situation in their own terms, the best item's
// approach and nothing of an item that is not about the question, whole numbered steps, the
// person's name in the script.

const answer = (question: string, items: ReturnType<typeof item>[], personName = extractPersonName(question)) =>
  composeAnswer(grounding(items, { personName }), { question, earlier: [] });

/** Every sentence of an item (situation, approach, script, next steps), long enough to be its own. */
function itemSentences(id: string): string[] {
  const s = parseSections(item(id, 1, 1).content)!;
  const all = [
    ...sentences(s.situation),
    ...sentences(s.approach),
    ...approachParts(s.approach).steps,
    ...sentences(s.script),
    ...s.nextSteps,
  ];
  return all.map((x) => squash(x.replace(/\{name\}/g, " "))).filter((x) => x.length >= 30);
}

describe("restating the manager's situation", () => {
  it.each([
    [
      "my report Dana has been missing deadlines and seems withdrawn in meetings",
      "Dana has been missing deadlines and seems withdrawn in meetings.",
    ],
    [
      "I keep redoing my team's work myself because it's faster. How do I stop?",
      "You keep redoing your team's work yourself because it's faster. You want to stop.",
    ],
    [
      "my director wants us to take on the billing migration too but we're already at 120% how do i say no without looking lazy",
      "Your director wants you to take on the billing migration too but you're already at 120%. You want to say no without looking lazy.",
    ],
    [
      "My best analyst told me she's exhausted and working every weekend.",
      "Your best analyst told you she's exhausted and working every weekend.",
    ],
    ["i am worried my team is burning out", "You are worried your team is burning out."],
    ["im not sure we can hit the date", "You're not sure you can hit the date."],
    [
      "Priya seems checked out lately, how do I approach her?",
      "Priya seems checked out lately. You want to approach her.",
    ],
    ["what do i say to Sam about his attitude", "You want to know what to say to Sam about his attitude."],
    [
      "Should I tell my team about the reorg before it's announced?",
      "You are deciding whether to tell your team about the reorg before it's announced.",
    ],
    ["And what if he says everything is fine?", "You want to be ready if he says everything is fine."],
    ["delegation tips", "You are asking about delegation tips."],
    [
      "she cried when I gave her feedback, what now?",
      "She cried when you gave her feedback. You want to know what to do now.",
    ],
    ["my teem is hte best but morale is low", "Your teem is hte best but morale is low."],
    [
      "she told me 'I am done with my project' and walked out",
      "She told you 'I am done with my project' and walked out.",
    ],
    ["any tricks to hold back in my 1:1s", "You want ways to hold back in your 1:1s."],
    [
      "My team is in India, Germany and US. How we should organise our communication?",
      "Your team is in India, Germany and US. You want to organise your communication.",
    ],
  ])("%s", (question, expected) => {
    expect(restateQuestion(question, extractPersonName(question)).join(" ")).toBe(expected);
  });

  it("keeps a long story to a few whole sentences", () => {
    const story =
      "I took over the team in March. Two of my seniors do not talk to each other. One of them told me he will leave if nothing changes. The other says it is not her problem. Standups are tense. I have tried a team lunch.";
    const out = restateQuestion(story);
    expect(out.length).toBeLessThanOrEqual(4);
    expect(out[0]).toBe("You took over the team in March.");
    for (const s of out) expect(s).toMatch(/^[A-Z].*[.?]$/);
  });
});

describe("the answer to the question asked", () => {
  it("carries the person's name into the situation and the script", () => {
    const q = "my report Dana has been missing deadlines and seems withdrawn in meetings";
    const text = answer(q, [item("pw-missed-deadlines-conversation", 1, 0.8)]);
    expect(section(text, "Situation")).toContain("Dana has been missing deadlines and seems withdrawn in meetings.");
    expect(section(text, "Script")).toMatch(/^> Dana, /);
    expect(text).not.toMatch(/\{name\}|\[their name\]/);
    for (const h of ["**Situation**", "**Approach**", "**Script**", "**Next steps**"]) expect(text).toContain(h);
  });

  it("without a name, the script drops the vocative instead of printing a placeholder", () => {
    expect(fillScript('"{name}, I have noticed the tension."', null)).toBe('"I have noticed the tension."');
    expect(fillScript("Thank you for telling me, {name}; it sounds frustrating.", null)).toBe(
      "Thank you for telling me; it sounds frustrating.",
    );
    expect(fillScript("Thanks. {name}, can we talk?", null)).toBe("Thanks. Can we talk?");
    for (const b of BUILTIN_LIBRARY.filter((x) => x.script.includes("{name}"))) {
      const script = section(answer("two people on my team keep clashing", [item(b.id, 1, 0.8)], null), "Script");
      expect(script, b.id).not.toMatch(/\{name\}|\[their name\]|^> [a-z]|, ,|,\s*[.;?]/);
    }
  });

  it("an item scoring well below the best never contributes a sentence", () => {
    const pairs: [string, string, string][] = [
      ["my top performer is thinking about leaving", "pw-top-performer-might-leave", "pw-letting-someone-go"],
      [
        "How do I push back on my boss when my team is already overloaded?",
        "pw-pushing-back-on-your-manager",
        "pw-meeting-overload-reset",
      ],
      [
        "two people on my team cant stand each other",
        "pw-colleague-conflict-mediation",
        "pw-announcing-reorganisation",
      ],
      ["Sam keeps missing deadlines", "pw-missed-deadlines-conversation", "pw-personal-hygiene-conversation"],
    ];
    for (const [q, best, unrelated] of pairs) {
      const text = squash(answer(q, [item(best, 1, 0.8), item(unrelated, 2, 0.6)]).replace(/\n/g, " "));
      for (const s of itemSentences(unrelated)) expect(text, `${unrelated} in "${q}"`).not.toContain(s);
      expect(text).not.toContain(squash(item(unrelated, 2, 0).title));
    }
  });

  it("a second item nearly as relevant adds one labelled point and at most one next step, nothing else", () => {
    const best = item("pw-top-performer-might-leave", 1, 0.8);
    const close = item("pw-stay-interview", 2, 0.74);
    const text = answer("my top performer is thinking about leaving", [best, close]);
    const approach = section(text, "Approach");
    expect(approach.match(/Also useful, from \*Stay interview[^*]*\* \[2\]: /g)).toHaveLength(1);
    const nextFrom2 = section(text, "Next steps")
      .split("\n")
      .filter((l) => l.endsWith("[2]"));
    expect(nextFrom2.length).toBeLessThanOrEqual(1);
    expect(section(text, "Script")).not.toContain("[2]");
    // Below the line (here under 0.85 of the best), nothing of it.
    const far = answer("my top performer is thinking about leaving", [best, { ...close, relevance: 0.6 }]);
    expect(far).not.toContain("[2]");
  });

  it("an item nearly as relevant but on another subject adds nothing", () => {
    // As retrieved for a 1:1 about workload: an announcement item scoring within a tenth of the best.
    const text = answer(
      "Help me prepare for my 1:1 with Dana",
      [item("pw-workload-overwhelm", 1, 0.462), item("pw-delivering-unpopular-news", 2, 0.433)],
      "Dana",
    );
    expect(text).not.toContain("[2]");
    for (const s of itemSentences("pw-delivering-unpopular-news"))
      expect(squash(text.replace(/\n/g, " "))).not.toContain(s);
  });

  it("lists numbered steps whole and in order, never starting or stopping mid-list", () => {
    const numbered = BUILTIN_LIBRARY.filter((b) => approachParts(b.approach).steps.length >= 2);
    expect(numbered.length).toBeGreaterThan(20);
    for (const b of numbered) {
      const { intro, steps } = approachParts(b.approach);
      const approach = section(answer("how do I handle this", [item(b.id, 1, 0.9)], "Sam"), "Approach");
      const listed = approach.split("\n").filter((l) => /^\d+\. /.test(l));
      expect(
        listed.map((l) => Number(l.split(".")[0])),
        b.id,
      ).toEqual(steps.map((_, i) => i + 1));
      steps.forEach((s, i) => expect(squash(listed[i]!), b.id).toBe(squash(s)));
      // What comes before "1." is a paragraph of whole sentences, not glued to the list.
      if (intro.length > 0) expect(approach.startsWith(intro[0]!), b.id).toBe(true);
      for (const para of approach.split("\n\n")) expect(para, b.id).toMatch(/^(?:\d+\. )?["'“‘(]?[A-Z0-9]/);
    }
  });

  it("keeps the intro of 'Walk through four questions in order. 1. Clarity: ...' apart from its steps", () => {
    const b = BUILTIN_LIBRARY.find((x) => /^Walk through four questions in order\. 1\./.test(x.approach));
    expect(b).toBeDefined();
    const approach = section(answer("my report is underperforming", [item(b!.id, 1, 0.9)]), "Approach");
    expect(approach).toMatch(/^Walk through four questions in order\. \[1\]\n\n1\. Clarity: /);
  });

  it("puts the team's figures in one short sentence", () => {
    const g = grounding([item("pw-pulse-drop-team-conversation", 1, 0.8)], {
      team: {
        roundLabel: "Pulse 2026-11-16",
        closedAt: "2026-11-16",
        scope: "your teams",
        metrics: [
          { label: "Engagement", value: 6.2 },
          { label: "eNPS", value: 12 },
        ],
      },
    });
    const situation = section(composeAnswer(g, { question: "my team's engagement dropped", earlier: [] }), "Situation");
    const team = situation.split("\n\n").filter((p) => p.includes("Pulse 2026-11-16"));
    expect(team).toEqual([
      "Your team's latest closed round (Pulse 2026-11-16, your teams): engagement 6.2, eNPS 12.0.",
    ]);
  });

  it("keeps the product's words when the library holds nothing", () => {
    expect(composeAnswer(grounding([]), { question: "How do I file my taxes?", earlier: [] })).toBe(NOTHING);
  });
});

describe("the built-in model through streamText", () => {
  const items = [item("pw-missed-deadlines-conversation", 1, 0.8)];

  async function run(providerOptions: ReturnType<typeof groundingProviderOptions> | undefined) {
    const result = streamText({
      model: new BuiltinCoachModel(),
      system: buildSystemPrompt(grounding(items, { personName: "Dana" })),
      prompt: "Dana keeps missing deadlines",
      ...(providerOptions ? { providerOptions } : {}),
    });
    let text = "";
    for await (const d of result.textStream) text += d;
    return text;
  }

  it("reads its grounding from the provider options, not from the system prompt's words", async () => {
    const grounded = await run(groundingProviderOptions(grounding(items, { personName: "Dana" })));
    expect(grounded).toContain("[1]");
    expect(section(grounded, "Script")).toMatch(/^> Dana, I want to talk about deadlines/);
    // The same call without them: the system prompt holds the item in words, yet nothing is parsed back.
    expect(await run(undefined)).toBe(NOTHING);
  });
});

describe("an organisation's own note without headings", () => {
  it("gives its whole sentences as the approach and points to it", () => {
    const note = {
      n: 1,
      id: "org-note",
      source: "org" as const,
      title: "Zephyrine onboarding buddy programme",
      category: "team_building",
      content: "Every new starter gets a Zephyrine buddy for the first ninety days. The buddy meets them weekly.",
      relevance: 0.7,
    };
    const text = composeAnswer(grounding([note]), { question: "how does the buddy programme work", earlier: [] });
    expect(section(text, "Approach")).toBe(
      "Every new starter gets a Zephyrine buddy for the first ninety days. The buddy meets them weekly. [1]",
    );
    expect(section(text, "Next steps")).toBe(
      "1. Read *Zephyrine onboarding buddy programme* [1] in full and pick the one step that fits your situation.",
    );
    expect(text).not.toContain("org-note");
  });
});
