import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { DomainError } from "@/lib/errors/domain-error";
import { createSession, loadSession } from "@/lib/auth/sessions";
import {
  createUser as createUserFn,
  deleteUser,
  getUser,
  listUsers,
  resendInvitation,
  updateUser,
} from "@/lib/people/users";
import { acceptInvitation } from "@/lib/people/invitations";
import { createTeam, deleteTeam, listTeams, updateTeam } from "@/lib/people/teams";
import { getOrgChart } from "@/lib/people/org-chart";
import { getOrganization } from "@/lib/org/organization";
import { userInputSchema, type UserInput } from "@/lib/people/schemas";
import { createSurvey, sendSurvey, ORG_TEAM_ID } from "@/lib/surveys/send";
import { INVALID_LINK, submitResponse } from "@/lib/surveys/submit";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { createOrg, createUser, ctxFor } from "../support/factories";
import { status } from "../support/status";
import { liveParticipation } from "@/lib/surveys/participation";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

async function adminOf(opts: { maxUsers?: number } = {}) {
  const { orgId } = await createOrg({ maxUsers: opts.maxUsers ?? 50 });
  const ctx = await ctxFor(orgId, "admin", { firstName: "Ada" });
  return { orgId, admin: { id: ctx.userId }, ctx };
}

const input = (over: Partial<Record<keyof UserInput, unknown>> = {}): UserInput =>
  userInputSchema.parse({
    firstName: "Nia",
    lastName: "Okafor",
    email: `nia.${randomUUID().slice(0, 8)}@example.com`,
    role: "employee",
    ...over,
  });

const mails = (orgId: string, to: string) =>
  withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId, to, kind: "invitation" } }));
const tokens = (orgId: string, userId: string) =>
  withOrg(orgId, (tx) => tx.authToken.findMany({ where: { organizationId: orgId, userId, purpose: "invitation" } }));

