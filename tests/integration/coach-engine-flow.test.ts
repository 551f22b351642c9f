import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { createOpenAI } from "@ai-sdk/openai";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import { listMessages } from "@/lib/coach/conversations";
import { finishReply, historyOf, prepareReply, replyOnce } from "@/lib/coach/reply";
import { runCoach } from "@/lib/coach/engine/run";
import { createContent } from "@/lib/library/content";
import { refreshLibraryEmbeddings } from "@/lib/library/semantic/refresh";
import { createOrg, createUser } from "../support/factories";
import { withVault } from "../support/vault";
import { startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";

// The reply flow on real PostgreSQL: the user message saved, retrieval over the built-in and the
// organisation's library, the engine, the AI message saved with its sources (also what arrived
// of a reply cut midway).

const saved = process.env.COACH_MASTER_KEYS;
let fake: FakeOpenAi;
beforeAll(async () => {
  process.env.COACH_MASTER_KEYS = `k1:${randomBytes(32).toString("base64")}`;
  resetMasterKeyRingForTests();
  fake = await startFakeOpenAi();
});
afterAll(async () => {
  if (saved === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = saved;
  resetMasterKeyRingForTests();
  await fake.close();
});

// Each person signed in with their personal vault open (tests/support/vault.ts).
const ctxOf = (orgId: string, userId: string, role: Role): Promise<AuthContext> => withVault(orgId, userId, role);

async function company() {
  const { orgId } = await createOrg();
  const manager = await createUser(orgId, { role: "manager" });
  const admin = await createUser(orgId, { role: "admin" });
  const employee = await createUser(orgId, { role: "employee" });
  return {
    orgId,
    manager: await ctxOf(orgId, manager.id, "manager"),
    admin: await ctxOf(orgId, admin.id, "admin"),
    employee: await ctxOf(orgId, employee.id, "employee"),
  };
}

describe("Boss Bot reply flow", () => {
  it("answers a disengaged-report question from the library with citations and saves both messages", async () => {
    const c = await company();
    const { prepared, aiMessage, text } = await replyOnce(c.manager, {
      message: "How do I handle a disengaged report who has stopped contributing?",
    });
    expect(prepared.sources.length).toBeGreaterThan(0);
    expect(text).toContain("**Situation**");
    expect(text).toContain("[1]");
    const messages = await listMessages(c.manager, prepared.conversation.id);
    expect(messages.map((m) => m.type)).toEqual(["user", "ai"]);
    expect(messages[1]!.id).toBe(aiMessage!.id);
    expect(messages[1]!.content).toBe(text);
    expect(messages[1]!.sources.map((s) => s.id)).toEqual(prepared.sources.map((s) => s.id));
  });

  it("keeps a follow-up on the conversation's subject: the library is searched with the earlier question", async () => {
    const c = await company();
    const first = await replyOnce(c.manager, {
      message: "How do I re-engage a team member who seems disengaged lately?",
    });
    expect(first.prepared.sources[0]?.id).toBe("pw-disengaged-report-reconnect");
    const followUp = "And what if he says everything is fine?";
    const inConversation = await replyOnce(c.manager, {
      message: followUp,
      conversationId: first.prepared.conversation.id,
    });
    expect(inConversation.prepared.sources.map((s) => s.id)).toContain("pw-disengaged-report-reconnect");
    // Asked in a new chat, the same words find nothing on re-engaging anyone.
    const alone = await replyOnce(c.manager, { message: followUp });
    expect(alone.prepared.sources.map((s) => s.id)).not.toContain("pw-disengaged-report-reconnect");
  });

  it("says the library holds nothing on an out-of-scope question", async () => {
    const c = await company();
    const { text, prepared } = await replyOnce(c.manager, { message: "How do I file my taxes?" });
    expect(prepared.sources).toEqual([]);
    expect(text).toMatch(/library holds nothing on this question/);
  });

  it("grounds answers in the organisation's own items", async () => {
    const c = await company();
    await createContent(c.admin, {
      title: "Zephyrine onboarding buddy programme",
      content: "Every new starter gets a Zephyrine buddy for the first ninety days. The buddy meets them weekly.",
      contentType: "methodology",
      category: "team_building",
      tags: ["zephyrine", "onboarding"],
      priority: 5,
    });
    // What the library-embed job does after a save (it runs in the app's worker).
    await refreshLibraryEmbeddings(c.admin.orgId);
    const { prepared, text } = await replyOnce(c.manager, {
      message: "How does the Zephyrine buddy programme work for onboarding?",
    });
    expect(prepared.sources[0]).toMatchObject({ title: "Zephyrine onboarding buddy programme", source: "org" });
    expect(text).toContain("Every new starter gets a Zephyrine buddy for the first ninety days.");
  });

  it("refuses an employee (no coach.use) and saves nothing", async () => {
    const c = await company();
    await expect(replyOnce(c.employee, { message: "How do I handle a disengaged report?" })).rejects.toMatchObject({
      kind: "forbidden",
    });
  });

  it("OpenAI path: the streamed answer is saved; a cut midway keeps what arrived", async () => {
    const c = await company();
    const model = createOpenAI({ baseURL: fake.baseURL, apiKey: "k" }).chat("fake");
    const config = { baseURL: fake.baseURL, apiKey: "k", model: "fake", timeoutMs: 5000 };

    fake.set({ kind: "stream", chunks: ["Meet them ", "privately [1] ", "and listen [9]."] });
    const p1 = await prepareReply(c.manager, { message: "How do I handle a disengaged report?" });
    let t1 = "";
    for await (const ev of runCoach({ ...p1.run, ai: { config, model } })) if (ev.type === "delta") t1 += ev.text;
    await finishReply(c.manager, p1, t1);
    expect(t1).toBe("Meet them privately [1] and listen.");

    fake.set({ kind: "cut", chunks: ["First, ", "ask how they are."] });
    const p2 = await prepareReply(c.manager, {
      message: "What do I say to a disengaged report?",
      conversationId: p1.conversation.id,
    });
    let t2 = "";
    const errors: string[] = [];
    for await (const ev of runCoach({ ...p2.run, ai: { config, model } })) {
      if (ev.type === "delta") t2 += ev.text;
      else errors.push(ev.message);
    }
    await finishReply(c.manager, p2, t2);
    expect(errors).toHaveLength(1);
    // The model was given the earlier turn of the conversation before the new question.
    const sent = z
      .object({ messages: z.array(z.object({ role: z.string(), content: z.unknown() })) })
      .parse(fake.requests.at(-1));
    expect(sent.messages.slice(1).map((m) => [m.role, m.content])).toEqual([
      ["user", "How do I handle a disengaged report?"],
      ["assistant", "Meet them privately [1] and listen."],
      ["user", "What do I say to a disengaged report?"],
    ]);

    const messages = await listMessages(c.manager, p1.conversation.id);
    expect(messages.map((m) => [m.type, m.content])).toEqual([
      ["user", "How do I handle a disengaged report?"],
      ["ai", "Meet them privately [1] and listen."],
      ["user", "What do I say to a disengaged report?"],
      ["ai", "First, ask how they are."],
    ]);
  });

  it("gives the model the newest turns within the budget, starting with a question", () => {
    const m = (type: "user" | "ai", content: string) => ({
      id: content,
      conversationId: "c",
      type,
      content,
      sources: [],
      createdAt: "",
    });
    const all = [
      m("user", "q1".padEnd(50, ".")),
      m("ai", "a1".padEnd(50, ".")),
      m("user", "q2".padEnd(50, ".")),
      m("ai", "a2".padEnd(50, ".")),
    ];
    expect(historyOf(all).map((x) => x.role)).toEqual(["user", "assistant", "user", "assistant"]);
    // 120 characters hold the last two messages; 60 hold only a reply, which is dropped because a
    // conversation sent to a model starts with a question.
    expect(historyOf(all, 120).map((x) => x.content)).toEqual([all[2]!.content, all[3]!.content]);
    expect(historyOf(all, 60)).toEqual([]);
  });
});
