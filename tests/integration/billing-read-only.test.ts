import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role, SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { READ_ONLY_MESSAGE, READ_ONLY_STATUSES } from "@/lib/billing/status";
import { getShellBanners } from "@/lib/billing/access";
import { userInputSchema } from "@/lib/people/schemas";
import { createUser as addUser, deleteUser, listUsers, resendInvitation, updateUser } from "@/lib/people/users";
import { importUsers } from "@/lib/people/bulk-import";
import { getOrganization } from "@/lib/org/organization";
import { runSchedulerTick, sendPulseNow } from "@/lib/surveys/rounds";
import { createCustomSurvey } from "@/lib/surveys/custom";
import { customSurveySchema, type CustomSurveyRequest } from "@/lib/surveys/custom-schemas";
import { listSurveys } from "@/lib/surveys/list";
import { submitResponse } from "@/lib/surveys/submit";
import { submissionSchema } from "@/lib/surveys/take-schemas";
import { getMeetingDetail, listMeetings, rescheduleMeeting, scheduleMeeting } from "@/lib/one-on-one/meetings";
import { runMeetingWork } from "@/lib/one-on-one/reminders";
import { resetMasterKeyRingForTests } from "@/lib/coach/crypto";
import { addMessage, createConversation, listConversations, listMessages } from "@/lib/coach/conversations";
import { prepareReply } from "@/lib/coach/reply";
import { DomainError } from "@/lib/errors/domain-error";
import { createOrg, createUser, uniqueName } from "../support/factories";
import { withVault } from "../support/vault";
import { meeting, refusal, reportsTo, DAY } from "../support/one-on-one";
import { ownerClient } from "../support/owner-client";
import { statusOf } from "../support/status";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

// What each subscription status allows (docs/decisions.md (Billing and seats)). A workspace whose subscription ended
// (canceled, unpaid, incomplete_expired, paused) is read-only: everything that sends or adds answers 409
// workspace_read_only and writes nothing, reading and deleting keep working, the scheduler skips it without failing the
// tick. past_due, trialing, active and incomplete allow everything. The status is set directly in the database (syncing
// it from Stripe is tested elsewhere).

const owner = ownerClient();
const savedKeys = process.env.COACH_MASTER_KEYS;
beforeAll(() => {
  process.env.COACH_MASTER_KEYS = `k1:${randomBytes(32).toString("base64")}`;
  resetMasterKeyRingForTests();
});
afterAll(() => {
  if (savedKeys === undefined) delete process.env.COACH_MASTER_KEYS;
  else process.env.COACH_MASTER_KEYS = savedKeys;
  resetMasterKeyRingForTests();
});

// Each person signed in with their personal vault open (tests/support/vault.ts).
const ctxOf = (orgId: string, userId: string, role: Role): Promise<AuthContext> => withVault(orgId, userId, role);

async function setStatus(orgId: string, status: SubscriptionStatus): Promise<void> {
  const res = await owner().query(
    `UPDATE "Organization" SET "subscriptionStatus" = $1::"SubscriptionStatus" WHERE "id" = $2::uuid`,
    [status, orgId],
  );
  expect(res.rowCount).toBe(1);
}

/** Every row a blocked action could write, counted as the owner (past row-level security). */
async function footprint(orgId: string) {
  const count = async (table: string) =>
    Number(
      (
        await owner().query<{ n: string }>(`SELECT count(*) AS n FROM "${table}" WHERE "organizationId" = $1::uuid`, [
          orgId,
        ])
      ).rows[0]!.n,
    );
  return {
    users: await count("User"),
    mails: await count("MailMessage"),
    tokens: await count("AuthToken"),
    surveys: await count("Survey"),
    invitations: await count("SurveyInvitation"),
    series: await count("MeetingSeries"),
    meetings: await count("Meeting"),
    notifications: await count("Notification"),
    conversations: await count("ChatConversation"),
    messages: await count("ChatMessage"),
  };
}