describe("users", () => {
  it("adds a person with an invitation e-mail and a 7-day single-use link; they show as pending", async () => {
    const { orgId, ctx } = await adminOf();
    const u = await createUserFn(ctx, input({ email: "New.Person@Example.com" }));
    expect(u).toMatchObject({ email: "new.person@example.com", role: "employee", status: "pending" });
    const [mail] = await mails(orgId, "new.person@example.com");
    expect(mail?.subject).toContain("invited");
    expect(mail?.text).toMatch(/\/accept-invite\?token=[\w-]{40,}/);
    const [token] = await tokens(orgId, u.id);
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect((await listUsers(ctx)).find((x) => x.id === u.id)?.status).toBe("pending");
  });

  it("refuses a duplicate e-mail with 409 and changes nothing", async () => {
    const { ctx } = await adminOf();
    const first = input();
    await createUserFn(ctx, first);
    const before = (await listUsers(ctx)).length;
    expect(await status(createUserFn(ctx, { ...first, firstName: "Other" }))).toBe(409);
    expect((await listUsers(ctx)).length).toBe(before);
  });

  it("refuses a user beyond the seat limit, also when two admins race for the last seat", async () => {
    const { ctx } = await adminOf({ maxUsers: 3 });
    await createUserFn(ctx, input());
    const results = await Promise.all([status(createUserFn(ctx, input())), status(createUserFn(ctx, input()))]);
    expect(results.sort()).toEqual([200, 409]);
    expect((await listUsers(ctx)).length).toBe(3);
    expect(await status(createUserFn(ctx, input()))).toBe(409);
  });

  it("checks team and manager belong to the organisation, and blocks a second manager for a team", async () => {
    const { ctx } = await adminOf();
    const other = await adminOf();
    const foreignTeam = await createTeam(other.ctx, { name: "Theirs", managerId: null });
    expect(await status(createUserFn(ctx, input({ teamId: foreignTeam.id })))).toBe(400);
    expect(await status(createUserFn(ctx, input({ managerId: other.admin.id })))).toBe(400);

    const team = await createTeam(ctx, { name: "Sales", managerId: null });
    const lead = await createUserFn(ctx, input({ role: "manager", teamId: team.id }));
    // A manager joining a team without a manager leads it.
    expect((await listTeams(ctx)).find((t) => t.id === team.id)?.managerId).toBe(lead.id);
    const second = createUserFn(ctx, input({ role: "manager", teamId: team.id }));
    await expect(second).rejects.toMatchObject({
      kind: "invalid",
      message: "This team already has a manager assigned",
    });
    // An employee reporting to an employee is refused.
    const emp = await createUserFn(ctx, input());
    expect(await status(createUserFn(ctx, input({ managerId: emp.id })))).toBe(400);
  });

  it("keeps at least one admin: the last admin cannot be demoted, admins cannot be deleted", async () => {
    const { ctx, admin } = await adminOf();
    const me = await getUser(ctx, admin.id);
    const demote = updateUser(ctx, admin.id, input({ ...me, role: "manager" }));
    await expect(demote).rejects.toMatchObject({
      code: "last_admin",
      message: "The organisation must keep at least one admin",
    });
    expect(await status(deleteUser(ctx, admin.id))).toBe(403);
    await expect(deleteUser(ctx, admin.id)).rejects.toMatchObject({ code: "admin_not_deletable" });

    const second = await createUserFn(ctx, input({ role: "admin" }));
    await updateUser(ctx, admin.id, input({ ...me, role: "manager" }));
    expect((await getUser({ ...ctx, role: "admin" }, admin.id)).role).toBe("manager");
    const secondDto = await getUser(ctx, second.id);
    await expect(
      updateUser({ ...ctx, userId: second.id }, second.id, input({ ...secondDto, role: "employee" })),
    ).rejects.toMatchObject({ code: "last_admin" });
  });

  it("refuses a reporting cycle", async () => {
    const { ctx } = await adminOf();
    const a = await createUserFn(ctx, input({ role: "manager" }));
    const b = await createUserFn(ctx, input({ role: "manager", managerId: a.id }));
    const aDto = await getUser(ctx, a.id);
    expect(await status(updateUser(ctx, a.id, input({ ...aDto, managerId: b.id })))).toBe(400);
    expect(await status(updateUser(ctx, a.id, input({ ...aDto, managerId: a.id })))).toBe(400);
  });

  it("removing a person ends their sessions and frees their reports and team", async () => {
    const { orgId, ctx } = await adminOf();
    const team = await createTeam(ctx, { name: "Ops", managerId: null });
    const lead = await createUserFn(ctx, input({ role: "manager", teamId: team.id }));
    const report = await createUserFn(ctx, input({ managerId: lead.id, teamId: team.id }));
    const sid = await withOrg(orgId, (tx) => createSession(tx, orgId, lead.id, null));
    expect(await loadSession(orgId, sid)).not.toBeNull();
    await deleteUser(ctx, lead.id);
    expect(await loadSession(orgId, sid)).toBeNull();
    expect((await getUser(ctx, report.id)).managerId).toBeNull();
    expect((await listTeams(ctx)).find((t) => t.id === team.id)?.managerId).toBeNull();
    expect(await status(deleteUser(ctx, lead.id))).toBe(404);
  });

  it("resending an invitation replaces the old link; an accepted invitation cannot be resent", async () => {
    const { orgId, ctx } = await adminOf();
    const u = await createUserFn(ctx, input());
    await resendInvitation(ctx, u.id);
    const all = await tokens(orgId, u.id);
    expect(all).toHaveLength(2);
    expect(all.filter((t) => t.usedAt === null)).toHaveLength(1);
    expect(await mails(orgId, u.email)).toHaveLength(2);
    await withOrg(orgId, (tx) =>
      tx.user.update({
        where: { organizationId_id: { organizationId: orgId, id: u.id } },
        data: { passwordSetAt: new Date() },
      }),
    );
    expect(await status(resendInvitation(ctx, u.id))).toBe(409);
  });

  it("an invitation link sets the password once and not after it expired", async () => {
    const { orgId, ctx } = await adminOf();
    const link = async (email: string) => /token=([\w-]+)/.exec((await mails(orgId, email)).at(-1)!.text)![1]!;
    const u = await createUserFn(ctx, input());
    const token = await link(u.email);
    expect(await acceptInvitation(orgId, token, "Fresh-password-1")).toBe(true);
    expect(await acceptInvitation(orgId, token, "Another-password-2")).toBe(false);
    expect((await getUser(ctx, u.id)).status).toBe("active");

    const late = await createUserFn(ctx, input());
    await withOrg(orgId, (tx) =>
      tx.authToken.updateMany({
        where: { organizationId: orgId, userId: late.id },
        data: { expiresAt: new Date(Date.now() - 1000) },
      }),
    );
    expect(await acceptInvitation(orgId, await link(late.email), "Fresh-password-1")).toBe(false);
    expect((await getUser(ctx, late.id)).status).toBe("pending");
  });

  it("a corrected e-mail cancels the links sent to the old address and invites the new one", async () => {
    const { orgId, ctx } = await adminOf();
    const u = await createUserFn(ctx, input({ email: "typo@exmaple.com" }));
    const oldToken = /token=([\w-]+)/.exec((await mails(orgId, "typo@exmaple.com"))[0]!.text)![1]!;
    const fixed = await updateUser(ctx, u.id, input({ ...(await getUser(ctx, u.id)), email: "right@example.com" }));
    expect(fixed).toMatchObject({ email: "right@example.com", status: "pending" });
    expect(await acceptInvitation(orgId, oldToken, "Stolen-password-1")).toBe(false);
    const [mail] = await mails(orgId, "right@example.com");
    expect(await acceptInvitation(orgId, /token=([\w-]+)/.exec(mail!.text)![1]!, "Fresh-password-1")).toBe(true);
    // Once they have accepted, only they can change it (tests/integration/account-takeover.test.ts).
    await expect(
      updateUser(ctx, u.id, input({ ...(await getUser(ctx, u.id)), email: "renamed@example.com" })),
    ).rejects.toMatchObject({ code: "email_change_not_allowed" });
    expect(await mails(orgId, "renamed@example.com")).toHaveLength(0);
  });

  it("a manager made an employee stops leading teams and people", async () => {
    const { ctx } = await adminOf();
    const lead = await createUserFn(ctx, input({ role: "manager" }));
    const led = await createTeam(ctx, { name: "Led elsewhere", managerId: lead.id });
    const report = await createUserFn(ctx, input({ managerId: lead.id }));
    await updateUser(ctx, lead.id, input({ ...(await getUser(ctx, lead.id)), role: "employee" }));
    expect((await listTeams(ctx)).find((t) => t.id === led.id)?.managerId).toBeNull();
    expect((await getUser(ctx, report.id)).managerId).toBeNull();
  });

  it("managers may view people but not change them; employees may not view", async () => {
    const { orgId, ctx } = await adminOf();
    const mctx = await ctxFor(orgId, "manager");
    const ectx = await ctxFor(orgId, "employee");
    expect((await listUsers(mctx)).length).toBe(3);
    expect(await status(createUserFn(mctx, input()))).toBe(403);
    expect(await status(createTeam(mctx, { name: "X", managerId: null }))).toBe(403);
    expect(await status(listUsers(ectx))).toBe(403);
    expect(await status(getOrgChart(ectx))).toBe(403);
    // Anyone reads their own record.
    expect((await getUser(ectx, ectx.userId)).id).toBe(ectx.userId);
    expect(await status(getUser(ectx, mctx.userId))).toBe(403);
    expect((await listUsers(ctx, { search: "test", limit: 2 })).length).toBe(2);
  });
});

