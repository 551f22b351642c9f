import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomBytes, randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import type { VaultPerson } from "../support/vault";
import {
  addTalkingPoint,
  deleteAgendaItem,
  listAgenda,
  reorderAgenda,
  updateAgendaItem,
} from "@/lib/one-on-one/agenda";
import {
  actionItemsForMeeting,
  createActionItem,
  deleteActionItem,
  listActionItems,
  updateActionItem,
} from "@/lib/one-on-one/action-items";
import { getPrivateNote, readPrivateNote, savePrivateNote } from "@/lib/one-on-one/private-notes";
import { managerSuggestions, setSuggestionReview, visibleTeamTrends } from "@/lib/one-on-one/manager-suggestions";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { round1OrNull } from "@/lib/analytics/scores";
import { bossBotContext } from "@/lib/one-on-one/boss-bot-context";
import { loadMeetingForUser } from "@/lib/one-on-one/access";
import { actionItemInputSchema, agendaOrderSchema, talkingPointInputSchema } from "@/lib/one-on-one/notes-schemas";
import { GET as noteGet, PUT as notePut } from "@/app/api/meetings/one-on-one/[meetingId]/private-note/route";
import { POST as agendaPost } from "@/app/api/meetings/one-on-one/[meetingId]/agenda/route";
import { PATCH as agendaPatch } from "@/app/api/meetings/one-on-one/[meetingId]/agenda/[itemId]/route";
import { PUT as orderPut } from "@/app/api/meetings/one-on-one/[meetingId]/agenda/order/route";
import { POST as actionPost } from "@/app/api/meetings/one-on-one/[meetingId]/action-items/route";
import { PATCH as actionPatch } from "@/app/api/meetings/one-on-one/[meetingId]/action-items/[itemId]/route";
import { GET as suggestionsGet } from "@/app/api/one-on-one/manager-suggestions/[meetingId]/route";
import { GET as bossBotGet } from "@/app/api/one-on-one/boss-bot-context/[meetingId]/route";
import { PUT as reviewsPut } from "@/app/api/meetings/one-on-one/[meetingId]/suggestion-reviews/route";
import { createOrg } from "../support/factories";
import { call, company as makeCompany, DAY, meeting, refusal, type Route } from "../support/one-on-one";
import { ownerClient } from "../support/owner-client";
import { status } from "../support/status";

// Agenda, action items (with carry-over), private notes (encrypted at rest, author only) and the
// manager's suggestions. Meetings are inserted directly, as their manager, so these
// tests do not depend on scheduling.

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

