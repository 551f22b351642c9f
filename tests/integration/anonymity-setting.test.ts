import { beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { currentSession } from "@/lib/auth/current-session";
import { getAnonymitySetting, updateAnonymitySetting } from "@/lib/org/anonymity";
import { anonymitySchema } from "@/lib/org/anonymity-schemas";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { submitResponse } from "@/lib/surveys/submit";
import { submissionSchema } from "@/lib/surveys/take-schemas";
import { pulseOverview } from "@/lib/analytics/pulse";
import { GET, PATCH } from "@/app/api/organizations/[orgId]/anonymity/route";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";
import { closeSurvey } from "@/lib/surveys/round-lifecycle";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

// The route is called as Next would call it; only the signed-in person is given rather than read
// from a cookie (sessions.test.ts covers that part).
vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
const signedIn = vi.mocked(currentSession);

const ctxOf = (orgId: string, userId: string, role: Role): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});

async function org() {
  const { orgId, subdomain } = await createOrg();
  await withOrg(orgId, (tx) => tx.organization.update({ where: { id: orgId }, data: { pulseEnabled: false } }));
  const admin = await createUser(orgId, { role: "admin" });
  const manager = await createUser(orgId, { role: "manager" });
  const employee = await createUser(orgId, { role: "employee" });
  return {
    orgId,
    subdomain,
    admin: ctxOf(orgId, admin.id, "admin"),
    manager: ctxOf(orgId, manager.id, "manager"),
    employee: ctxOf(orgId, employee.id, "employee"),
  };
}

function call(handler: typeof PATCH, w: { orgId: string; subdomain: string }, as: AuthContext, body?: unknown) {
  signedIn.mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  const url = `http://${w.subdomain}.localhost:3000/api/organizations/${w.orgId}/anonymity`;
  const req = new NextRequest(
    url,
    body === undefined
      ? { method: "GET" }
      : { method: "PATCH", body: JSON.stringify(body), headers: { "content-type": "application/json" } },
  );
  return handler(req, { params: Promise.resolve({ orgId: w.orgId }) });
}

const stored = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.organization.findUniqueOrThrow({ where: { id: orgId }, select: { minGroupSize: true } }),
  ).then((o) => o.minGroupSize);
const audits = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.auditLog.findMany({
      where: { organizationId: orgId, action: "organization.anonymity" },
      orderBy: { createdAt: "asc" },
    }),
  );

beforeEach(() => signedIn.mockReset());

describe("the minimum reporting group", () => {
  it("starts at 3, and an admin sets it from 3 to 10 with an audit row", async () => {
    const w = await org();
    expect(await getAnonymitySetting(w.admin, w.orgId)).toEqual({ minGroupSize: 3, commentMinimum: 5 });

    const res = await call(PATCH, w, w.admin, { minGroupSize: 7 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ minGroupSize: 7, commentMinimum: 7 });
    expect(await stored(w.orgId)).toBe(7);
    await updateAnonymitySetting(w.admin, w.orgId, anonymitySchema.parse({ minGroupSize: 10 }));
    await updateAnonymitySetting(w.admin, w.orgId, anonymitySchema.parse({ minGroupSize: 3 }));
    expect(await stored(w.orgId)).toBe(3);
    const rows = await audits(w.orgId);
    expect(rows.map((r) => r.details)).toEqual([
      { from: 3, to: 7, surveysRaised: 0 },
      { from: 7, to: 10, surveysRaised: 0 },
      { from: 10, to: 3, surveysRaised: 0 },
    ]);
    expect(rows[0]).toMatchObject({ actorId: w.admin.userId, targetType: "organization", targetId: w.orgId });
  });

  it("refuses values outside 3 to 10 with a field message, and changes nothing", async () => {
    const w = await org();
    for (const minGroupSize of [2, 11, 0, -3, 4.5, "5", null]) {
      const res = await call(PATCH, w, w.admin, { minGroupSize });
      expect(res.status, String(minGroupSize)).toBe(400);
      const body = (await res.json()) as { fields?: Record<string, string[]> };
      expect(body.fields?.minGroupSize).toEqual(expect.arrayContaining(["Choose a whole number from 3 to 10"]));
    }
    const missing = await call(PATCH, w, w.admin, {});
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { fields?: Record<string, string[]> }).fields?.minGroupSize).toBeDefined();
    expect(await stored(w.orgId)).toBe(3);
    expect(await audits(w.orgId)).toHaveLength(0);
  });

  it("lets managers read it but not change it, and employees neither", async () => {
    const w = await org();
    const patch = await call(PATCH, w, w.manager, { minGroupSize: 5 });
    expect(patch.status).toBe(403);
    expect(await status(updateAnonymitySetting(w.manager, w.orgId, { minGroupSize: 5 }))).toBe(403);
    expect(await status(updateAnonymitySetting(w.employee, w.orgId, { minGroupSize: 5 }))).toBe(403);
    expect((await call(GET, w, w.manager)).status).toBe(200);
    expect((await call(GET, w, w.employee)).status).toBe(403);
    expect(await stored(w.orgId)).toBe(3);
    expect(await audits(w.orgId)).toHaveLength(0);
  });

  it("answers 404 for another organisation's id, and changes nothing there", async () => {
    const w = await org();
    const other = await org();
    expect(await status(updateAnonymitySetting(other.admin, w.orgId, { minGroupSize: 9 }))).toBe(404);
    expect(await status(getAnonymitySetting(other.admin, w.orgId))).toBe(404);
    expect(await stored(w.orgId)).toBe(3);
  });
});

