import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import { submitPrepForm } from "@/lib/one-on-one/prep-forms";
import { createActionItem } from "@/lib/one-on-one/action-items";
import { loadMeetingContext, meetingQuery } from "@/lib/coach/meeting-context-load";
import { meetingContextSchema } from "@/lib/coach/meeting-context";
import { isGenericMeetingQuestion, replyQuery } from "@/lib/coach/reply";
import { POST as chatPost } from "@/app/api/ai-coach/chat/route";
import { POST as streamPost } from "@/app/api/ai-coach/stream/route";
import { call, company as makeCompany, DAY, meeting, type Route } from "../support/one-on-one";
import { ownerClient } from "../support/owner-client";

// Boss Bot opened from a 1:1 review (POST /api/ai-coach/chat and /stream with a 1:1 context): the
// meeting is read from the database for its manager only, its prep form reaches the answer in
// words (no id, timestamp or field name), what the browser sends besides the meeting's id is
// ignored, and any other meeting id is refused before anything is stored or counted.

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
beforeEach(() => vi.mocked(currentSession).mockReset());

const owner = ownerClient();
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

const BLANK = {
  wins: "",
  challenges: "",
  goals: "",
  feedback: "",
  workloadConcerns: "",
  careerDevelopment: "",
  teamDynamics: "",
  additionalNotes: "",
};
const EARLIER = {
  ...BLANK,
  mood: 3,
  stressLevel: 3,
  wins: "Closed the onboarding tickets.",
  challenges: "Waiting on design reviews.",
  goals: "Ship the first draft.",
};
const LATEST = {
  mood: 2,
  stressLevel: 5,
  wins: "Shipped the quarterly report for the finance team.",
  challenges: "Three urgent escalations landed on me this week.",
  goals: "Hand over on-call and plan next quarter.",
  feedback: "It would help to know earlier when deadlines move.",
  workloadConcerns: "Escalations and on-call at the same time leave no time for planned work.",
  careerDevelopment: "Could we talk about the tech lead role?",
  teamDynamics: "Hand-offs with support got tense.",
  additionalNotes: "",
};
const OPEN_ITEM = "Write up the career path for senior engineers";

/** A manager and Dana with an earlier held 1:1 (its form submitted) and the next one (its form
 * submitted, an action item still open from the earlier meeting). */
async function setUp() {
  const c = await makeCompany({ employeeName: "Dana", reporting: "pair" });
  const earlier = await meeting(c.manager, c.employee.userId, { at: new Date(Date.now() - 7 * DAY) });
  await submitPrepForm(c.employee, { meetingId: earlier, ...EARLIER });
  await createActionItem(c.manager, earlier, { text: OPEN_ITEM, ownerId: c.manager.userId, dueDate: "2026-12-04" });
  await withOrg(
    c.orgId,
    (tx) =>
      tx.meeting.update({
        where: { organizationId_id: { organizationId: c.orgId, id: earlier } },
        data: { status: "completed" },
      }),
    { userId: c.manager.userId },
  );
  const next = await meeting(c.manager, c.employee.userId, { at: new Date(Date.now() + 2 * DAY) });
  await submitPrepForm(c.employee, { meetingId: next, ...LATEST });
  return { ...c, earlier, next };
}

const context = (meetingId: string, data: unknown = {}) => ({ type: "1on1_prep_analysis" as const, meetingId, data });

async function chat(as: AuthContext, subdomain: string, body: unknown) {
  return call(chatPost as Route, as, subdomain, "POST", "/api/ai-coach/chat", body);
}