const owner = ownerClient();
const saved = process.env.COACH_MASTER_KEYS;
beforeAll(() => {
  process.env.COACH_MASTER_KEYS = `note1:${randomBytes(32).toString("base64")}`;
  resetMasterKeyRingForTests();
});
afterAll(() => {
  if (saved === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = saved;
  resetMasterKeyRingForTests();
});

/** The manager, their report "Jordan" (no reporting line set: these tests insert meetings directly), outsiders. */
const company = () => makeCompany({ employeeName: "Jordan", reporting: "none" });

async function setStatus(manager: AuthContext, meetingId: string, s: "scheduled" | "completed" | "cancelled") {
  await withOrg(
    manager.orgId,
    (tx) =>
      tx.meeting.update({
        where: { organizationId_id: { organizationId: manager.orgId, id: meetingId } },
        data: { status: s },
      }),
    {
      userId: manager.userId,
    },
  );
}

const tp = (text: string) => talkingPointInputSchema.parse({ text });
const ai = (text: string, ownerId: string, dueDate?: string) =>
  actionItemInputSchema.parse({ text, ownerId, ...(dueDate ? { dueDate } : {}) });

describe("agenda", () => {
  it("either person adds talking points at the end, ticks anything, edits and deletes only their own", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId, {
      questions: ["How was your week?", "What is blocking you?"],
    });
    const mine = await addTalkingPoint(c.employee, m, tp("  Conference budget  "));
    const his = await addTalkingPoint(c.manager, m, tp("Team offsite"));
    expect(mine).toMatchObject({
      kind: "talking_point",
      text: "Conference budget",
      position: 2,
      authorId: c.employee.userId,
      done: false,
    });
    expect(his.position).toBe(3);
    const agenda = await listAgenda(c.manager, m);
    expect(agenda.map((i) => i.text)).toEqual([
      "How was your week?",
      "What is blocking you?",
      "Conference budget",
      "Team offsite",
    ]);

    expect((await updateAgendaItem(c.employee, m, his.id, { done: true })).done).toBe(true);
    expect((await updateAgendaItem(c.manager, m, agenda[0]!.id, { done: true })).done).toBe(true);
    expect((await updateAgendaItem(c.manager, m, his.id, { done: false })).done).toBe(false);
    expect((await updateAgendaItem(c.employee, m, mine.id, { text: "Conference budget 2027" })).text).toBe(
      "Conference budget 2027",
    );
    expect(await refusal(updateAgendaItem(c.employee, m, his.id, { text: "Hijacked" }))).toMatchObject({
      status: 403,
      code: "agenda_item_not_yours",
    });
    expect(await refusal(updateAgendaItem(c.manager, m, agenda[0]!.id, { text: "Rewritten question" }))).toMatchObject({
      status: 403,
    });
    expect(await refusal(deleteAgendaItem(c.employee, m, his.id))).toMatchObject({ status: 403 });
    expect(await refusal(deleteAgendaItem(c.manager, m, agenda[0]!.id))).toMatchObject({ status: 403 });
    await deleteAgendaItem(c.manager, m, his.id);
    expect((await listAgenda(c.employee, m)).map((i) => i.text)).toEqual([
      "How was your week?",
      "What is blocking you?",
      "Conference budget 2027",
    ]);
    // An id of another meeting, or no id at all, is not found.
    const other = await meeting(c.manager, c.employee.userId);
    expect(await status(updateAgendaItem(c.manager, other, mine.id, { done: true }))).toBe(404);
    expect(await status(deleteAgendaItem(c.manager, m, "not-a-uuid"))).toBe(404);
  });

  it("reorders only with exactly the meeting's items; either person", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId, { questions: ["Q1", "Q2"] });
    await addTalkingPoint(c.employee, m, tp("T1"));
    const ids = (await listAgenda(c.manager, m)).map((i) => i.id);
    const reversed = await reorderAgenda(c.employee, m, agendaOrderSchema.parse({ itemIds: [...ids].reverse() }));
    expect(reversed.map((i) => [i.text, i.position])).toEqual([
      ["T1", 0],
      ["Q2", 1],
      ["Q1", 2],
    ]);
    for (const bad of [[ids[0], ids[1]], [...ids, ids[0]], [ids[0], ids[1], randomUUID()], []]) {
      const r = await refusal(reorderAgenda(c.manager, m, { itemIds: bad as string[] }));
      expect(r.status).toBe(400);
      expect(r.fields?.itemIds?.[0]).toMatch(/exactly once/);
    }
    // An item of another meeting of the same pair does not fit in.
    const other = await meeting(c.manager, c.employee.userId, { questions: ["Elsewhere"] });
    const foreign = (await listAgenda(c.manager, other))[0]!.id;
    expect(await status(reorderAgenda(c.manager, m, { itemIds: [ids[2]!, ids[1]!, foreign] }))).toBe(400);
    expect((await listAgenda(c.manager, m)).map((i) => i.text)).toEqual(["T1", "Q2", "Q1"]);
  });

  it("is frozen once the meeting is completed or cancelled", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId, { questions: ["Q1"] });
    const t = await addTalkingPoint(c.employee, m, tp("T1"));
    await setStatus(c.manager, m, "completed");
    expect(await refusal(addTalkingPoint(c.employee, m, tp("Late")))).toMatchObject({
      status: 409,
      code: "meeting_not_scheduled",
    });
    expect(await status(updateAgendaItem(c.manager, m, t.id, { done: true }))).toBe(409);
    expect(await status(deleteAgendaItem(c.employee, m, t.id))).toBe(409);
    await setStatus(c.manager, m, "cancelled");
    expect(await refusal(addTalkingPoint(c.manager, m, tp("Late")))).toMatchObject({
      status: 409,
      code: "meeting_cancelled",
    });
  });

  it("answers not found to an admin, another manager, another organisation; bad input is a field message", async () => {
    const c = await company();
    const x = await company();
    const m = await meeting(c.manager, c.employee.userId, { questions: ["Q1"] });
    for (const who of [c.admin, c.otherManager, c.otherEmployee, x.admin]) {
      expect(await status(listAgenda(who, m))).toBe(404);
      expect(await status(addTalkingPoint(who, m, tp("Sneaky")))).toBe(404);
    }
    const long = await call(
      agendaPost as Route,
      c.employee,
      c.subdomain,
      "POST",
      `/api/meetings/one-on-one/${m}/agenda`,
      { text: "x".repeat(301) },
      { meetingId: m },
    );
    expect(long.status).toBe(400);
    expect((await long.json()).fields.text[0]).toMatch(/300/);
    const blank = await call(
      agendaPost as Route,
      c.employee,
      c.subdomain,
      "POST",
      `/api/meetings/one-on-one/${m}/agenda`,
      { text: "   " },
      { meetingId: m },
    );
    expect(blank.status).toBe(400);
    const ok = await call(
      agendaPost as Route,
      c.employee,
      c.subdomain,
      "POST",
      `/api/meetings/one-on-one/${m}/agenda`,
      { text: "Fine" },
      { meetingId: m },
    );
    expect(ok.status).toBe(201);
    const item = await ok.json();
    const admin = await call(
      agendaPatch as Route,
      c.admin,
      c.subdomain,
      "PATCH",
      `/api/meetings/one-on-one/${m}/agenda/${item.id}`,
      { done: true },
      { meetingId: m, itemId: item.id },
    );
    expect(admin.status).toBe(404);
    const order = await call(
      orderPut as Route,
      c.manager,
      c.subdomain,
      "PUT",
      `/api/meetings/one-on-one/${m}/agenda/order`,
      { itemIds: ["nope"] },
      { meetingId: m },
    );
    expect(order.status).toBe(400);
    expect((await listAgenda(c.employee, m)).map((i) => i.done)).toEqual([false, false]);
  });
});