/** An organisation (pulse paused, 50 seats) with an admin, a manager, their report, and a person
 * who has not accepted the invitation yet. */
async function workspace() {
  const { orgId, subdomain } = await createOrg({ name: "Acme" });
  await withOrg(orgId, (tx) => tx.organization.update({ where: { id: orgId }, data: { pulseEnabled: false } }));
  const admin = await createUser(orgId, { role: "admin", firstName: "Ada" });
  const manager = await createUser(orgId, { role: "manager", firstName: "Max" });
  const employee = await createUser(orgId, { role: "employee", firstName: "Eve" });
  const pending = await createUser(orgId, { role: "employee", firstName: "Pat", password: null });
  const managerCtx = await ctxOf(orgId, manager.id, "manager");
  const employeeCtx = await ctxOf(orgId, employee.id, "employee");
  await reportsTo(employeeCtx, managerCtx);
  return {
    orgId,
    subdomain,
    admin: await ctxOf(orgId, admin.id, "admin"),
    manager: managerCtx,
    employee: employeeCtx,
    pending,
  };
}

const newPerson = () =>
  userInputSchema.parse({
    firstName: "New",
    lastName: "Person",
    email: `${uniqueName("new")}@example.com`,
    role: "employee",
  });
const importRow = () => ({ firstName: "Imp", lastName: "Orted", email: `${uniqueName("imp")}@example.com` });
const customSurvey = (over: Partial<CustomSurveyRequest> = {}) =>
  customSurveySchema.parse({
    title: "Return to office",
    questions: [{ type: "scale", text: "I have what I need at the office.", isRequired: true }],
    audience: { all: true },
    send: { now: true },
    ...over,
  });
const inTwoDays = () => new Date(Date.now() + 2 * DAY).toISOString();