describe("teams and organisation", () => {
  it("creates, renames and deletes a team; names are unique; the manager must be a manager", async () => {
    const { orgId, ctx } = await adminOf();
    const emp = await createUser(orgId, { role: "employee" });
    const mgr = await createUser(orgId, { role: "manager" });
    expect(await status(createTeam(ctx, { name: "Design", managerId: emp.id }))).toBe(400);
    const t = await createTeam(ctx, { name: "Design", managerId: mgr.id });
    expect(t).toMatchObject({ name: "Design", managerId: mgr.id, memberCount: 0 });
    await expect(createTeam(ctx, { name: "Design", managerId: null })).rejects.toMatchObject({
      code: "team_name_taken",
      message: 'A team named "Design" already exists',
    });
    expect((await updateTeam(ctx, t.id, { name: "Product Design", managerId: null })).name).toBe("Product Design");
    await withOrg(orgId, (tx) =>
      tx.user.update({ where: { organizationId_id: { organizationId: orgId, id: emp.id } }, data: { teamId: t.id } }),
    );
    await deleteTeam(ctx, t.id);
    expect(await listTeams(ctx)).toEqual([]);
    expect((await getUser(ctx, emp.id)).teamId).toBeNull();
  });

  it("another organisation's ids are not found", async () => {
    const a = await adminOf();
    const b = await adminOf();
    const bTeam = await createTeam(b.ctx, { name: "B", managerId: null });
    const bUser = await createUserFn(b.ctx, input());
    expect(await status(getUser(a.ctx, bUser.id))).toBe(404);
    expect(await status(updateUser(a.ctx, bUser.id, input()))).toBe(404);
    expect(await status(deleteUser(a.ctx, bUser.id))).toBe(404);
    expect(await status(resendInvitation(a.ctx, bUser.id))).toBe(404);
    expect(await status(updateTeam(a.ctx, bTeam.id, { name: "Mine", managerId: null }))).toBe(404);
    expect(await status(deleteTeam(a.ctx, bTeam.id))).toBe(404);
    expect(await status(getOrganization(a.ctx, b.orgId))).toBe(404);
    expect((await listTeams(b.ctx)).map((t) => t.name)).toEqual(["B"]);
    expect((await getOrganization(a.ctx, a.orgId)).userCount).toBe(1);
  });

  it("the org chart places every person exactly once", async () => {
    const { ctx } = await adminOf();
    const team = await createTeam(ctx, { name: "Core", managerId: null });
    const lead = await createUserFn(ctx, input({ role: "manager", teamId: team.id, managerId: ctx.userId }));
    await createUserFn(ctx, input({ teamId: team.id, managerId: lead.id }));
    await createUserFn(ctx, input());
    const chart = await getOrgChart(ctx);
    expect(chart.total).toBe(4);
    expect(chart.roots).toHaveLength(1);
    expect(chart.roots[0]!.leaders[0]!.person.id).toBe(lead.id);
    expect(chart.roots[0]!.leaders[0]!.teams[0]!.members).toHaveLength(1);
    expect(chart.unplaced).toHaveLength(1);
  });
});