describe("action items", () => {
  it("open items carry over to the pair's later meetings, not to another pair's; completion is recorded where it happened", async () => {
    const c = await company();
    const now = Date.now();
    const first = await meeting(c.manager, c.employee.userId, { at: new Date(now - 14 * DAY), status: "completed" });
    const second = await meeting(c.manager, c.employee.userId, { at: new Date(now - 7 * DAY) });
    const third = await meeting(c.manager, c.employee.userId, { at: new Date(now + 7 * DAY) });
    const otherPair = await meeting(c.manager, c.otherEmployee.userId, { at: new Date(now + 1 * DAY) });

    const a = await createActionItem(c.manager, first, ai("Book the training", c.employee.userId, "2026-12-01"));
    const b = await createActionItem(c.employee, first, ai("Share the draft", c.manager.userId));
    expect(a).toMatchObject({
      text: "Book the training",
      ownerId: c.employee.userId,
      dueDate: "2026-12-01",
      completed: false,
      originMeetingId: first,
      carriedOver: false,
    });

    const inSecond = await listActionItems(c.employee, second);
    expect(inSecond.map((i) => [i.text, i.carriedOver, i.originMeetingId])).toEqual([
      ["Book the training", true, first],
      ["Share the draft", true, first],
    ]);
    expect(new Date(inSecond[0]!.originScheduledAt).getTime()).toBe(now - 14 * DAY);
    expect(await listActionItems(c.manager, otherPair)).toEqual([]);

    // Ticked off in the second meeting: shown there as completed, in the first as created there,
    // no longer in the third.
    const done = await updateActionItem(c.employee, second, a.id, { completed: true });
    expect(done.completed).toBe(true);
    expect(done.completedAt).not.toBeNull();
    const row = await owner().query(`SELECT "completedMeetingId" FROM "MeetingActionItem" WHERE id = $1`, [a.id]);
    expect(row.rows[0].completedMeetingId).toBe(second);
    expect((await listActionItems(c.manager, second)).map((i) => [i.text, i.completed])).toEqual([
      ["Book the training", true],
      ["Share the draft", false],
    ]);
    expect((await listActionItems(c.manager, first)).map((i) => [i.text, i.carriedOver])).toEqual([
      ["Book the training", false],
      ["Share the draft", false],
    ]);
    expect((await listActionItems(c.manager, third)).map((i) => i.text)).toEqual(["Share the draft"]);
    // Through the detail helper too.
    const viaDetail = await withOrg(
      c.orgId,
      async (tx) => actionItemsForMeeting(tx, (await loadMeetingForUser(tx, c.employee, third)).meeting),
      { userId: c.employee.userId },
    );
    expect(viaDetail.map((i) => i.id)).toEqual([b.id]);

    // A new item in the third meeting does not travel back to the second.
    await createActionItem(c.manager, third, ai("Later thing", c.manager.userId));
    expect((await listActionItems(c.manager, second)).map((i) => i.text)).not.toContain("Later thing");

    // Reopening clears the completion.
    const reopened = await updateActionItem(c.manager, second, a.id, { completed: false });
    expect(reopened).toMatchObject({ completed: false, completedAt: null });
    expect((await listActionItems(c.manager, third)).map((i) => i.text)).toEqual([
      "Book the training",
      "Share the draft",
      "Later thing",
    ]);
  });

  it("owner is one of the pair, due date a real day; edits; delete by creator or manager; cancelled meeting refuses", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    const r = await refusal(createActionItem(c.manager, m, ai("x", c.otherEmployee.userId)));
    expect(r).toMatchObject({ status: 400 });
    expect(r.fields?.ownerId).toBeDefined();
    const bad = await call(
      actionPost as Route,
      c.manager,
      c.subdomain,
      "POST",
      `/api/meetings/one-on-one/${m}/action-items`,
      { text: "x", ownerId: c.employee.userId, dueDate: "2026-02-30" },
      { meetingId: m },
    );
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields.dueDate).toBeDefined();
    const tooLong = await call(
      actionPost as Route,
      c.manager,
      c.subdomain,
      "POST",
      `/api/meetings/one-on-one/${m}/action-items`,
      { text: "x".repeat(501), ownerId: c.employee.userId },
      { meetingId: m },
    );
    expect(tooLong.status).toBe(400);
    expect(await listActionItems(c.manager, m)).toEqual([]);

    const byEmployee = await createActionItem(c.employee, m, ai("Mine", c.employee.userId));
    const byManager = await createActionItem(c.manager, m, ai("His", c.employee.userId));
    const edited = await updateActionItem(c.employee, m, byManager.id, {
      text: "His, edited",
      ownerId: c.manager.userId,
      dueDate: "2027-01-15",
    });
    expect(edited).toMatchObject({ text: "His, edited", ownerId: c.manager.userId, dueDate: "2027-01-15" });
    expect((await updateActionItem(c.employee, m, byManager.id, { dueDate: null })).dueDate).toBeNull();
    expect(await refusal(updateActionItem(c.manager, m, byManager.id, { ownerId: c.admin.userId }))).toMatchObject({
      status: 400,
    });
    expect(await refusal(deleteActionItem(c.employee, m, byManager.id))).toMatchObject({
      status: 403,
      code: "action_item_not_yours",
    });
    await deleteActionItem(c.manager, m, byEmployee.id);
    await deleteActionItem(c.manager, m, byManager.id);
    expect(await listActionItems(c.employee, m)).toEqual([]);

    const patchBad = await call(
      actionPatch as Route,
      c.manager,
      c.subdomain,
      "PATCH",
      `/api/meetings/one-on-one/${m}/action-items/${randomUUID()}`,
      { completed: true },
      { meetingId: m, itemId: randomUUID() },
    );
    expect(patchBad.status).toBe(404);

    const cancelled = await meeting(c.manager, c.employee.userId, { status: "cancelled" });
    expect(await refusal(createActionItem(c.manager, cancelled, ai("x", c.employee.userId)))).toMatchObject({
      status: 409,
      code: "meeting_cancelled",
    });
    for (const who of [c.admin, c.otherManager]) expect(await status(listActionItems(who, m))).toBe(404);
  });
});

