import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import { currentSession } from "@/lib/auth/current-session";
import { createSession } from "@/lib/auth/sessions";
import { DomainError } from "@/lib/errors/domain-error";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { createCustomSurvey } from "@/lib/surveys/custom";
import { customSurveySchema, type CustomSurveyRequest } from "@/lib/surveys/custom-schemas";
import { listSurveys } from "@/lib/surveys/list";
import { runSchedulerTick } from "@/lib/surveys/rounds";
import { POST } from "@/app/api/surveys/route";
import { createOrg, createUser, uniqueName } from "../support/factories";
import { status } from "../support/status";

const DAY = 24 * 60 * 60 * 1000;

// POST /api/surveys is called as Next would call it; only the signed-in person is given rather
// than read from a cookie (sessions.test.ts covers that part).
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);
beforeEach(() => signedIn.mockReset());

async function postSurvey(subdomain: string, as: AuthContext, body: unknown): Promise<Response> {
  signedIn.mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const req = new NextRequest(`http://${subdomain}.localhost:3000/api/surveys`, {
    method: "POST",
    body: JSON.stringify(body),
    headers: { "content-type": "application/json" },
  });
  return POST(req, { params: Promise.resolve({}) });
}

async function contextOf(orgId: string, role: Role): Promise<AuthContext> {
  const user = await createUser(orgId, { role });
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, user.id, null));
  return { orgId, userId: user.id, role, sessionId };
}

/** A team of n members (employees with e-mails we can look for). */
async function teamOf(orgId: string, n: number) {
  return withOrg(orgId, async (tx) => {
    const team = await tx.team.create({
      data: { organizationId: orgId, name: uniqueName("Team ") },
      select: { id: true },
    });
    const members: string[] = [];
    for (let i = 0; i < n; i++) {
      const u = await tx.user.create({
        data: {
          organizationId: orgId,
          firstName: `M${i}`,
          lastName: "Member",
          email: `${uniqueName("m")}@example.com`,
          role: "employee",
          teamId: team.id,
          passwordSetAt: new Date(),
        },
        select: { id: true },
      });
      members.push(u.id);
    }
    return { id: team.id, members };
  });
}

async function adminOrg() {
  const { orgId, subdomain } = await createOrg();
  return { orgId, subdomain, admin: await contextOf(orgId, "admin") };
}

const input = (over: Partial<CustomSurveyRequest> = {}) =>
  customSurveySchema.parse({
    title: "Return to office",
    questions: [
      { type: "scale", text: "I have what I need at the office.", isRequired: true },
      { type: "enps", text: "How likely are you to recommend us?", isRequired: true },
      { type: "text", text: "Anything else?", isRequired: false },
    ],
    audience: { all: true },
    send: { now: true },
    ...over,
  });

async function fieldsOf(p: Promise<unknown>): Promise<Record<string, string[]> | undefined> {
  try {
    await p;
  } catch (err) {
    if (err instanceof DomainError) return err.fields;
    throw err;
  }
  throw new Error("expected a refusal");
}

const surveyState = (orgId: string, surveyId: string) =>
  withOrg(orgId, async (tx) => ({
    survey: await tx.survey.findUniqueOrThrow({
      where: { organizationId_id: { organizationId: orgId, id: surveyId } },
      select: {
        kind: true,
        status: true,
        title: true,
        audienceTeamIds: true,
        invitedCount: true,
        createdById: true,
        scheduledFor: true,
        sentAt: true,
        closesAt: true,
      },
    }),
    questions: await tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      orderBy: { order: "asc" },
      select: { order: true, type: true, text: true, isRequired: true },
    }),
    invitees: (
      await tx.surveyInvitation.findMany({ where: { organizationId: orgId, surveyId }, select: { userId: true } })
    )
      .map((i) => i.userId)
      .sort(),
    mails: await tx.mailMessage.count({
      where: { organizationId: orgId, kind: "survey_invitation", ref: `survey:${surveyId}` },
    }),
  }));

const surveyCount = (orgId: string) => withOrg(orgId, (tx) => tx.survey.count({ where: { organizationId: orgId } }));