/** The streamed answer's text (the text deltas of the UI message stream). */
async function streamText(res: Response): Promise<string> {
  const raw = await res.text();
  let text = "";
  for (const line of raw.split("\n")) {
    if (!line.startsWith("data: ")) continue;
    try {
      const ev = JSON.parse(line.slice(6)) as { type?: string; delta?: string };
      if (ev.type === "text-delta" && ev.delta) text += ev.delta;
    } catch {
      // "[DONE]"
    }
  }
  return text;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const ISO = /\d{4}-\d{2}-\d{2}T/;
const FIELD_NAMES =
  /\b(?:employeeName|employeeFirstName|meetingId|scheduledAt|workloadConcerns|careerDevelopment|teamDynamics|additionalNotes|stressLevel|prepForm|openActions|submittedAt)\b|\bwins:/;

function expectClean(answer: string) {
  expect(answer).not.toMatch(UUID);
  expect(answer).not.toMatch(ISO);
  expect(answer).not.toMatch(FIELD_NAMES);
}

/** One of Dana's own points from the latest form, in the answer. */
const PREP_POINTS = [
  /three urgent escalations/i,
  /quarterly report/i,
  /escalations and on-call/i,
  /tech lead role/i,
  /deadlines move/i,
  /hand-offs with support/i,
];
const namesAPrepPoint = (answer: string) => PREP_POINTS.some((p) => p.test(answer));

async function stored(orgId: string, userId: string) {
  const conversations = await owner().query<{ n: number }>(
    'SELECT count(*)::int AS n FROM "ChatConversation" WHERE "organizationId" = $1',
    [orgId],
  );
  const messages = await owner().query<{ n: number }>(
    'SELECT count(*)::int AS n FROM "ChatMessage" WHERE "organizationId" = $1',
    [orgId],
  );
  const hits = await owner().query<{ hits: number }>('SELECT hits FROM "RateLimit" WHERE name = $1 AND key = $2', [
    "coachMessage",
    `user|${orgId}|${userId}`,
  ]);
  return { conversations: conversations.rows[0]!.n, messages: messages.rows[0]!.n, counted: hits.rows[0]?.hits ?? 0 };
}

describe("the 1:1 context, loaded on the server", () => {
  it("holds the prep form with its trend, the open items and the suggestions, in words", async () => {
    const c = await setUp();
    const mc = await loadMeetingContext(c.manager, c.next.toUpperCase());
    expect(meetingContextSchema.parse(mc)).toEqual(mc);
    expect(mc.employeeFirstName).toBe("Dana");
    expect(mc.past).toBe(false);
    expect(mc.when).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} [A-Z][a-z]+$/);
    expect(mc.prep).toMatchObject({
      mood: 2,
      stress: 5,
      previousMood: 3,
      previousStress: 3,
      moodTrend: "down",
      stressTrend: "up",
      workload: LATEST.workloadConcerns,
    });
    expect(mc.openActions).toEqual([{ text: OPEN_ITEM, owner: "manager", due: "Friday 4 December" }]);
    expect(mc.suggestions.length).toBeGreaterThan(0);
    expect(JSON.stringify(mc)).not.toMatch(UUID);
    expect(JSON.stringify(mc)).not.toMatch(ISO);
    // The earlier meeting has no earlier form: no trend.
    const first = await loadMeetingContext(c.manager, c.earlier);
    expect(first.prep).toMatchObject({ previousMood: null, moodTrend: null, stressTrend: null });
    expect(first.past).toBe(true);
  });

  it("is searched with the employee's challenges, workload, strain and the top suggestions for a question about the meeting only", async () => {
    const c = await setUp();
    const mc = await loadMeetingContext(c.manager, c.next);
    const q = meetingQuery(mc);
    expect(q).toContain(LATEST.challenges);
    expect(q).toContain(LATEST.workloadConcerns);
    expect(q).toContain(LATEST.teamDynamics);
    expect(q).toMatch(/stressed and overwhelmed/);
    expect(q).toMatch(/mood is low/);
    expect(q).toContain(mc.suggestions[0]!.title);
    expect(isGenericMeetingQuestion("Help me prepare for my 1:1 with Dana.", mc)).toBe(true);
    expect(isGenericMeetingQuestion("How should I approach this 1:1?", mc)).toBe(true);
    expect(isGenericMeetingQuestion("How do I give feedback on missed deadlines?", mc)).toBe(false);
    expect(replyQuery("help me prepare", [], mc)).toContain(LATEST.challenges);
    // A follow-up of the opening question stays on the meeting; a question of its own does not.
    expect(replyQuery("And what if she says it is fine?", ["Help me prepare for my 1:1 with Dana."], mc)).toContain(
      LATEST.workloadConcerns,
    );
    expect(
      replyQuery("How do I give feedback on missed deadlines?", ["Help me prepare for my 1:1 with Dana."], mc),
    ).toBe("How do I give feedback on missed deadlines?");
    expect(replyQuery("help me prepare", [], null)).toBe("help me prepare");
  });
});