describe("removing a person while a survey is open", () => {
  /** An organisation with a team of four, one person without a team and the admin, all activated,
   * and an open survey sent to all six (the team is large enough to be attributed). Tokens come
   * from the mails. */
  async function openSurvey() {
    const { orgId, ctx, admin } = await adminOf();
    const team = await createTeam(ctx, { name: "Core", managerId: null });
    const members: Awaited<ReturnType<typeof createUserFn>>[] = [];
    for (let i = 0; i < 4; i++) members.push(await createUserFn(ctx, input({ teamId: team.id })));
    const loner = await createUserFn(ctx, input());
    // Surveys go only to people who have set their password.
    await withOrg(orgId, (tx) =>
      tx.user.updateMany({
        where: { organizationId: orgId, id: { in: [...members.map((m) => m.id), loner.id] } },
        data: { passwordSetAt: new Date() },
      }),
    );
    const send = () =>
      withOrg(orgId, async (tx) => {
        const spec = {
          kind: "custom" as const,
          title: "Check-in",
          audienceTeamIds: [],
          createdById: admin.id,
          questions: [{ type: "scale" as const, text: "All good?", isRequired: true }],
        };
        const { surveyId } = await createSurvey(tx, orgId, spec, new Date());
        await sendSurvey(tx, orgId, surveyId, new Date());
        return surveyId;
      });
    const surveyId = await send();
    // Each survey's e-mails are delivered once, on the first question about it.
    const delivered = new Map<string, ReturnType<typeof deliverSurveyInvitations>>();
    const tokenOf = async (sid: string, email: string) => {
      if (!delivered.has(sid)) delivered.set(sid, deliverSurveyInvitations(orgId, sid));
      return linkToken((await delivered.get(sid)!).find((m) => m.to === email)!.text);
    };
    const question = await withOrg(orgId, (tx) =>
      tx.surveyQuestion.findFirstOrThrow({ where: { organizationId: orgId, surveyId }, select: { id: true } }),
    );
    const answer = (sid: string, qid: string, token: string) =>
      submitResponse(orgId, { surveyId: sid, responses: [{ questionId: qid, answer: 4 }] }, { token });
    const counts = (sid: string) =>
      withOrg(orgId, async (tx) => {
        const rows = await tx.surveyParticipation.findMany({
          where: { organizationId: orgId, surveyId: sid },
          select: { teamId: true, invited: true, responded: true },
        });
        const survey = await tx.survey.findUniqueOrThrow({
          where: { organizationId_id: { organizationId: orgId, id: sid } },
          select: { invitedCount: true, status: true },
        });
        const pending = await tx.surveyPendingResponse.count({ where: { organizationId: orgId, surveyId: sid } });
        // Invited as stored (what results show after close); responded as the product counts it:
        // from the pool while the survey is open, as stored by the fold once closed.
        const live = await liveParticipation(tx, orgId, sid);
        const group = (id: string) => {
          const stored = rows.find((r) => r.teamId === id);
          const open = live.find((r) => r.teamId === id);
          return (
            stored && {
              teamId: id,
              invited: stored.invited,
              responded: survey.status === "active" ? (open?.responded ?? 0) : stored.responded,
            }
          );
        };
        return {
          team: group(team.id),
          org: group(ORG_TEAM_ID),
          invitedCount: survey.invitedCount,
          pending,
        };
      });
    return { orgId, ctx, team, members, loner, surveyId, send, tokenOf, question, answer, counts };
  }

  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e,
    );

  it("cancels their links: the link is invalid, nothing is stored, and the invited counts stay (nobody can tell whether they had answered)", async () => {
    const s = await openSurvey();
    expect(await s.counts(s.surveyId)).toEqual({
      team: { teamId: s.team.id, invited: 4, responded: 0 },
      org: { teamId: ORG_TEAM_ID, invited: 6, responded: 0 },
      invitedCount: 6,
      pending: 0,
    });
    const leaver = s.members[0]!;
    const token = await s.tokenOf(s.surveyId, leaver.email);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token })).not.toBeNull();

    await deleteUser(s.ctx, leaver.id);

    const err = await refusal(s.answer(s.surveyId, s.question.id, token));
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ code: "survey_link_invalid", message: INVALID_LINK });
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token })).toBeNull();
    expect(await s.counts(s.surveyId)).toEqual({
      team: { teamId: s.team.id, invited: 4, responded: 0 },
      org: { teamId: ORG_TEAM_ID, invited: 6, responded: 0 },
      invitedCount: 6,
      pending: 0,
    });

    // Someone without an attributed team: their link goes too, and the counts stay.
    const lonerToken = await s.tokenOf(s.surveyId, s.loner.email);
    await deleteUser(s.ctx, s.loner.id);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: lonerToken })).toBeNull();
    expect(await s.counts(s.surveyId)).toMatchObject({ team: { invited: 4 }, org: { invited: 6 }, invitedCount: 6 });
    // The others' links still work.
    await s.answer(s.surveyId, s.question.id, await s.tokenOf(s.surveyId, s.members[1]!.email));
    expect(await s.counts(s.surveyId)).toMatchObject({
      team: { invited: 4, responded: 1 },
      org: { invited: 6, responded: 1 },
      pending: 1,
    });
  });

  it("a removal racing the person's own submission: the link is cancelled either way, and the answer counts only if it came first; no deadlock", async () => {
    const s = await openSurvey();
    const racers = s.members.slice(0, 3);
    const outcomes = await Promise.all(
      racers.map(async (m) => {
        const token = await s.tokenOf(s.surveyId, m.email);
        const [, submitted] = await Promise.all([
          deleteUser(s.ctx, m.id),
          refusal(s.answer(s.surveyId, s.question.id, token)),
        ]);
        if (submitted !== null) expect(submitted).toMatchObject({ code: "survey_link_invalid", message: INVALID_LINK });
        return submitted === null;
      }),
    );
    const answered = outcomes.filter(Boolean).length;
    // Whether someone answered is not known (a submission writes nothing about its invitation),
    // so every removed person's link goes and the invited counts stay as sent.
    expect(await s.counts(s.surveyId)).toMatchObject({
      team: { invited: 4, responded: answered },
      org: { invited: 6, responded: answered },
      invitedCount: 6,
      pending: answered,
    });
  });

  it("keeps the answer of a person removed after answering, and leaves closed surveys as they were", async () => {
    const s = await openSurvey();
    const closedId = await s.send();
    await withOrg(s.orgId, (tx) =>
      tx.survey.update({
        where: { organizationId_id: { organizationId: s.orgId, id: closedId } },
        data: { status: "closed", closedAt: new Date() },
        select: { id: true },
      }),
    );
    const answered = s.members[0]!;
    const token = await s.tokenOf(s.surveyId, answered.email);
    await s.answer(s.surveyId, s.question.id, token);
    const closedBefore = await s.counts(closedId);

    await deleteUser(s.ctx, answered.id);

    // The answer stays in the pool and counts; the link is cancelled like any other.
    expect(await s.counts(s.surveyId)).toEqual({
      team: { teamId: s.team.id, invited: 4, responded: 1 },
      org: { teamId: ORG_TEAM_ID, invited: 6, responded: 1 },
      invitedCount: 6,
      pending: 1,
    });
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token })).toBeNull();
    expect(await s.counts(closedId)).toEqual(closedBefore);
    // Both invitations stay (they are counted as sent); the open one no longer opens with any link.
    const left = await withOrg(s.orgId, (tx) =>
      tx.surveyInvitation.findMany({
        where: { organizationId: s.orgId, userId: answered.id },
        select: { surveyId: true, tokenHash: true },
      }),
    );
    expect(left.map((i) => i.surveyId).sort()).toEqual([closedId, s.surveyId].sort());
    expect(left.find((i) => i.surveyId === s.surveyId)?.tokenHash).toMatch(/^void:/);
  });
});

