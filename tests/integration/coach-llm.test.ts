// Boss Bot's OpenAI-compatible path end to end: the routes POST /api/ai-coach/chat and
// /api/ai-coach/stream, configured through the environment (AI_BASE_URL, AI_API_KEY, AI_MODEL,
// AI_TIMEOUT_MS) as a deployment configures them, with `@ai-sdk/openai`'s real client talking HTTP
// to the stand-in of tests/support/fake-openai.ts. What the tests read back is what the stand-in
// received (the prompt) and what the routes answered and saved. env() caches its first read, so
// the configuration is set in beforeAll, before any call into the product; the built-in engine's
// side (no endpoint at all) is coach-llm-builtin.test.ts.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { currentSession } from "@/lib/auth/current-session";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import { listMessages } from "@/lib/coach/conversations";
import { submitPrepForm } from "@/lib/one-on-one/prep-forms";
import { prepFormSubmitBodySchema } from "@/lib/one-on-one/prep-form";
import { POST as chatRoute } from "@/app/api/ai-coach/chat/route";
import { call, company, meeting, type Route } from "../support/one-on-one";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { chatReply, streamReply, type CoachPerson } from "../support/coach-routes";

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
beforeEach(() => vi.mocked(currentSession).mockReset());

const TIMEOUT_MS = 1500;
const saved = { ...process.env };
let fake: FakeOpenAi;
beforeAll(async () => {
  process.env.COACH_MASTER_KEYS = `k1:${randomBytes(32).toString("base64")}`;
  resetMasterKeyRingForTests();
  fake = await startFakeOpenAi();
  Object.assign(process.env, {
    AI_BASE_URL: fake.baseURL,
    AI_API_KEY: "test-key",
    AI_MODEL: "fake-model",
    AI_TIMEOUT_MS: String(TIMEOUT_MS),
  });
});
afterAll(async () => {
  for (const k of ["COACH_MASTER_KEYS", "AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_TIMEOUT_MS"]) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  resetMasterKeyRingForTests();
  await fake.close();
});

const QUESTION = "How do I handle a disengaged report who has stopped contributing?";
const lastChat = () => fake.chats().at(-1)!;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function manager(): Promise<CoachPerson> {
  const c = await company({ reporting: "pair" });
  return { as: c.manager, subdomain: c.subdomain };
}

/** The AI message saved last in a conversation. */
async function savedReply(p: CoachPerson, conversationId: string): Promise<string> {
  const messages = await listMessages(p.as, conversationId);
  expect(messages.at(-1)?.type).toBe("ai");
  return messages.at(-1)!.content;
}