describe("POST /api/ai-coach/chat and /stream with a 1:1 context", () => {
  it("answers about Dana from her prep form, with no id, timestamp or field name, and ignores the browser's data", async () => {
    const c = await setUp();
    // The browser's data names someone else and carries ids and field names: none of it may be read.
    const forged = {
      meeting: { id: c.next, employeeName: "Zebulon Fakename", scheduledAt: new Date().toISOString() },
      prepForm: { wins: "Zebulon won the lottery" },
    };
    const res = await chat(c.manager, c.subdomain, {
      message: "Help me prepare for my 1:1 with Dana.",
      context: context(c.next, forged),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { response: string; conversationId: string };
    expect(body.response).toContain("Dana");
    expect(namesAPrepPoint(body.response)).toBe(true);
    expect(body.response).not.toMatch(/Zebulon|lottery/);
    expectClean(body.response);

    // A follow-up in the conversation, with the context again as the browser sends it (the meeting's
    // id only), stays on the meeting.
    const follow = await chat(c.manager, c.subdomain, {
      message: "And what if she says everything is fine?",
      conversationId: body.conversationId,
      context: { type: "1on1_prep_analysis", meetingId: c.next },
    });
    expect(follow.status).toBe(200);
    const followText = ((await follow.json()) as { response: string }).response;
    expect(followText).toContain("Dana");
    expectClean(followText);
  });

  it("streams the same kind of answer for a generic question (the employee named by the meeting, not the question)", async () => {
    const c = await setUp();
    const res = await call(streamPost as Route, c.manager, c.subdomain, "POST", "/api/ai-coach/stream", {
      message: "How should I approach this 1:1?",
      context: context(c.next, "Zebulon"),
    });
    expect(res.status).toBe(200);
    const answer = await streamText(res);
    expect(answer).toContain("Dana");
    expect(namesAPrepPoint(answer)).toBe(true);
    expect(answer).not.toContain("Zebulon");
    expectClean(answer);
  });

  it("refuses another manager's meeting, another organisation's, an unknown id and a non-UUID with 404, storing and counting nothing", async () => {
    const c = await setUp();
    const other = await setUp();
    const othersMeeting = await meeting(c.otherManager, c.otherEmployee.userId);
    const ids = [othersMeeting, other.next, randomUUID(), "not-a-uuid", "1"];
    const before = await stored(c.orgId, c.manager.userId);
    for (const id of ids) {
      for (const [route, path] of [
        [chatPost, "/api/ai-coach/chat"],
        [streamPost, "/api/ai-coach/stream"],
      ] as const) {
        const res = await call(route as Route, c.manager, c.subdomain, "POST", path, {
          message: "Help me prepare for my 1:1.",
          context: context(id),
        });
        expect(res.status, `${path} ${id}`).toBe(404);
        const problem = (await res.json()) as { code: string };
        expect(problem.code).toBe("not_found");
      }
    }
    // The meeting's employee is no more its manager than anyone else (a manager too, here).
    const employeeAsManager: AuthContext = { ...c.employee, role: "manager" };
    const asEmployee = await chat(employeeAsManager, c.subdomain, {
      message: "Help me prepare for my 1:1.",
      context: context(c.next),
    });
    expect(asEmployee.status).toBe(404);
    expect(await stored(c.orgId, c.manager.userId)).toEqual(before);
    expect(await stored(c.orgId, c.employee.userId)).toMatchObject({ counted: 0 });
    expect(before).toEqual({ conversations: 0, messages: 0, counted: 0 });

    // In an existing conversation too: nothing is added to it.
    const ok = await chat(c.manager, c.subdomain, { message: "How do I run a good 1:1?" });
    const { conversationId } = (await ok.json()) as { conversationId: string };
    const mid = await stored(c.orgId, c.manager.userId);
    const refused = await chat(c.manager, c.subdomain, {
      message: "And then?",
      conversationId,
      context: context(othersMeeting),
    });
    expect(refused.status).toBe(404);
    expect(await stored(c.orgId, c.manager.userId)).toEqual(mid);
  });
});
