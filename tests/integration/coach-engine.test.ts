import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAI } from "@ai-sdk/openai";
import { streamText } from "ai";
import { BuiltinCoachModel } from "@/lib/coach/engine/builtin-model";
import { citedNumbers, citationFilter, stripInventedCitations } from "@/lib/coach/engine/citations";
import { numberedSteps, parseSections, wordChunks } from "@/lib/coach/engine/compose";
import { runCoach, replyText, type CoachEvent, type RunCoachOptions } from "@/lib/coach/engine/run";
import {
  buildSystemPrompt,
  extractPersonName,
  groundingFromProviderOptions,
  groundingProviderOptions,
  type Grounding,
  type GroundingItem,
} from "@/lib/coach/prompt";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/support/fake-openai";

const DISENGAGED: GroundingItem = {
  n: 1,
  id: "re-engaging-a-disengaged-report",
  source: "builtin",
  title: "Re-engaging a disengaged report",
  category: "employee_engagement",
  relevance: 0.9,
  content: [
    "## Situation",
    "A report who used to contribute now does the minimum and stays quiet in meetings.",
    "",
    "## Approach",
    "Meet privately, describe what you have noticed without judgement, and ask before you advise.",
    "",
    "## Script",
    "{name}, I've noticed you seem less involved lately. How are things going for you?",
    "",
    "## Next steps",
    "- Book a 30-minute 1:1 this week",
    "- Agree one small goal {name} owns",
  ].join("\n"),
};
const ORG_NOTE: GroundingItem = {
  n: 2,
  id: "5b0c3f0e-6a57-4f2d-9a0e-000000000002",
  source: "org",
  title: "Our 1:1 policy",
  category: "communication",
  relevance: 0.8,
  content:
    "Every manager holds a weekly 1:1 with each report. Notes go in the shared folder. Skipped 1:1s are rescheduled within the week.",
};

function grounding(items: GroundingItem[], extra: Partial<Grounding> = {}): Grounding {
  return { items, team: null, personName: null, meeting: null, ...extra };
}

async function collect(events: AsyncIterable<CoachEvent>) {
  const deltas: string[] = [];
  const errors: string[] = [];
  for await (const e of events) {
    if (e.type === "delta") deltas.push(e.text);
    else errors.push(e.message);
  }
  return { text: deltas.join(""), deltas, errors };
}