it("an upper-case spelling of a person's own id is refused as their manager, through the API as through the domain", async () => {
  // The API wrapper lower-cases ids at the edge, so the domain's 'cannot report to themselves'
  // comparison sees the same spelling PostgreSQL would. The session is the only thing replaced.
  const { vi } = await import("vitest");
  const { ctx } = await adminOf();
  const m = await createUserFn(ctx, input({ role: "manager" }));
  vi.doMock("@/lib/auth/current-session", () => ({ currentSession: async () => ({ ctx }) }));
  try {
    const { PUT } = await import("@/app/api/users/[id]/route");
    const { NextRequest } = await import("next/server");
    const dto = await getUser(ctx, m.id);
    const put = (pathId: string, managerId: string) =>
      PUT(
        new NextRequest(`http://acme.localhost:3000/api/users/${pathId}`, {
          method: "PUT",
          headers: { host: "acme.localhost:3000", "content-type": "application/json" },
          body: JSON.stringify({
            firstName: dto.firstName,
            lastName: dto.lastName,
            email: dto.email,
            role: "manager",
            teamId: null,
            managerId,
          }),
        }),
        { params: Promise.resolve({ id: pathId }) },
      );
    for (const [pathId, managerId] of [
      [m.id, m.id.toUpperCase()],
      [m.id.toUpperCase(), m.id],
      [m.id.toUpperCase(), m.id.toUpperCase()],
    ]) {
      const res = await put(pathId!, managerId!);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ fields: { managerId: ["A person cannot report to themselves"] } });
    }
    expect((await getUser(ctx, m.id)).managerId).toBeNull();
  } finally {
    vi.doUnmock("@/lib/auth/current-session");
  }
});