describe("Boss Bot with an OpenAI-compatible endpoint, through the routes", () => {
  it("sends the retrieved library items to the model, numbered in the order of the sources, and answers with its text", async () => {
    const p = await manager();
    fake.set({ kind: "text", text: "Start with a private conversation [1]." });
    const r = await chatReply(p, { message: QUESTION });
    expect(r.status).toBe(200);
    expect(r.body.sources.length).toBeGreaterThan(0);
    expect(r.body.response).toBe("Start with a private conversation [1].");
    const sent = lastChat();
    expect(sent).toMatchObject({ model: "fake-model", stream: true });
    expect(sent.messages.at(-1)).toEqual({ role: "user", content: QUESTION });
    // Every source the response lists is in the system message under its number, in order.
    let from = 0;
    r.body.sources.forEach((s, i) => {
      const at = sent.system.slice(from).search(new RegExp(`\\[${i + 1}\\][^\\n]{0,40}${escape(s.title)}`));
      expect(at, `source [${i + 1}] "${s.title}" in the system message`).toBeGreaterThanOrEqual(0);
      from += at + 1;
    });
    expect(await savedReply(p, r.body.conversationId)).toBe("Start with a private conversation [1].");
  });

  it("drops citations of numbers it was not given, in the stream and in the saved reply", async () => {
    const p = await manager();
    // [1] is a listed source; [9] is not (a reply is grounded in at most four items).
    const answer = "Meet them privately [1]. Research says this works [9]. Agree one next step [1, 9].";
    const kept = "Meet them privately [1]. Research says this works. Agree one next step [1].";
    fake.set({ kind: "text", text: answer });
    const once = await chatReply(p, { message: QUESTION });
    expect(once.body.sources.length).toBeGreaterThanOrEqual(1);
    expect(once.body.sources.length).toBeLessThan(9);
    expect(once.body.response).toBe(kept);
    expect(await savedReply(p, once.body.conversationId)).toBe(kept);

    const streamed = await streamReply(p, { message: QUESTION });
    expect(streamed.status).toBe(200);
    expect(streamed.text).toBe(kept);
    expect(streamed.deltas.length).toBeGreaterThan(3); // streamed as it came, not in one piece
    expect(streamed.errors).toEqual([]);
    expect(streamed.sources.map((x) => x.id)).toEqual(once.body.sources.map((x) => x.id));
    expect(await savedReply(p, streamed.conversationId!)).toBe(kept);
  });

  it.each([
    ["an HTTP 500", { kind: "status", status: 500 }],
    ["an HTTP 429", { kind: "status", status: 429 }],
    [`a stall past AI_TIMEOUT_MS (${TIMEOUT_MS} ms)`, { kind: "stall" }],
  ] as const)("falls back to the built-in coach on %s before the first token", async (_, behaviour) => {
    const p = await manager();
    fake.set(behaviour);
    const before = fake.chats().length;
    const r = await chatReply(p, { message: QUESTION });
    expect(r.status).toBe(200);
    expect(fake.chats().length).toBe(before + 1); // the endpoint was asked, once (no retries)
    expect(r.body.response).toContain("**Situation**");
    expect(r.body.response).toMatch(/\[1\]/);
    expect(await savedReply(p, r.body.conversationId)).toBe(r.body.response);

    const s = await streamReply(p, { message: QUESTION });
    expect(s.status).toBe(200);
    expect(s.errors).toEqual([]);
    expect(s.text).toContain("**Situation**");
    expect(s.text).toContain("**Next steps**");
    expect(s.finished).toBe(true);
  });

  it("keeps what arrived when the stream is cut after some tokens, and reports the error event", async () => {
    const p = await manager();
    fake.set({ kind: "cut", chunks: ["First, ask how they ", "are doing [1]. ", "Then listen"] });
    const s = await streamReply(p, { message: QUESTION });
    expect(s.status).toBe(200);
    expect(s.text).toBe("First, ask how they are doing [1]. Then listen");
    expect(s.errors).toEqual(["The reply was interrupted. What arrived is kept."]);
    expect(s.finished).toBe(false);
    expect(await savedReply(p, s.conversationId!)).toBe("First, ask how they are doing [1]. Then listen");
    // The plain route answers with what arrived as well (it has no error channel).
    const r = await chatReply(p, { message: QUESTION });
    expect(r.status).toBe(200);
    expect(r.body.response).toBe("First, ask how they are doing [1]. Then listen");
    expect(r.body.response).not.toContain("**Situation**");
  });

  it("gives the model the conversation so far with a second message", async () => {
    const p = await manager();
    fake.once(
      { kind: "text", text: "Ask what changed for them [1]." },
      { kind: "text", text: "Then agree one small goal [1]." },
    );
    const first = await chatReply(p, { message: QUESTION });
    const second = await streamReply(p, {
      message: "And what if he says everything is fine?",
      conversationId: first.body.conversationId,
    });
    expect(second.text).toBe("Then agree one small goal [1].");
    expect(lastChat().messages.filter((m) => m.role !== "system")).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: "Ask what changed for them [1]." },
      { role: "user", content: "And what if he says everything is fine?" },
    ]);
    const messages = await listMessages(p.as, first.body.conversationId);
    expect(messages.map((m) => m.content)).toEqual([
      QUESTION,
      "Ask what changed for them [1].",
      "And what if he says everything is fine?",
      "Then agree one small goal [1].",
    ]);
  });

  it("hands a 1:1 to the model in words: the employee's name and their prep form, no id, timestamp or field name", async () => {
    const c = await company({ reporting: "pair", employeeName: "Dana" });
    const p: CoachPerson = { as: c.manager, subdomain: c.subdomain };
    const meetingId = await meeting(c.manager, c.employee.userId);
    const challenge = "The release checklist keeps slipping because every review waits on me";
    await submitPrepForm(
      c.employee,
      prepFormSubmitBodySchema.parse({
        meetingId,
        wins: "Shipped the billing export",
        challenges: challenge,
        workloadConcerns: "Too many on-call weeks in a row",
        mood: 2,
        stressLevel: 4,
      }),
    );
    fake.set({ kind: "text", text: "Ask Dana about the release checklist [1]." });
    // What the browser sends besides the meeting's id is ignored: the server reads the meeting.
    const planted = {
      employeeName: "Mallory",
      meetingId,
      submittedAt: new Date().toISOString(),
      challenges: "planted text",
    };
    const r = await chatReply(p, {
      message: "Help me prepare for my 1:1 with Dana",
      context: { type: "1on1_prep_analysis", meetingId, data: planted },
    });
    expect(r.status).toBe(200);
    const system = lastChat().system;
    expect(system).toContain("Dana");
    expect(system).toContain(challenge);
    expect(system).not.toContain("Mallory");
    expect(system).not.toContain("planted text");
    expect(system).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(system).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    expect(system.match(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g) ?? []).toEqual([]);
    expect(r.body.response).toBe("Ask Dana about the release checklist [1].");
  });

  it("refuses the 1:1 hand-off for a meeting that is not the signed-in manager's, and asks the model nothing", async () => {
    const c = await company({ reporting: "both" });
    const theirs = await meeting(c.otherManager, c.otherEmployee.userId);
    const before = fake.chats().length;
    const res = await call(chatRoute as Route, c.manager, c.subdomain, "POST", "/api/ai-coach/chat", {
      message: "Help me prepare for this 1:1",
      context: { type: "1on1_prep_analysis", meetingId: theirs, data: {} },
    });
    expect(res.status).toBe(404);
    expect(fake.chats().length).toBe(before);
  });
});