describe.each(READ_ONLY_STATUSES)("a workspace whose subscription is %s", (status) => {
  it("refuses everything that sends or adds (409 workspace_read_only) and writes nothing", async () => {
    const w = await workspace();
    // Made while the workspace could still write: a meeting to move, a conversation to continue.
    const meetingId = await meeting(w.manager, w.employee.userId);
    const conversation = await createConversation(w.manager, { title: "Earlier question" });
    await setStatus(w.orgId, status);
    const before = await footprint(w.orgId);

    // Thunks, tried one after the other (all refused, none left unhandled).
    const blocked: [string, () => Promise<unknown>][] = [
      ["add a user", () => addUser(w.admin, newPerson())],
      ["resend an invitation", () => resendInvitation(w.admin, w.pending.id)],
      ["bulk import", () => importUsers(w.admin, [importRow(), importRow()])],
      ["send a pulse now", () => sendPulseNow(w.admin)],
      ["send a custom survey now", () => createCustomSurvey(w.admin, customSurvey())],
      ["schedule a custom survey", () => createCustomSurvey(w.admin, customSurvey({ send: { at: inTwoDays() } }))],
      [
        "schedule a 1:1",
        () =>
          scheduleMeeting(w.manager, {
            employeeId: w.employee.userId,
            scheduledAt: inTwoDays(),
            timeZone: "UTC",
            recurrence: "weekly",
          }),
      ],
      [
        "reschedule a 1:1",
        () => rescheduleMeeting(w.manager, meetingId, { scheduledAt: new Date(Date.now() + 3 * DAY).toISOString() }),
      ],
      ["start a Boss Bot conversation", () => createConversation(w.manager, { title: "New question" })],
      ["ask Boss Bot in a new conversation", () => prepareReply(w.manager, { message: "How do I run a good 1:1?" })],
      [
        "ask Boss Bot in a conversation",
        () => prepareReply(w.manager, { message: "And then?", conversationId: conversation.id }),
      ],
      ["store a question", () => addMessage(w.manager, conversation.id, { type: "user", content: "Hello?" })],
    ];
    for (const [what, attempt] of blocked) {
      const answer = await refusal(attempt());
      expect({ what, ...answer }).toEqual({ what, status: 409, code: "workspace_read_only" });
    }
    const err = await addUser(w.admin, newPerson()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).message).toBe(READ_ONLY_MESSAGE);
    expect(statusOf(err as DomainError)).toBe(409);

    expect(await footprint(w.orgId)).toEqual(before);
    const moved = await getMeetingDetail(w.manager, meetingId);
    expect(new Date(moved.scheduledAt).getTime()).toBeLessThan(Date.now() + 2.5 * DAY);
  });

  it("keeps reading, editing without mail, deleting and answering an open survey working", async () => {
    const w = await workspace();
    const { surveyId } = await sendPulseNow(w.admin);
    const conversation = await createConversation(w.manager, { title: "Earlier question" });
    await addMessage(w.manager, conversation.id, { type: "user", content: "Earlier question" });
    const meetingId = await meeting(w.manager, w.employee.userId);
    await setStatus(w.orgId, status);

    expect((await listUsers(w.admin)).length).toBe(4);
    expect((await getOrganization(w.admin, w.orgId)).subscriptionStatus).toBe(status);
    expect((await listSurveys(w.admin)).map((s) => s.id)).toContain(surveyId);
    expect((await listMeetings(w.manager)).meetings.map((m) => m.id)).toContain(meetingId);
    expect((await listConversations(w.manager)).map((c) => c.id)).toEqual([conversation.id]);
    expect((await listMessages(w.manager, conversation.id)).map((m) => m.content)).toEqual(["Earlier question"]);

    // A Boss Bot reply to a question accepted before still saves.
    await expect(addMessage(w.manager, conversation.id, { type: "ai", content: "An answer" })).resolves.toMatchObject({
      type: "ai",
    });

    // Editing someone who has not accepted yet, with a new address: saved, but no invitation is sent.
    const mailsBefore = (await footprint(w.orgId)).mails;
    const edited = await updateUser(
      w.admin,
      w.pending.id,
      userInputSchema.parse({
        firstName: "Pat",
        lastName: "Changed",
        email: `${uniqueName("pat")}@example.com`,
        role: "employee",
      }),
    );
    expect(edited.lastName).toBe("Changed");
    expect((await footprint(w.orgId)).mails).toBe(mailsBefore);

    // Answering the round that was already open.
    const [mail] = await deliverSurveyInvitations(w.orgId, surveyId);
    const token = linkToken(mail!.text);
    const questions = await withOrg(w.orgId, (tx) =>
      tx.surveyQuestion.findMany({ where: { organizationId: w.orgId, surveyId }, orderBy: { order: "asc" } }),
    );
    const responses = submissionSchema.shape.responses.parse(
      questions.map((q) => ({
        questionId: q.id,
        answer: q.type === "text" ? "Fine" : 3,
        submittedAt: new Date().toISOString(),
      })),
    );
    await expect(submitResponse(w.orgId, { surveyId, responses }, { token })).resolves.toBeUndefined();

    // Deleting keeps working.
    await deleteUser(w.admin, w.pending.id);
    expect((await listUsers(w.admin)).length).toBe(3);
  });
});