describe("private notes", () => {
  const SECRET = "Jordan Quillfeather mentioned a job offer from a competitor";

  it("are sealed at rest, their author's alone, and an empty body deletes them", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    expect(await getPrivateNote(c.manager, m)).toBeNull();
    const saved = await savePrivateNote(c.manager, m, { body: SECRET });
    expect(saved?.body).toBe(SECRET);
    expect(await getPrivateNote(c.manager, m)).toMatchObject({ body: SECRET });
    await savePrivateNote(c.employee, m, { body: "My own thoughts" });

    // The table holds no plaintext, only ciphertext under a data key its author's vault wraps.
    const rows = await owner().query(
      `SELECT body, "keyId", "authorId", "vaultId", "wrappedKey" FROM "MeetingPrivateNote" WHERE "meetingId" = $1`,
      [m],
    );
    expect(rows.rows).toHaveLength(2);
    for (const r of rows.rows) {
      expect(r.keyId).toBe("vault");
      expect(r.vaultId).toBe(
        r.authorId === c.manager.userId ? (c.manager as VaultPerson).vaultId : (c.employee as VaultPerson).vaultId,
      );
      expect(r.wrappedKey).toHaveLength(12 + 16 + 32);
      const bytes = r.body as Buffer;
      expect(bytes.toString("utf8")).not.toContain("Quillfeather");
      expect(bytes.toString("latin1")).not.toContain("Quillfeather");
      expect(bytes.toString("utf8")).not.toContain("My own thoughts");
    }
    // Bytes copied onto another author's row do not open (the associated data binds them).
    const managerBytes = rows.rows.find((r) => r.authorId === c.manager.userId).body as Buffer;
    await owner().query(`UPDATE "MeetingPrivateNote" SET body = $1 WHERE "meetingId" = $2 AND "authorId" = $3`, [
      managerBytes,
      m,
      c.employee.userId,
    ]);
    await expect(getPrivateNote(c.employee, m)).rejects.toThrow();
    await savePrivateNote(c.employee, m, { body: "My own thoughts" });

    // Each reads their own; nobody else reaches it.
    expect((await getPrivateNote(c.employee, m))?.body).toBe("My own thoughts");
    const raw = await withOrg(c.orgId, (tx) => tx.meetingPrivateNote.findMany({ where: { meetingId: m } }), {
      userId: c.employee.userId,
    });
    expect(raw.map((r) => r.authorId)).toEqual([c.employee.userId]);
    const viaDetail = await withOrg(
      c.orgId,
      async (tx) => readPrivateNote(tx, c.manager, (await loadMeetingForUser(tx, c.manager, m)).meeting),
      { userId: c.manager.userId },
    );
    expect(viaDetail?.body).toBe(SECRET);
    for (const who of [c.admin, c.otherManager]) {
      expect(await status(getPrivateNote(who, m))).toBe(404);
      expect(await status(savePrivateNote(who, m, { body: "overwrite" }))).toBe(404);
    }
    expect(await getPrivateNote(c.manager, m)).toMatchObject({ body: SECRET });

    expect(await savePrivateNote(c.manager, m, { body: "   " })).toBeNull();
    expect(await getPrivateNote(c.manager, m)).toBeNull();
    expect(
      (await owner().query(`SELECT count(*)::int AS n FROM "MeetingPrivateNote" WHERE "meetingId" = $1`, [m])).rows[0]
        .n,
    ).toBe(1);
  });

  it("through the route: a note over 20,000 characters is a field message; the admin gets 404", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    const long = await call(
      notePut as Route,
      c.manager,
      c.subdomain,
      "PUT",
      `/api/meetings/one-on-one/${m}/private-note`,
      { body: "é".repeat(20_001) },
      { meetingId: m },
    );
    expect(long.status).toBe(400);
    expect((await long.json()).fields.body[0]).toMatch(/20,000/);
    const ok = await call(
      notePut as Route,
      c.manager,
      c.subdomain,
      "PUT",
      `/api/meetings/one-on-one/${m}/private-note`,
      { body: "é".repeat(20_000) },
      { meetingId: m },
    );
    expect(ok.status).toBe(200);
    const mine = await call(
      noteGet as Route,
      c.manager,
      c.subdomain,
      "GET",
      `/api/meetings/one-on-one/${m}/private-note`,
      undefined,
      { meetingId: m },
    );
    expect((await mine.json()).body).toHaveLength(20_000);
    const employee = await call(
      noteGet as Route,
      c.employee,
      c.subdomain,
      "GET",
      `/api/meetings/one-on-one/${m}/private-note`,
      undefined,
      { meetingId: m },
    );
    expect(await employee.json()).toBeNull();
    const admin = await call(
      noteGet as Route,
      c.admin,
      c.subdomain,
      "GET",
      `/api/meetings/one-on-one/${m}/private-note`,
      undefined,
      { meetingId: m },
    );
    expect(admin.status).toBe(404);
  });
});