describe("prompt grounding", () => {
  it("round-trips through the provider options and refuses a malformed one", () => {
    const g = grounding([DISENGAGED], { personName: "Sam" });
    expect(groundingFromProviderOptions(groundingProviderOptions(g))).toEqual(g);
    expect(groundingFromProviderOptions(undefined)).toBeNull();
    expect(groundingFromProviderOptions({ pulsewell: { grounding: { items: "nope" } } })).toBeNull();
  });

  it("puts the grounding in the system prompt as words: titles and text, no JSON, no ids", () => {
    const prompt = buildSystemPrompt(grounding([DISENGAGED, ORG_NOTE], { personName: "Sam" }));
    expect(prompt).toContain("[1] Re-engaging a disengaged report");
    expect(prompt).toContain("[2] Our 1:1 policy");
    expect(prompt).toContain("Every manager holds a weekly 1:1");
    expect(prompt).toContain("Sam");
    expect(prompt).not.toContain(DISENGAGED.id);
    expect(prompt).not.toContain(ORG_NOTE.id);
    expect(prompt).not.toMatch(/[{}]"|"\w+":/);
  });

  it("finds a person's name only when the question names one", () => {
    expect(extractPersonName("How do I handle my report Sam who seems checked out?")).toBe("Sam");
    expect(extractPersonName("How do I give feedback to Priya about deadlines?")).toBe("Priya");
    expect(extractPersonName("How do I handle a disengaged report?")).toBeNull();
    expect(extractPersonName("What should I do about The team?")).toBeNull();
    expect(extractPersonName("Jordan, one of my reports, has gone quiet in meetings.")).toBe("Jordan");
    expect(extractPersonName("Priya seems checked out lately, how do I approach her?")).toBe("Priya");
    expect(extractPersonName("My team seems checked out lately.")).toBeNull();
    expect(extractPersonName("How, in practice, do I delegate?")).toBeNull();
  });

  it("lists an item's inline numbered approach as steps instead of cutting it at '1.'", () => {
    expect(numberedSteps("1. Book a private 1:1 soon. 2. Open with what you noticed. 3. Ask open questions.")).toEqual([
      "Book a private 1:1 soon.",
      "Open with what you noticed.",
      "Ask open questions.",
    ]);
    expect(numberedSteps("Start with curiosity. Agree one change within 2 weeks.")).toBeNull();
  });

  it("parses the four headings of an item and word chunks join back exactly", () => {
    const s = parseSections(DISENGAGED.content)!;
    expect(s.situation).toMatch(/does the minimum/);
    expect(s.nextSteps).toEqual(["Book a 30-minute 1:1 this week", "Agree one small goal {name} owns"]);
    expect(parseSections(ORG_NOTE.content)).toBeNull();
    const text = "Hello  there,\nworld [1].";
    expect(wordChunks(text).join("")).toBe(text);
  });
});

describe("built-in coach (LanguageModelV3)", () => {
  it("streams a structured answer with numbered citations and the person's name", async () => {
    const result = streamText({
      model: new BuiltinCoachModel(),
      system: buildSystemPrompt(grounding([DISENGAGED, ORG_NOTE])),
      providerOptions: groundingProviderOptions(grounding([DISENGAGED, ORG_NOTE])),
      prompt: "How do I handle my report Sam who has become disengaged?",
    });
    const deltas: string[] = [];
    for await (const d of result.textStream) deltas.push(d);
    const text = deltas.join("");
    expect(deltas.length).toBeGreaterThan(20); // word-sized chunks, not one block
    for (const h of ["**Situation**", "**Approach**", "**Script**", "**Next steps**"]) expect(text).toContain(h);
    expect(text.indexOf("**Situation**")).toBeLessThan(text.indexOf("**Next steps**"));
    expect(text).toContain("Sam, I've noticed you seem less involved lately");
    expect(text).toContain("Agree one small goal Sam owns [1]");
    expect(text).toContain("You want to handle Sam who has become disengaged."); // the manager's situation, restated
    expect(text).not.toContain("{name}");
    expect(text).toContain("[1]");
    // The organisation's note scores well below the best item and is about something else: no part of it.
    expect(text).not.toContain("Every manager holds a weekly 1:1");
    expect(citedNumbers(text).sort()).toEqual([1]);
    expect(await result.finishReason).toBe("stop");
  });

  it("says plainly that the library holds nothing when nothing was retrieved", async () => {
    const { text } = await collect(runCoach({ question: "How do I file my taxes?", grounding: grounding([]) }));
    expect(text).toMatch(/library holds nothing on this question/);
    expect(text).toMatch(/rephras/);
    expect(text).toMatch(/ask an admin to add content/);
    expect(text).not.toMatch(/\[\d\]/);
  });

  it("mentions the team's latest closed round when team context is present", async () => {
    const g = grounding([DISENGAGED], {
      team: {
        roundLabel: "Pulse 2026-11-16",
        closedAt: "2026-11-16",
        scope: "Platform team",
        metrics: [
          { label: "Engagement", value: 6.2 },
          { label: "Culture", value: 7 },
        ],
      },
    });
    const { text } = await collect(
      runCoach({ question: "My team's engagement is down, what should I do?", grounding: g }),
    );
    expect(text).toContain(
      "Your team's latest closed round (Pulse 2026-11-16, Platform team): engagement 6.2, culture 7.0.",
    );
  });

  it("doGenerate returns the same composed answer", async () => {
    const model = new BuiltinCoachModel();
    const r = await model.doGenerate({
      prompt: [
        { role: "system", content: buildSystemPrompt(grounding([DISENGAGED])) },
        { role: "user", content: [{ type: "text", text: "disengaged report" }] },
      ],
      providerOptions: groundingProviderOptions(grounding([DISENGAGED])),
    });
    const first = r.content[0];
    expect(first?.type === "text" && first.text.startsWith("**Situation**")).toBe(true);
  });

  it("safety questions get the careful answer first, whatever the engine", async () => {
    const selfHarm = await replyText({
      question: "My report told me she wants to kill herself",
      grounding: grounding([DISENGAGED]),
    });
    expect(selfHarm.text).toMatch(/emergency number/);
    expect(selfHarm.text).not.toContain("**Situation**"); // no library tips for a person at risk
    const harassment = await replyText({
      question: "A report says she is being harassed by a peer",
      grounding: grounding([DISENGAGED]),
    });
    expect(harassment.text.indexOf("HR")).toBeLessThan(harassment.text.indexOf("**Situation**"));
    expect(harassment.text).toContain("**Situation**");
  });
});

describe("citations", () => {
  it("removes invented numbers, also when a citation is split across chunks", () => {
    const valid = new Set([1, 2]);
    expect(stripInventedCitations("Do this [1] and that [7]. Both [2, 9].", valid)).toBe(
      "Do this [1] and that. Both [2].",
    );
    const f = citationFilter(valid);
    const out = ["Ask first [", "9", "] then listen [", "1]", " and", " [3"].map((c) => f.push(c)).join("") + f.flush();
    expect(out).toBe("Ask first then listen [1] and [3"); // an unclosed bracket is plain text
  });
});

describe("OpenAI-compatible engine against a local fake server", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(async () => {
    await fake.close();
  });

  function opts(question: string, timeoutMs = 5_000): RunCoachOptions & { engines: string[] } {
    const engines: string[] = [];
    const config = { baseURL: fake.baseURL, apiKey: "test-key", model: "fake-model", timeoutMs };
    return {
      question,
      grounding: grounding([DISENGAGED, ORG_NOTE]),
      ai: { config, model: createOpenAI({ baseURL: config.baseURL, apiKey: config.apiKey }).chat(config.model) },
      onEngine: (e) => engines.push(e),
      engines,
    };
  }

  it("streams the model's answer and removes invented citation ids; the prompt carries the items", async () => {
    fake.set({
      kind: "stream",
      chunks: ["Start ", "with a ", "private 1:1 [", "1]. ", "Research shows [", "7] it ", "works [2]."],
    });
    const o = opts("How do I handle a disengaged report?");
    const r = await collect(runCoach(o));
    expect(o.engines).toEqual(["openai"]);
    expect(r.errors).toEqual([]);
    expect(r.text).toBe("Start with a private 1:1 [1]. Research shows it works [2].");
    expect(r.deltas.length).toBeGreaterThan(1);
    const body = fake.requests.at(-1) as {
      model: string;
      stream: boolean;
      messages: { role: string; content: string }[];
    };
    expect(body.model).toBe("fake-model");
    expect(body.stream).toBe(true);
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[0]!.content).toContain("[1] Re-engaging a disengaged report");
    expect(body.messages[0]!.content).not.toContain("re-engaging-a-disengaged-report"); // no ids reach the provider
    expect(body.messages.at(-1)!.content).toBe("How do I handle a disengaged report?");
  });

  it.each([500, 429] as const)("a %i before the first token falls back to the built-in coach", async (status) => {
    fake.set({ kind: "status", status });
    const o = opts("How do I handle a disengaged report?");
    const r = await collect(runCoach(o));
    expect(o.engines).toEqual(["builtin"]);
    expect(r.errors).toEqual([]);
    expect(r.text).toContain("**Situation**");
    expect(r.text).toContain("[1]");
  });

  it("a time-out before the first token falls back to the built-in coach", async () => {
    fake.set({ kind: "stall" });
    const o = opts("How do I handle a disengaged report?", 300);
    const r = await collect(runCoach(o));
    expect(o.engines).toEqual(["builtin"]);
    expect(r.text).toContain("**Next steps**");
  });

  it("a stream cut midway keeps what arrived and ends with an error", async () => {
    fake.set({ kind: "cut", chunks: ["First, ", "meet them ", "privately [1]."] });
    const o = opts("How do I handle a disengaged report?");
    const r = await collect(runCoach(o));
    expect(o.engines).toEqual(["openai"]);
    expect(r.text).toBe("First, meet them privately [1].");
    expect(r.errors).toHaveLength(1);
  });
});
