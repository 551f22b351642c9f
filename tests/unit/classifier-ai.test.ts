import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeWithModel, type ClassifierAiConfig } from "@/lib/library/classifier/ai";
import { analyzeForAdmin } from "@/lib/library/classifier/analyze";
import { analyzeContent } from "@/lib/library/classifier";
import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { startFakeOpenAi, type FakeOpenAi } from "@/tests/support/fake-openai";

const TEXT =
  '# Giving hard feedback\nWhen a report\'s behaviour upsets colleagues, say so early and with examples: "I need to talk about how you spoke to Sam yesterday."';
const MODEL_ANSWER = {
  title: "Hard feedback, kindly",
  contentType: "framework",
  category: "communication",
  tags: ["Feedback", "examples", "feedback"],
  priority: 5,
};

let fake: FakeOpenAi;
let config: ClassifierAiConfig;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  config = { baseURL: fake.baseURL, apiKey: "test-key", model: "fake-model", timeoutMs: 2_000 };
});
afterAll(() => fake.close());

describe("analyzeWithModel", () => {
  it("uses the model's valid JSON (in a code fence too), tags lower-cased and deduplicated", async () => {
    fake.set({ kind: "reply", content: "```json\n" + JSON.stringify(MODEL_ANSWER) + "\n```" });
    const before = fake.requests.length;
    const r = await analyzeWithModel(TEXT, config);
    expect(r).toEqual({ ...MODEL_ANSWER, tags: ["feedback", "examples"], source: "model" });
    expect(fake.requests.length).toBe(before + 1);
    const sent = fake.requests.at(-1) as { model: string; messages: { role: string; content: string }[] };
    expect(sent.model).toBe("fake-model");
    expect(sent.messages.some((m) => m.role === "user" && m.content.includes("Giving hard feedback"))).toBe(true);
  });

  it.each([
    ["text that is not JSON", { kind: "reply", content: "Sure! This is about feedback." }],
    ["JSON outside the schema", { kind: "reply", content: JSON.stringify({ ...MODEL_ANSWER, category: "astrology" }) }],
    ["a 500", { kind: "status", status: 500 }],
    ["a 429", { kind: "status", status: 429 }],
    ["a time-out", { kind: "stall" }],
  ] as const)("falls back to the offline classifier on %s", async (_, behaviour) => {
    fake.set(behaviour);
    const r = await analyzeWithModel(TEXT, { ...config, timeoutMs: behaviour.kind === "stall" ? 300 : 2_000 });
    expect(r).toEqual({ ...analyzeContent(TEXT), source: "offline" });
  });

  it("answers offline without calling anything when no endpoint is configured", async () => {
    const before = fake.requests.length;
    expect(await analyzeWithModel(TEXT, null)).toEqual({ ...analyzeContent(TEXT), source: "offline" });
    expect(fake.requests.length).toBe(before);
  });
});

describe("analyzeForAdmin", () => {
  const ctx = (role: AuthContext["role"]): AuthContext => ({
    orgId: "00000000-0000-4000-8000-000000000001",
    userId: "00000000-0000-4000-8000-000000000002",
    role,
    sessionId: "s",
  });

  it("lets admins analyze and answers only the five fields", async () => {
    fake.set({ kind: "reply", content: JSON.stringify(MODEL_ANSWER) });
    expect(await analyzeForAdmin(ctx("admin"), TEXT, config)).toEqual({
      ...MODEL_ANSWER,
      tags: ["feedback", "examples"],
    });
    expect(await analyzeForAdmin(ctx("admin"), TEXT, null)).toEqual(analyzeContent(TEXT));
  });

  it.each(["manager", "employee"] as const)("refuses a %s with forbidden before calling the model", async (role) => {
    const before = fake.requests.length;
    const err = await analyzeForAdmin(ctx(role), TEXT, config).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).kind).toBe("forbidden");
    expect(fake.requests.length).toBe(before);
  });
});