describe("raising and lowering the minimum", () => {
  /** A team of four who all answer a pulse, closed: visible with the minimum of 3. */
  async function answeredRound() {
    const w = await org();
    const team = await withOrg(w.orgId, (tx) =>
      tx.team.create({ data: { organizationId: w.orgId, name: "Four" }, select: { id: true } }),
    );
    const members = await Promise.all([0, 1, 2, 3].map(() => createUser(w.orgId)));
    await withOrg(w.orgId, (tx) =>
      tx.user.updateMany({
        where: { organizationId: w.orgId, id: { in: members.map((m) => m.id) } },
        data: { teamId: team.id },
      }),
    );
    const { surveyId } = await sendPulseNow(w.admin);
    const mails = await deliverSurveyInvitations(w.orgId, surveyId);
    const questions = await withOrg(w.orgId, (tx) =>
      tx.surveyQuestion.findMany({ where: { organizationId: w.orgId, surveyId }, select: { id: true, type: true } }),
    );
    const responses = submissionSchema.shape.responses.parse(
      questions.map((q) => ({ questionId: q.id, answer: q.type === "enps" ? 8 : q.type === "scale" ? 4 : "" })),
    );
    for (const m of members) {
      const token = linkToken(mails.find((x) => x.to === m.email)!.text);
      await submitResponse(w.orgId, { surveyId, responses }, { token });
    }
    // Results are released at close (docs/decisions.md (Anonymity and the minimum group)).
    await withOrg(w.orgId, (tx) => closeSurvey(tx, w.orgId, surveyId, new Date(), { early: true }));
    return { ...w, team, surveyId };
  }
  const teamRow = async (ctx: AuthContext, surveyId: string, teamId: string) =>
    (await pulseOverview(ctx, surveyId)).rows.find((r) => r.id === teamId)!;

  it("hides a team that was visible as soon as the minimum rises above its respondents", async () => {
    const w = await answeredRound();
    const before = await teamRow(w.admin, w.surveyId, w.team.id);
    expect(before).toMatchObject({ suppressed: false, participation: 100 });
    expect(Object.values(before.dimensions).some((c) => c.status === "ok")).toBe(true);

    const saved = await updateAnonymitySetting(w.admin, w.orgId, anonymitySchema.parse({ minGroupSize: 5 }));
    expect(saved).toEqual({ minGroupSize: 5, commentMinimum: 5 });
    const after = await teamRow(w.admin, w.surveyId, w.team.id);
    expect(after).toMatchObject({ suppressed: true, reason: "below-minimum", participation: null });
    // Every score it showed is hidden now; what the round did not ask still reads 'not asked'.
    for (const [key, cell] of Object.entries(after.dimensions)) {
      const was = before.dimensions[key as keyof typeof before.dimensions].status;
      expect(cell, key).toMatchObject({ value: null, status: was === "ok" ? "suppressed" : "not-asked" });
    }
    expect(after.enps).toMatchObject({ value: null, status: before.enps.status === "ok" ? "suppressed" : "not-asked" });
    expect((await pulseOverview(w.admin, w.surveyId)).minGroupSize).toBe(5);
    expect((await audits(w.orgId)).at(-1)?.details).toEqual({ from: 3, to: 5, surveysRaised: 1 });
  });

  it("never shows a past round in smaller groups than it was sent with when the minimum is lowered", async () => {
    const w = await answeredRound();
    await updateAnonymitySetting(w.admin, w.orgId, { minGroupSize: 6 });
    await updateAnonymitySetting(w.admin, w.orgId, { minGroupSize: 3 });
    expect(await teamRow(w.admin, w.surveyId, w.team.id)).toMatchObject({ suppressed: true, reason: "below-minimum" });
    // The next round is sent with the new minimum.
    const { surveyId: next } = await sendPulseNow(w.admin);
    const sent = await withOrg(w.orgId, (tx) =>
      tx.survey.findUniqueOrThrow({
        where: { organizationId_id: { organizationId: w.orgId, id: next } },
        select: { minGroupSize: true },
      }),
    );
    expect(sent.minGroupSize).toBe(3);
  });
});
