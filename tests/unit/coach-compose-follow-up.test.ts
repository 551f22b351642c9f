import { describe, expect, it } from "vitest";
import { streamText } from "ai";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { composeAnswer, reactionOf, type Turn } from "@/lib/coach/engine/compose";
import { BuiltinCoachModel } from "@/lib/coach/engine/builtin-model";
import { groundingProviderOptions } from "@/lib/coach/prompt";
import { restateQuestion } from "@/lib/coach/restate";
import { grounding, item, lines, section } from "./coach-compose-support";

// A follow-up builds on the earlier answers: it says briefly what was suggested, answers what the
// manager says now, and never prints a paragraph, list item or script line of an earlier answer.

const FIRST = [
  "How do I handle this with Sam?",
  "i need help with this situation on my team",
  "My report has been struggling with this for weeks, what should I do",
  "what do I say to Priya",
];
const FOLLOW_UPS = [
  "And what if he says everything is fine?",
  "I tried that and nothing changed",
  "she got really defensive when I brought it up",
  "ok what next",
  "he cried in the meeting",
  "it went well, she agreed to try",
];

/** Lines of `later` that repeat a line of an earlier answer, equal or holding it (long lines). */
function repeats(later: string, earlier: string[]): string[] {
  const before = earlier.flatMap(lines);
  return lines(later).filter((l) =>
    before.some((b) => b === l || (b.length >= 40 && l.includes(b)) || (l.length >= 40 && b.includes(l))),
  );
}

describe("follow-ups", () => {
  it.each([
    ["And what if he says everything is fine?", "fine"],
    ["what if she says she can handle it", "fine"],
    ["she got really defensive when I brought it up", "defensive"],
    ["he cried in the meeting", "upset"],
    ["I tried that and nothing changed", "unchanged"],
    ["it went well, she agreed to try", "progress"],
    ["what about the rest of the team?", "other"],
  ] as const)("reads what happened since: %s", (text, kind) => {
    expect(reactionOf(text)).toBe(kind);
  });

  // Every sixth built-in item as the best, its neighbour as a close supporting item for half of them.
  const cases = BUILTIN_LIBRARY.filter((_, i) => i % 6 === 0).map((b, i) => {
    const next = BUILTIN_LIBRARY[BUILTIN_LIBRARY.indexOf(b) + 1]!;
    const items = i % 2 === 0 ? [item(b.id, 1, 0.8), item(next.id, 2, 0.77)] : [item(b.id, 1, 0.8)];
    return { id: b.id, items, question: FIRST[i % FIRST.length]! };
  });

  it.each(cases)("never repeats a line of an earlier answer ($id)", ({ items, question }) => {
    const personName = /Sam|Priya/.exec(question)?.[0] ?? null;
    const g = grounding(items, { personName });
    const first = composeAnswer(g, { question, earlier: [] });
    for (const [k, followUp] of FOLLOW_UPS.entries()) {
      const earlier: Turn[] = [
        { role: "user", text: question },
        { role: "assistant", text: first },
      ];
      const second = composeAnswer({ ...g, personName: null }, { question: followUp, earlier });
      expect(repeats(second, [first]), followUp).toEqual([]);
      for (const h of ["**Situation**", "**Approach**", "**Script**", "**Next steps**"]) expect(second).toContain(h);
      const situation = section(second, "Situation");
      expect(situation).toMatch(/^(?:Last time I suggested|Building on what we went through)/);
      expect(situation).toContain(restateQuestion(followUp)[0]!);
      // The name of the first question carries over to the follow-up's script.
      if (personName) expect(section(second, "Script")).toContain(personName);
      // A third turn repeats neither.
      const third = composeAnswer(
        { ...g, personName: null },
        {
          question: FOLLOW_UPS[(k + 1) % FOLLOW_UPS.length]!,
          earlier: [...earlier, { role: "user", text: followUp }, { role: "assistant", text: second }],
        },
      );
      expect(repeats(third, [first, second])).toEqual([]);
      for (const h of ["**Approach**", "**Script**", "**Next steps**"])
        expect(section(third, h.slice(2, -2)).length).toBeGreaterThan(0);
    }
  });

  it("gives what the first answer left out: the remaining next steps and, when close, the supporting item", () => {
    const best = item("pw-stop-micromanaging", 1, 0.8);
    const support = item("pw-delegation-levels", 2, 0.76);
    const g = grounding([best, support]);
    const q = "I keep redoing my team's work myself because it's faster. How do I stop?";
    const first = composeAnswer(g, { question: q, earlier: [] });
    const second = composeAnswer(g, {
      question: "I tried that but nothing changed",
      earlier: [
        { role: "user", text: q },
        { role: "assistant", text: first },
      ],
    });
    expect(section(second, "Situation")).toContain(
      "Last time I suggested the approach in *Moving From Micromanaging to Trusting Your Team* [1]",
    );
    expect(section(second, "Approach")).toContain(
      "Another angle on the same question, from *Delegating With Clear Levels of Authority* [2]:",
    );
    expect(section(second, "Next steps")).toContain("Ask for feedback on your habits in your next three 1:1s. [1]");
  });

  it("after an answer that found nothing, gives the whole answer without claiming an earlier suggestion", () => {
    const g = grounding([item("pw-stop-micromanaging", 1, 0.8)]);
    const earlier: Turn[] = [
      { role: "user", text: "how do I file my taxes" },
      { role: "assistant", text: composeAnswer(grounding([]), { question: "how do I file my taxes", earlier: [] }) },
    ];
    const text = composeAnswer(g, { question: "ok then, I keep checking my team's work all the time", earlier });
    expect(section(text, "Situation")).toMatch(/^You keep checking your team's work all the time\./);
    expect(text).not.toMatch(/Last time I suggested/);
    expect(section(text, "Approach")).toMatch(/^1\. Name what you are afraid of/);
  });

  it("reads the conversation from the prompt when driven through streamText", async () => {
    const g = grounding([item("pw-disengaged-report-reconnect", 1, 0.8)], { personName: "Sam" });
    const q = "How do I handle my report Sam who seems disengaged lately?";
    const first = composeAnswer(g, { question: q, earlier: [] });
    const result = streamText({
      model: new BuiltinCoachModel(),
      providerOptions: groundingProviderOptions({ ...g, personName: null }),
      messages: [
        { role: "user", content: q },
        { role: "assistant", content: first },
        { role: "user", content: "And what if he says everything is fine?" },
      ],
    });
    let text = "";
    for await (const d of result.textStream) text += d;
    expect(repeats(text, [first])).toEqual([]);
    expect(text).toContain("You want to be ready if he says everything is fine.");
    expect(section(text, "Script")).toMatch(/^> Sam, /);
  });
});