describe("custom surveys", () => {
  it("sends now to the chosen teams only, with ordered questions, e-mails and an audit row", async () => {
    const { orgId, admin } = await adminOrg();
    const chosen = await teamOf(orgId, 3);
    const small = await teamOf(orgId, 1);
    await teamOf(orgId, 2); // not asked
    const res = await createCustomSurvey(admin, input({ audience: { teamIds: [chosen.id, small.id] } }));
    expect(res).toMatchObject({ status: "active", invited: 4 });

    const s = await surveyState(orgId, res.surveyId);
    expect(s.survey).toMatchObject({
      kind: "custom",
      status: "active",
      title: "Return to office",
      invitedCount: 4,
      createdById: admin.userId,
    });
    expect(s.survey.audienceTeamIds.sort()).toEqual([chosen.id, small.id].sort());
    expect(s.questions).toEqual([
      { order: 1, type: "scale", text: "I have what I need at the office.", isRequired: true },
      { order: 2, type: "enps", text: "How likely are you to recommend us?", isRequired: true },
      { order: 3, type: "text", text: "Anything else?", isRequired: false },
    ]);
    expect(s.invitees).toEqual([...chosen.members, ...small.members].sort());
    expect(s.mails).toBe(4);

    const log = await withOrg(orgId, (tx) =>
      tx.auditLog.findFirst({ where: { organizationId: orgId, action: "survey.create", targetId: res.surveyId } }),
    );
    expect(log).toMatchObject({
      actorId: admin.userId,
      targetType: "survey",
      details: { kind: "custom", questions: 3, invited: 4 },
    });
  });

  it("attributes answers only to teams at or above the minimum group size", async () => {
    const { orgId, admin } = await adminOrg();
    const big = await teamOf(orgId, 3);
    const small = await teamOf(orgId, 2);
    const { surveyId } = await createCustomSurvey(admin, input({ audience: { teamIds: [big.id, small.id] } }));
    const teams = await withOrg(orgId, (tx) =>
      tx.surveyInvitation.findMany({
        where: { organizationId: orgId, surveyId },
        select: { userId: true, teamId: true },
      }),
    );
    for (const inv of teams) expect(inv.teamId).toBe(big.members.includes(inv.userId) ? big.id : null);
  });

  it("sends to everyone in the organisation when asked", async () => {
    const { orgId, admin } = await adminOrg();
    await teamOf(orgId, 2);
    const res = await createCustomSurvey(admin, input());
    // The admin and both members.
    expect(res.invited).toBe(3);
  });

  it("keeps a survey for later 'scheduled', with no invitations or e-mails yet, and lists it", async () => {
    const { orgId, admin } = await adminOrg();
    const team = await teamOf(orgId, 3);
    const at = new Date(Date.now() + 3 * DAY);
    const res = await createCustomSurvey(
      admin,
      input({ audience: { teamIds: [team.id] }, send: { at: at.toISOString() } }),
    );
    expect(res).toMatchObject({ status: "scheduled", invited: 0 });
    const s = await surveyState(orgId, res.surveyId);
    expect(s.survey).toMatchObject({ status: "scheduled", invitedCount: 0, scheduledFor: at });
    expect(s.invitees).toEqual([]);
    expect(s.mails).toBe(0);

    const manager = await contextOf(orgId, "manager");
    const [row] = await listSurveys(manager);
    // Managers get no organisation-wide counts (survey-rounds.test.ts has the admin's).
    expect(row).toMatchObject({
      id: res.surveyId,
      kind: "custom",
      status: "scheduled",
      scheduledFor: at.toISOString(),
      sentAt: null,
      invitedCount: null,
      responseCount: null,
    });
  });

  it("is sent by the scheduler once its time has come, to the chosen team only", async () => {
    const { orgId, admin } = await adminOrg();
    // No weekly pulse for this organisation, so the tick has only our survey to send.
    await withOrg(orgId, (tx) =>
      tx.organization.update({ where: { id: orgId }, data: { pulseEnabled: false }, select: { id: true } }),
    );
    const team = await teamOf(orgId, 3);
    await teamOf(orgId, 2);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const { surveyId } = await createCustomSurvey(
      admin,
      input({ audience: { teamIds: [team.id] }, send: { at: at.toISOString() } }),
    );

    await runSchedulerTick(new Date(at.getTime() - 60_000));
    expect((await surveyState(orgId, surveyId)).survey.status).toBe("scheduled");

    await runSchedulerTick(new Date(at.getTime() + 60_000));
    const s = await surveyState(orgId, surveyId);
    expect(s.survey).toMatchObject({ status: "active", invitedCount: 3 });
    expect(s.invitees).toEqual([...team.members].sort());
    expect(s.mails).toBe(3);
  });

  it("refuses another organisation's teams and changes nothing", async () => {
    const { orgId, admin } = await adminOrg();
    const other = await adminOrg();
    const foreign = await teamOf(other.orgId, 3);
    const mine = await teamOf(orgId, 3);
    expect(await fieldsOf(createCustomSurvey(admin, input({ audience: { teamIds: [mine.id, foreign.id] } })))).toEqual({
      "audience.teamIds": ["One of the chosen teams does not exist"],
    });
    expect(await surveyCount(orgId)).toBe(0);
    expect(await surveyCount(other.orgId)).toBe(0);
  });

  it("refuses teams without members", async () => {
    const { orgId, admin } = await adminOrg();
    const empty = await teamOf(orgId, 0);
    expect(await fieldsOf(createCustomSurvey(admin, input({ audience: { teamIds: [empty.id] } })))).toEqual({
      "audience.teamIds": ["The chosen teams have no members yet"],
    });
    expect(await surveyCount(orgId)).toBe(0);
  });

  it("lets only admins create surveys; employees cannot list them", async () => {
    const { orgId } = await adminOrg();
    const manager = await contextOf(orgId, "manager");
    const employee = await contextOf(orgId, "employee");
    expect(await status(createCustomSurvey(manager, input()))).toBe(403);
    expect(await status(createCustomSurvey(employee, input()))).toBe(403);
    expect(await surveyCount(orgId)).toBe(0);
    expect(await status(listSurveys(employee))).toBe(403);
  });

  it("lists newest first, and only the caller's organisation", async () => {
    const { admin } = await adminOrg();
    const other = await adminOrg();
    await createCustomSurvey(other.admin, input({ title: "Theirs" }));
    const first = await createCustomSurvey(
      admin,
      input({ title: "First", send: { at: new Date(Date.now() + DAY).toISOString() } }),
    );
    const second = await createCustomSurvey(
      admin,
      input({ title: "Second", send: { at: new Date(Date.now() + 2 * DAY).toISOString() } }),
    );
    const list = await listSurveys(admin);
    expect(list.map((s) => s.id)).toEqual([second.surveyId, first.surveyId]);
  });

  it("stays open the days its creator chose: closesAt 14 days after a send now", async () => {
    const { orgId, admin } = await adminOrg();
    await teamOf(orgId, 3);
    const now = new Date();
    const { surveyId } = await createCustomSurvey(admin, input({ openDays: 14 }), now);
    const { survey } = await surveyState(orgId, surveyId);
    expect(survey.sentAt).toEqual(now);
    expect(survey.closesAt!.getTime() - survey.sentAt!.getTime()).toBe(14 * DAY);
    const log = await withOrg(orgId, (tx) =>
      tx.auditLog.findFirst({ where: { organizationId: orgId, action: "survey.create", targetId: surveyId } }),
    );
    expect(log?.details).toMatchObject({ openDays: 14, closesAt: survey.closesAt!.toISOString() });
  });

  it("stays open 7 days when not told otherwise, like the weekly pulse", async () => {
    const { orgId, admin } = await adminOrg();
    const now = new Date();
    const { surveyId } = await createCustomSurvey(admin, input(), now);
    const { survey } = await surveyState(orgId, surveyId);
    expect(survey.closesAt!.getTime() - now.getTime()).toBe(7 * DAY);
  });

  it("counts a later survey's days from its send time, and the scheduler keeps that close date", async () => {
    const { orgId, admin } = await adminOrg();
    await withOrg(orgId, (tx) =>
      tx.organization.update({ where: { id: orgId }, data: { pulseEnabled: false }, select: { id: true } }),
    );
    const team = await teamOf(orgId, 3);
    const at = new Date(Date.now() + 60 * 60 * 1000);
    const { surveyId } = await createCustomSurvey(
      admin,
      input({ audience: { teamIds: [team.id] }, send: { at: at.toISOString() }, openDays: 14 }),
    );
    expect((await surveyState(orgId, surveyId)).survey).toMatchObject({
      status: "scheduled",
      closesAt: new Date(at.getTime() + 14 * DAY),
    });

    await runSchedulerTick(new Date(at.getTime() + 60_000));
    expect((await surveyState(orgId, surveyId)).survey).toMatchObject({
      status: "active",
      sentAt: new Date(at.getTime() + 60_000),
      closesAt: new Date(at.getTime() + 14 * DAY),
    });
  });

  it("refuses a survey open 31 days with the field's message, and stores nothing", async () => {
    const { orgId, subdomain, admin } = await adminOrg();
    const body = {
      title: "Too long",
      questions: [{ type: "text", text: "Anything else?", isRequired: false }],
      audience: { all: true },
      send: { now: true },
      openDays: 31,
    };
    const res = await postSurvey(subdomain, admin, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields?: Record<string, string[]> }).fields).toEqual({
      openDays: ["A survey stays open 1 to 30 days"],
    });
    expect(await surveyCount(orgId)).toBe(0);

    // The same request for 30 days goes through the route and is stored with its close date.
    const ok = await postSurvey(subdomain, admin, { ...body, openDays: 30 });
    expect(ok.status).toBe(201);
    const { surveyId } = (await ok.json()) as { surveyId: string };
    const { survey } = await surveyState(orgId, surveyId);
    expect(survey.closesAt!.getTime() - survey.sentAt!.getTime()).toBe(30 * DAY);
  });
});