describe("the scheduler and the reminder job", () => {
  /** A workspace whose weekly pulse was due five minutes before `now` (UTC). */
  async function dueWorkspace(now: Date) {
    const w = await workspace();
    const sendAt = new Date(now.getTime() - 5 * 60_000);
    await withOrg(w.orgId, (tx) =>
      tx.organization.update({
        where: { id: w.orgId },
        data: {
          pulseEnabled: true,
          pulseWeekday: sendAt.getUTCDay(),
          pulseTime: sendAt.toISOString().slice(11, 16),
          pulseTimeZone: "UTC",
        },
      }),
    );
    return w;
  }
  const surveysOf = (orgId: string) =>
    withOrg(orgId, (tx) =>
      tx.survey.findMany({ where: { organizationId: orgId }, select: { id: true, kind: true, status: true } }),
    );

  it("skips a read-only workspace's rounds, scheduled surveys and reminders without failing, and still sends the others'", async () => {
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const now = new Date(`${day}T12:00:00Z`);
    const ended = await dueWorkspace(now);
    const running = await dueWorkspace(now);
    // A custom survey scheduled for before `now`, made while the workspace could write.
    const at = new Date(Date.now() + 60 * 60_000);
    const { surveyId: scheduled } = await createCustomSurvey(
      ended.admin,
      customSurvey({ send: { at: at.toISOString() } }),
    );
    await setStatus(ended.orgId, "canceled");
    await setStatus(running.orgId, "past_due");
    const before = await footprint(ended.orgId);

    await expect(runSchedulerTick(now)).resolves.toMatchObject({});
    await expect(runSchedulerTick(new Date(now.getTime() + 60_000))).resolves.toMatchObject({});

    // The custom survey whose time came while read-only is closed unsent, and nothing was written
    // or sent for the weekly round.
    expect(await surveysOf(ended.orgId)).toEqual([{ id: scheduled, kind: "custom", status: "closed" }]);
    expect(await footprint(ended.orgId)).toEqual(before);
    const sent = await surveysOf(running.orgId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "pulse", status: "active" });

    // Subscribed again minutes later: neither the skipped round nor the skipped survey goes out
    // late; the next week's round does.
    await setStatus(ended.orgId, "active");
    await expect(runSchedulerTick(new Date(now.getTime() + 2 * 60_000))).resolves.toMatchObject({ errors: 0 });
    expect(await surveysOf(ended.orgId)).toEqual([{ id: scheduled, kind: "custom", status: "closed" }]);
    expect(await footprint(ended.orgId)).toEqual(before);
    await runSchedulerTick(new Date(now.getTime() + 7 * DAY));
    const next = (await surveysOf(ended.orgId)).filter((s) => s.kind === "pulse");
    expect(next).toEqual([{ id: expect.any(String), kind: "pulse", status: "active" }]);
  });

  it("closes a scheduled survey skipped while read-only once, however many ticks run at once", async () => {
    const day = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const now = new Date(`${day}T12:00:00Z`);
    const w = await workspace();
    const { surveyId } = await createCustomSurvey(
      w.admin,
      customSurvey({ send: { at: new Date(Date.now() + 60 * 60_000).toISOString() } }),
    );
    await setStatus(w.orgId, "paused");
    await Promise.all([runSchedulerTick(now), runSchedulerTick(now)]);
    const audits = await owner().query<{ action: string }>(
      `SELECT "action" FROM "AuditLog" WHERE "organizationId" = $1::uuid AND "targetId" = $2`,
      [w.orgId, surveyId],
    );
    expect(audits.rows.filter((r) => r.action === "survey.skipped_read_only")).toHaveLength(1);
    expect((await surveysOf(w.orgId)).map((s) => s.status)).toEqual(["closed"]);
  });

  it("sends no 1:1 reminders for a read-only workspace, and does once it is writable again", async () => {
    const w = await workspace();
    const soon = await meeting(w.manager, w.employee.userId, { at: new Date(Date.now() + 3 * 3_600_000) });
    await setStatus(w.orgId, "unpaid");
    const before = await footprint(w.orgId);
    await expect(runMeetingWork(new Date())).resolves.toMatchObject({});
    expect(await footprint(w.orgId)).toEqual(before);
    expect((await getMeetingDetail(w.manager, soon)).id).toBe(soon);

    // The reminder is settled unsent: it does not come back to the job...
    const settled = await withOrg(
      w.orgId,
      (tx) => tx.meeting.findUniqueOrThrow({ where: { organizationId_id: { organizationId: w.orgId, id: soon } } }),
      { userId: w.manager.userId },
    );
    expect(settled.reminderSentAt).not.toBeNull();
    await runMeetingWork(new Date());
    expect(await footprint(w.orgId)).toEqual(before);

    // ...nor goes out late once the workspace subscribes again; a meeting whose reminder falls due
    // after that gets its reminder.
    await setStatus(w.orgId, "active");
    await runMeetingWork(new Date());
    const reminders = () =>
      withOrg(w.orgId, (tx) => tx.notification.count({ where: { organizationId: w.orgId, type: "meeting_reminder" } }));
    expect(await reminders()).toBe(0);
    await meeting(w.manager, w.employee.userId, { at: new Date(Date.now() + 5 * 3_600_000) });
    await runMeetingWork(new Date());
    expect(await reminders()).toBe(2);
  });

  it("does not extend a read-only workspace's recurring series, and does once it is writable again", async () => {
    const w = await workspace();
    await scheduleMeeting(w.manager, {
      employeeId: w.employee.userId,
      scheduledAt: inTwoDays(),
      timeZone: "UTC",
      recurrence: "weekly",
    });
    await setStatus(w.orgId, "canceled");
    const before = await footprint(w.orgId);
    // Weeks on, the series' occurrences end before the horizon: due for extension.
    const later = new Date(Date.now() + 45 * DAY);
    await expect(runMeetingWork(later)).resolves.toMatchObject({ extended: 0, errors: 0 });
    await expect(runMeetingWork(later)).resolves.toMatchObject({ extended: 0, errors: 0 });
    expect((await footprint(w.orgId)).meetings).toBe(before.meetings);

    await setStatus(w.orgId, "active");
    const writable = await runMeetingWork(later);
    expect(writable.extended).toBeGreaterThan(0);
    expect((await footprint(w.orgId)).meetings).toBeGreaterThan(before.meetings);
  });
});