describe("manager suggestions and the Boss Bot context", () => {
  async function submittedPrep(c: Awaited<ReturnType<typeof company>>, meetingId: string, submitted: boolean) {
    await withOrg(
      c.orgId,
      (tx) =>
        tx.meetingPrepForm.create({
          data: {
            organizationId: c.orgId,
            meetingId,
            managerId: c.manager.userId,
            employeeId: c.employee.userId,
            mood: 2,
            stressLevel: 5,
            workloadConcerns: "Two launches in the same week",
            careerDevelopment: "I would like to lead a project",
            submittedAt: submitted ? new Date() : null,
          },
        }),
      { userId: c.employee.userId },
    );
  }

  it("the manager gets rule-based suggestions from the submitted form and open items; reviews are kept per meeting", async () => {
    const c = await company();
    const earlier = await meeting(c.manager, c.employee.userId, {
      at: new Date(Date.now() - 7 * DAY),
      status: "completed",
    });
    const m = await meeting(c.manager, c.employee.userId);
    await createActionItem(c.manager, earlier, ai("Overdue thing", c.employee.userId, "2020-01-01"));
    await submittedPrep(c, m, true);

    const s = await managerSuggestions(c.manager, m);
    expect(s.source).toBe("rules");
    expect(s.reviewedIds).toEqual([]);
    const rules = s.suggestions.map((x) => x.id.replace(/-[0-9a-f]{8}$/, ""));
    expect(rules).toEqual(expect.arrayContaining(["low-mood", "high-stress", "workload", "career", "overdue-action"]));

    const id = s.suggestions[0]!.id;
    expect(await setSuggestionReview(c.manager, m, { suggestionId: id, reviewed: true })).toEqual({
      reviewedIds: [id],
    });
    expect(await setSuggestionReview(c.manager, m, { suggestionId: id, reviewed: true })).toEqual({
      reviewedIds: [id],
    });
    expect((await managerSuggestions(c.manager, m)).reviewedIds).toEqual([id]);
    expect((await managerSuggestions(c.manager, earlier)).reviewedIds).toEqual([]);
    expect(await setSuggestionReview(c.manager, m, { suggestionId: id, reviewed: false })).toEqual({ reviewedIds: [] });

    // The employee is refused (403); anyone else does not find the meeting.
    expect(await refusal(managerSuggestions(c.employee, m))).toMatchObject({
      status: 403,
      code: "meeting_manager_only",
    });
    expect(await refusal(setSuggestionReview(c.employee, m, { suggestionId: id, reviewed: true }))).toMatchObject({
      status: 403,
    });
    expect(await refusal(bossBotContext(c.employee, m))).toMatchObject({ status: 403 });
    for (const who of [c.admin, c.otherManager]) {
      expect(await status(managerSuggestions(who, m))).toBe(404);
      expect(await status(setSuggestionReview(who, m, { suggestionId: id, reviewed: true }))).toBe(404);
      expect(await status(bossBotContext(who, m))).toBe(404);
    }

    const ctx = await bossBotContext(c.manager, m);
    expect(ctx.meeting).toMatchObject({ id: m, employeeName: expect.stringMatching(/^Jordan /) });
    expect(ctx.prepForm).toMatchObject({ mood: 2, stressLevel: 5 });
    expect(ctx.suggestions.length).toBeGreaterThan(0);
    expect(ctx.contextForBossBot).toContain("mood 2/5, stress 5/5");
    expect(ctx.contextForBossBot).toContain("Two launches in the same week");
    expect(ctx.contextForBossBot).toContain("Overdue thing");
  });

  it("a draft prep form is not used for the manager; the routes answer 403/404 and validate the review", async () => {
    const c = await company();
    const m = await meeting(c.manager, c.employee.userId);
    await submittedPrep(c, m, false);
    const s = await managerSuggestions(c.manager, m);
    expect(s.suggestions.map((x) => x.id)).not.toEqual(expect.arrayContaining([expect.stringMatching(/^workload-/)]));
    expect((await bossBotContext(c.manager, m)).prepForm).toBeNull();

    const get = (route: Route, who: AuthContext, path: string) =>
      call(route, who, c.subdomain, "GET", path, undefined, { meetingId: m });
    expect((await get(suggestionsGet as Route, c.manager, `/api/one-on-one/manager-suggestions/${m}`)).status).toBe(
      200,
    );
    expect((await get(suggestionsGet as Route, c.employee, `/api/one-on-one/manager-suggestions/${m}`)).status).toBe(
      403,
    );
    expect((await get(suggestionsGet as Route, c.admin, `/api/one-on-one/manager-suggestions/${m}`)).status).toBe(404);
    expect((await get(bossBotGet as Route, c.admin, `/api/one-on-one/boss-bot-context/${m}`)).status).toBe(404);
    expect((await get(bossBotGet as Route, c.manager, `/api/one-on-one/boss-bot-context/${m}`)).status).toBe(200);
    const bad = await call(
      reviewsPut as Route,
      c.manager,
      c.subdomain,
      "PUT",
      `/api/meetings/one-on-one/${m}/suggestion-reviews`,
      { suggestionId: "x".repeat(200), reviewed: "yes" },
      { meetingId: m },
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(Object.keys(body.fields).sort()).toEqual(["reviewed", "suggestionId"]);
  });
});

describe("team trends in the suggestions", () => {
  // Two teams: Alpha (6, all answer, led by Mia) and Beta (5, two answer: below the minimum of 3,
  // led by Ben), plus three people outside any team. Stress rose sharply in both teams.
  async function surveyed() {
    const { orgId } = await createOrg();
    return withOrg(orgId, async (tx) => {
      const user = async (role: Role, teamId: string | null = null, firstName = "P") =>
        (
          await tx.user.create({
            data: {
              organizationId: orgId,
              firstName,
              lastName: "T",
              email: `${randomUUID().slice(0, 8)}@example.com`,
              role,
              teamId,
            },
            select: { id: true },
          })
        ).id;
      const mia = await user("manager");
      const ben = await user("manager");
      const alpha = (
        await tx.team.create({ data: { organizationId: orgId, name: "Alpha", managerId: mia }, select: { id: true } })
      ).id;
      const beta = (
        await tx.team.create({ data: { organizationId: orgId, name: "Beta", managerId: ben }, select: { id: true } })
      ).id;
      const alphaPeople = [];
      for (let i = 0; i < 6; i++) alphaPeople.push(await user("employee", alpha, `Alpha${i}`));
      const betaPeople = [];
      for (let i = 0; i < 5; i++) betaPeople.push(await user("employee", beta, `Beta${i}`));
      const round = async (daysAgo: number, rollups: Record<string, Record<string, { n: number; sum: number }>>) => {
        const id = randomUUID();
        const sentAt = new Date(Date.now() - daysAgo * DAY);
        await tx.survey.create({
          data: {
            organizationId: orgId,
            id,
            kind: "pulse",
            title: `Pulse ${daysAgo}`,
            status: "closed",
            scheduledFor: sentAt,
            sentAt,
            closesAt: new Date(sentAt.getTime() + 7 * DAY),
            minGroupSize: 3,
          },
        });
        for (const [teamId, [invited, responded]] of Object.entries({
          [ORG_GROUP]: [14, 11],
          [alpha]: [6, 6],
          [beta]: [5, 2],
        }))
          await tx.surveyParticipation.create({
            data: { organizationId: orgId, surveyId: id, teamId, invited, responded },
          });
        for (const [teamId, metrics] of Object.entries(rollups))
          for (const [metric, a] of Object.entries(metrics))
            await tx.surveyRollup.create({
              data: {
                organizationId: orgId,
                surveyId: id,
                teamId,
                metric,
                n: a.n,
                sum: a.sum,
                promoters: 0,
                detractors: 0,
              },
            });
      };
      await round(5, {
        [ORG_GROUP]: { stress: { n: 11, sum: 99 }, recognition: { n: 11, sum: 33 } },
        [alpha]: { stress: { n: 6, sum: 54 }, recognition: { n: 6, sum: 18 } },
        [beta]: { stress: { n: 2, sum: 20 }, recognition: { n: 2, sum: 0 } },
      });
      await round(35, {
        [ORG_GROUP]: { stress: { n: 11, sum: 33 }, recognition: { n: 11, sum: 88 } },
        [alpha]: { stress: { n: 6, sum: 18 }, recognition: { n: 6, sum: 48 } },
        [beta]: { stress: { n: 2, sum: 4 }, recognition: { n: 2, sum: 20 } },
      });
      return {
        orgId,
        mia: { orgId, userId: mia, role: "manager", sessionId: randomUUID() } as AuthContext,
        ben: { orgId, userId: ben, role: "manager", sessionId: randomUUID() } as AuthContext,
        alpha,
        beta,
        alphaEmployee: alphaPeople[0]!,
        betaEmployee: betaPeople[0]!,
      };
    });
  }

  it("are the figures the manager's own dashboard shows, and nothing it hides", async () => {
    const s = await surveyed();
    const dashMia = await dashboardMetrics(s.mia);
    const miaTrends = await visibleTeamTrends(s.mia, s.alpha);
    const stress = miaTrends.find((t) => t.metric === "stress")!;
    expect(dashMia.stressLevel).not.toBeNull();
    expect(round1OrNull(stress.current)).toBe(dashMia.stressLevel);
    expect(stress.previous).not.toBeNull();
    const mMia = await meeting(s.mia, s.alphaEmployee);
    const miaRules = (await managerSuggestions(s.mia, mMia)).suggestions.map((x) => x.id);
    expect(miaRules.some((id) => id.startsWith("team-stress-"))).toBe(true);
    expect(miaRules.some((id) => id.startsWith("team-recognition-"))).toBe(true);

    // Beta's answers are too few: Ben's dashboard hides them, and so do his suggestions.
    const dashBen = await dashboardMetrics(s.ben);
    expect(dashBen.stressLevel).toBeNull();
    expect(dashBen.suppressionReason).not.toBeNull();
    const benTrends = await visibleTeamTrends(s.ben, s.beta);
    expect(benTrends.every((t) => t.current === null && t.previous === null)).toBe(true);
    const mBen = await meeting(s.ben, s.betaEmployee);
    expect((await managerSuggestions(s.ben, mBen)).suggestions.filter((x) => x.id.startsWith("team-"))).toEqual([]);
    // Ben does not lead Alpha: naming Alpha's id gives him nothing of it either.
    expect((await visibleTeamTrends(s.ben, s.alpha)).every((t) => t.current === null)).toBe(true);
  });
});
