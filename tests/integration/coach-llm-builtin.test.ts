// The same reply routes as coach-llm.test.ts with no endpoint configured (no AI_* variables): the
// built-in coach answers on its own, from the library, citing a source the response lists. A file
// of its own because env() caches its first read of the environment.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomBytes } from "node:crypto";
import { currentSession } from "@/lib/auth/current-session";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import { listMessages } from "@/lib/coach/conversations";
import { citedNumbers } from "@/lib/coach/engine/citations";
import { company } from "../support/one-on-one";
import { chatReply, streamReply, type CoachPerson } from "../support/coach-routes";

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
beforeEach(() => vi.mocked(currentSession).mockReset());

const saved = process.env.COACH_MASTER_KEYS;
beforeAll(() => {
  process.env.COACH_MASTER_KEYS = `k1:${randomBytes(32).toString("base64")}`;
  resetMasterKeyRingForTests();
});
afterAll(() => {
  if (saved === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = saved;
  resetMasterKeyRingForTests();
});

const QUESTION = "My report Sam has stopped contributing in meetings and seems checked out. How do I re-engage him?";

async function manager(): Promise<CoachPerson> {
  const c = await company({ reporting: "pair" });
  return { as: c.manager, subdomain: c.subdomain };
}

/** Every [n] the answer cites is a source the response lists, and it cites at least one. */
function expectCitesListedSources(text: string, sourceCount: number) {
  const cited = citedNumbers(text);
  expect(cited.length).toBeGreaterThan(0);
  for (const n of cited) expect(n).toBeLessThanOrEqual(sourceCount);
}

describe("Boss Bot's built-in coach through the routes, no endpoint configured", () => {
  it("POST /api/ai-coach/chat answers from the library, citing a listed source", async () => {
    for (const k of ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"]) expect(process.env[k]).toBeUndefined();
    const p = await manager();
    const r = await chatReply(p, { message: QUESTION });
    expect(r.body.sources.length).toBeGreaterThan(0);
    expect(r.body.response).toContain("**Situation**");
    expect(r.body.response).toContain("Sam");
    expectCitesListedSources(r.body.response, r.body.sources.length);
    const messages = await listMessages(p.as, r.body.conversationId);
    expect(messages.map((m) => [m.type, m.content])).toEqual([
      ["user", QUESTION],
      ["ai", r.body.response],
    ]);
  });

  it("POST /api/ai-coach/stream streams the same kind of answer and finishes cleanly", async () => {
    const p = await manager();
    const s = await streamReply(p, { message: QUESTION });
    expect(s.status).toBe(200);
    expect(s.errors).toEqual([]);
    expect(s.finished).toBe(true);
    expect(s.sources.length).toBeGreaterThan(0);
    expect(s.deltas.length).toBeGreaterThan(20); // word-sized pieces, not one block
    expect(s.text).toContain("**Next steps**");
    expectCitesListedSources(s.text, s.sources.length);
    const messages = await listMessages(p.as, s.conversationId!);
    expect(messages.at(-1)).toMatchObject({ type: "ai", content: s.text });
  });
});