describe.each(["trialing", "active", "past_due", "incomplete"] as const)(
  "a workspace whose subscription is %s",
  (status) => {
    it("allows everything", async () => {
      const w = await workspace();
      await setStatus(w.orgId, status);
      const before = await footprint(w.orgId);
      await addUser(w.admin, newPerson());
      await resendInvitation(w.admin, w.pending.id);
      await expect(importUsers(w.admin, [importRow()])).resolves.toMatchObject({ successful: 1 });
      await sendPulseNow(w.admin);
      await createCustomSurvey(w.admin, customSurvey());
      const m = await scheduleMeeting(w.manager, {
        employeeId: w.employee.userId,
        scheduledAt: inTwoDays(),
        timeZone: "UTC",
        recurrence: "none",
      });
      await rescheduleMeeting(w.manager, m.id, { scheduledAt: new Date(Date.now() + 3 * DAY).toISOString() });
      const c = await createConversation(w.manager, { title: "A question" });
      await addMessage(w.manager, c.id, { type: "user", content: "A question" });
      const after = await footprint(w.orgId);
      expect(after.users).toBe(before.users + 2);
      expect(after.surveys).toBe(before.surveys + 2);
      expect(after.meetings).toBe(before.meetings + 1);
      expect(after.messages).toBe(before.messages + 1);
      expect(after.mails).toBeGreaterThan(before.mails);
    });
  },
);

describe("the app shell's subscription banner", () => {
  it("tells everyone when read-only (admins may subscribe), and only admins when a payment failed", async () => {
    const w = await workspace();
    expect((await getShellBanners(w.admin)).subscription).toBeNull();
    await setStatus(w.orgId, "canceled");
    expect((await getShellBanners(w.admin)).subscription).toEqual({ kind: "read_only", canManage: true });
    expect((await getShellBanners(w.manager)).subscription).toEqual({ kind: "read_only", canManage: false });
    expect((await getShellBanners(w.employee)).subscription).toEqual({ kind: "read_only", canManage: false });
    await setStatus(w.orgId, "past_due");
    expect((await getShellBanners(w.admin)).subscription).toEqual({ kind: "past_due" });
    expect((await getShellBanners(w.manager)).subscription).toBeNull();
    expect((await getShellBanners(w.employee)).subscription).toBeNull();
    // The verification banner still comes from the same read (this workspace is verified).
    expect((await getShellBanners(w.admin)).verification).toBeNull();
  });
});
