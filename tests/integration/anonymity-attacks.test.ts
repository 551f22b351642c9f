import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { createSurvey, sendSurvey } from "@/lib/surveys/send";
import { submitResponse } from "@/lib/surveys/submit";
import { closeSurvey, closeSurveyNow } from "@/lib/surveys/round-lifecycle";
import { foldSurvey } from "@/lib/surveys/fold";
import { recomputeRollups, rollupKey } from "../support/recompute-rollups";
import { surveyResults } from "@/lib/analytics/survey-results";
import { dashboardMetrics } from "@/lib/analytics/dashboard";
import { pulseOverview } from "@/lib/analytics/pulse";
import { teamRankings } from "@/lib/analytics/teams";
import { roundComments } from "@/lib/analytics/comments";
import { submissionSchema } from "@/lib/surveys/take-schemas";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";
import { ownerClient } from "../support/owner-client";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

const owner = ownerClient();

// Each known attack on anonymity (docs/decisions.md (Anonymity and the minimum group)), played against the domain
// functions as the attacker would, asserting that they learn nothing.

const ctxOf = (orgId: string, userId: string, role: AuthContext["role"]): AuthContext => ({
  orgId,
  userId,
  role,
  sessionId: randomUUID(),
});

const QUESTIONS = [
  {
    type: "scale" as const,
    text: "I know what is expected of me.",
    isRequired: true,
    dimension: "alignment",
    bankKey: "alignment_1",
  },
  { type: "enps" as const, text: "Would you recommend us?", isRequired: true, bankKey: "enps" },
  { type: "text" as const, text: "Anything else?", isRequired: false },
];

/** An organisation: an admin without a team, a manager leading team Core whose members are the
 * manager and `reports` employees, and `others` employees in no team; a pulse sent to everyone. */
async function organisation(opts: { reports: number; others?: number; minGroupSize?: number }) {
  const { orgId } = await createOrg({ maxUsers: 500 });
  if (opts.minGroupSize)
    await withOrg(orgId, (tx) =>
      tx.organization.update({ where: { id: orgId }, data: { minGroupSize: opts.minGroupSize } }),
    );
  const admin = await createUser(orgId, { role: "admin" });
  const manager = await createUser(orgId, { role: "manager" });
  const employees = (n: number) =>
    Promise.all(Array.from({ length: n }, () => createUser(orgId, { role: "employee" })));
  const reports = await employees(opts.reports);
  const others = await employees(opts.others ?? 0);
  const team = await withOrg(orgId, async (tx) => {
    const t = await tx.team.create({
      data: { organizationId: orgId, name: "Core", managerId: manager.id },
      select: { id: true },
    });
    await tx.user.updateMany({
      where: { organizationId: orgId, id: { in: [manager.id, ...reports.map((r) => r.id)] } },
      data: { teamId: t.id },
    });
    return t.id;
  });
  return {
    orgId,
    admin,
    manager,
    reports,
    others,
    team,
    adminCtx: ctxOf(orgId, admin.id, "admin"),
    managerCtx: ctxOf(orgId, manager.id, "manager"),
  };
}

async function sendPulse(orgId: string) {
  const surveyId = await withOrg(orgId, async (tx) => {
    const { surveyId } = await createSurvey(
      tx,
      orgId,
      { kind: "pulse", title: "Weekly Pulse", audienceTeamIds: [], createdById: null, questions: QUESTIONS },
      new Date(),
    );
    await sendSurvey(tx, orgId, surveyId, new Date());
    return surveyId;
  });
  const mails = await deliverSurveyInvitations(orgId, surveyId);
  const questions = await withOrg(orgId, (tx) =>
    tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      orderBy: { order: "asc" },
      select: { id: true, type: true },
    }),
  );
  const tokenOf = (email: string) => linkToken(mails.find((m) => m.to === email)!.text);
  /** Answers as `email`: scale `scale`, eNPS `enps`, and the comment `text`. */
  const answer = (email: string, scale: number, enps: number, text: string) =>
    submitResponse(
      orgId,
      submissionSchema.parse({
        surveyId,
        responses: questions.map((q) => ({
          questionId: q.id,
          answer: q.type === "scale" ? scale : q.type === "enps" ? enps : text,
        })),
      }),
      { token: tokenOf(email) },
    );
  return { surveyId, answer };
}

/** Everything a reader of results could look at, as one value. */
async function everything(ctx: AuthContext, surveyId: string) {
  const results = await surveyResults(ctx, surveyId);
  return {
    groups: results.groups.map((g) => ({ ...g, responded: "participation" })),
    released: results.released,
    dashboard: await dashboardMetrics(ctx),
    pulse: await pulseOverview(ctx, "latest"),
    rankings: ctx.role === "admin" ? await teamRankings(ctx) : null,
    comments: await roundComments(ctx, "latest"),
  };
}

describe("anonymity against the people who read the results", () => {
  it("live differencing: reads of an open survey before and after one person answers are equal and hold no scores", async () => {
    const o = await organisation({ reports: 5, others: 6 });
    const { surveyId, answer } = await sendPulse(o.orgId);
    for (const r of o.reports.slice(0, 4)) await answer(r.email, 4, 8, "fine");
    for (const r of o.others) await answer(r.email, 3, 6, "ok");

    for (const ctx of [o.adminCtx, o.managerCtx]) {
      const before = await everything(ctx, surveyId);
      const results = await surveyResults(ctx, surveyId);
      expect(results.released).toBe(false);
      expect(results.groups.length).toBeGreaterThan(0);
      for (const g of results.groups) expect(g.questions).toEqual([]);
      expect(before.comments.groups.flatMap((g) => g.comments)).toEqual([]);
      expect(before.dashboard.overallCultureScore).toBeNull();
      expect(before.pulse.rows.every((r) => r.dimensions.alignment.value === null)).toBe(true);
      // The victim answers; the attacker reads again.
      if (ctx === o.adminCtx) await answer(o.reports[4]!.email, 1, 0, "I am leaving");
      expect(await everything(ctx, surveyId)).toEqual(before);
    }
    // What does move is participation, and only that.
    const after = await surveyResults(o.adminCtx, surveyId);
    expect(after.groups.find((g) => g.name === "Core")).toMatchObject({ invited: 6, responded: 5, questions: [] });

    // Released at close, with the victim's answer folded in with everyone else's.
    await closeSurveyNow(o.adminCtx, surveyId);
    const closed = await surveyResults(o.adminCtx, surveyId);
    expect(closed.released).toBe(true);
    const org = closed.groups.find((g) => g.name === "All employees")!;
    expect(org.responded).toBe(11);
    expect(org.questions.find((q) => q.type === "enps")).toMatchObject({ reason: null });
  });

  it("the viewer's own answer never counts toward the minimum: a manager in a team of three sees the team hidden", async () => {
    const o = await organisation({ reports: 2, others: 4 });
    const { surveyId, answer } = await sendPulse(o.orgId);
    await answer(o.manager.email, 5, 10, "manager");
    await answer(o.reports[0]!.email, 1, 0, "report one");
    await answer(o.reports[1]!.email, 2, 3, "report two");
    for (const e of o.others) await answer(e.email, 3, 7, "other");
    await closeSurveyNow(o.adminCtx, surveyId);

    // The manager answered and is in Core's audience: three respondents are the manager plus two.
    const forManager = await surveyResults(o.managerCtx, surveyId);
    expect(forManager.groups).toHaveLength(1);
    expect(forManager.groups[0]).toMatchObject({ name: "Core", reason: "below-minimum", questions: [] });
    const pulse = await pulseOverview(o.managerCtx, surveyId);
    expect(pulse.rows.find((r) => r.name === "Core")?.suppressed).toBe(true);
    expect((await dashboardMetrics(o.managerCtx)).overallCultureScore).toBeNull();

    // The admin is not in Core's audience: three respondents besides them, so Core shows.
    const forAdmin = await surveyResults(o.adminCtx, surveyId);
    expect(forAdmin.groups.find((g) => g.name === "Core")).toMatchObject({ reason: null, responded: 3 });
  });

  it("the viewer's own answer never counts toward the minimum: an admin in an org-wide round of three sees nothing", async () => {
    const { orgId } = await createOrg();
    const admin = await createUser(orgId, { role: "admin" });
    const a = await createUser(orgId, { role: "employee" });
    const b = await createUser(orgId, { role: "employee" });
    const { surveyId, answer } = await sendPulse(orgId);
    await answer(admin.email, 5, 10, "admin");
    await answer(a.email, 1, 0, "a");
    await answer(b.email, 2, 1, "b");
    const adminCtx = ctxOf(orgId, admin.id, "admin");
    await closeSurveyNow(adminCtx, surveyId);
    const r = await surveyResults(adminCtx, surveyId);
    expect(r.groups[0]).toMatchObject({ name: "All employees", reason: "below-minimum", questions: [] });
    expect((await pulseOverview(adminCtx, surveyId)).rows[0]?.suppressed).toBe(true);
    // A fourth respondent besides the admin makes three others: shown.
    const { orgId: org2 } = await createOrg();
    const admin2 = await createUser(org2, { role: "admin" });
    const people = await Promise.all([0, 1, 2].map(() => createUser(org2, { role: "employee" })));
    const s2 = await sendPulse(org2);
    await s2.answer(admin2.email, 5, 10, "admin");
    for (const p of people) await s2.answer(p.email, 3, 5, "p");
    const ctx2 = ctxOf(org2, admin2.id, "admin");
    await closeSurveyNow(ctx2, s2.surveyId);
    expect((await surveyResults(ctx2, s2.surveyId)).groups[0]).toMatchObject({ reason: null, responded: 4 });
  });

  it("after close no stored answer shares a transaction or an order with an invitation (50 responses)", async () => {
    const o = await organisation({ reports: 2, others: 48 });
    const { surveyId, answer } = await sendPulse(o.orgId);
    const people = [o.manager, ...o.reports, ...o.others].slice(0, 50);
    for (const [i, p] of people.entries())
      await answer(p.email, (i % 5) + 1, i % 11, `answer ${String(i).padStart(2, "0")}`);

    // While open, the pool holds them (no person, token or time; a marker nothing stored
    // recomputes); no answer row exists yet.
    const poolColumns = await withOrg(
      o.orgId,
      (tx) =>
        tx.$queryRaw<
          { column_name: string }[]
        >`SELECT column_name FROM information_schema.columns WHERE table_name = 'SurveyPendingResponse' ORDER BY column_name`,
    );
    expect(poolColumns.map((c) => c.column_name)).toEqual([
      "answers",
      "id",
      "marker",
      "organizationId",
      "surveyId",
      "teamId",
    ]);
    const invitationColumns = await withOrg(
      o.orgId,
      (tx) =>
        tx.$queryRaw<
          { column_name: string; data_type: string }[]
        >`SELECT column_name, data_type FROM information_schema.columns WHERE table_name = 'SurveyInvitation' AND data_type LIKE 'timestamp%' ORDER BY column_name`,
    );
    // The invitation keeps whether it was used, not when (createdAt is the send, remindedAt the reminder).
    expect(invitationColumns.map((c) => c.column_name)).toEqual(["createdAt", "remindedAt"]);
    expect(await withOrg(o.orgId, (tx) => tx.surveyAnswer.count({ where: { organizationId: o.orgId } }))).toBe(0);

    await closeSurveyNow(o.adminCtx, surveyId);

    const xmins = await withOrg(o.orgId, async (tx) => ({
      invitations: (
        await tx.$queryRaw<
          { x: string }[]
        >`SELECT xmin::text AS x FROM "SurveyInvitation" WHERE "organizationId" = ${o.orgId}::uuid AND "userId" = ANY(${people.map((p) => p.id)}::uuid[])`
      ).map((r) => r.x),
      stored: (
        await tx.$queryRaw<{ x: string }[]>`
          SELECT xmin::text AS x FROM "SurveyResponse" WHERE "organizationId" = ${o.orgId}::uuid
          UNION SELECT xmin::text FROM "SurveyAnswer" WHERE "organizationId" = ${o.orgId}::uuid
          UNION SELECT xmin::text FROM "SurveyRollup" WHERE "organizationId" = ${o.orgId}::uuid
          UNION SELECT xmin::text FROM "SurveyQuestionRollup" WHERE "organizationId" = ${o.orgId}::uuid`
      ).map((r) => r.x),
      pool: await tx.surveyPendingResponse.count({ where: { organizationId: o.orgId } }),
      order: (
        await tx.$queryRaw<
          { text: string }[]
        >`SELECT text FROM "SurveyAnswer" WHERE "organizationId" = ${o.orgId}::uuid AND text IS NOT NULL ORDER BY ctid`
      ).map((r) => r.text),
      responseOrder: (
        await tx.$queryRaw<{ text: string }[]>`
          SELECT a.text FROM "SurveyResponse" r JOIN "SurveyAnswer" a ON a."organizationId" = r."organizationId" AND a."responseId" = r.id AND a.text IS NOT NULL
          WHERE r."organizationId" = ${o.orgId}::uuid ORDER BY r.ctid`
      ).map((r) => r.text),
    }));
    expect(xmins.invitations).toHaveLength(50);
    expect(xmins.stored.length).toBeGreaterThan(0);
    // Every answer and rollup row was written by the fold's one transaction, which spent no link.
    expect(xmins.stored.filter((x) => xmins.invitations.includes(x))).toEqual([]);
    expect(new Set(xmins.stored).size).toBe(1);
    expect(xmins.pool).toBe(0);
    // Physical order is not the order of submission (the chance of it being so by luck is 1/50!).
    const submitted = people.map((_, i) => `answer ${String(i).padStart(2, "0")}`);
    expect([...xmins.order].sort()).toEqual(submitted);
    expect(xmins.order).not.toEqual(submitted);
    expect(xmins.responseOrder).not.toEqual(submitted);
  });

  it("a fold runs once: two closers at the same moment count every answer once", async () => {
    const o = await organisation({ reports: 3, others: 3 });
    const { surveyId, answer } = await sendPulse(o.orgId);
    for (const p of [o.manager, ...o.reports, ...o.others]) await answer(p.email, 4, 9, "x");
    const now = new Date();
    const closed = await Promise.all(
      [0, 1, 2].map(() => withOrg(o.orgId, (tx) => closeSurvey(tx, o.orgId, surveyId, now, { early: true }))),
    );
    expect(closed.filter(Boolean)).toHaveLength(1);
    const n = await withOrg(o.orgId, (tx) => tx.surveyResponse.count({ where: { organizationId: o.orgId, surveyId } }));
    expect(n).toBe(7);
    expect(await status(closeSurveyNow(o.adminCtx, surveyId))).toBe(409);
    // Nobody can answer a closed survey: the link is refused and nothing is stored.
    expect(await status(answer(o.others[0]!.email, 1, 1, "late"), 201)).toBe(409);
    expect(await withOrg(o.orgId, (tx) => tx.surveyPendingResponse.count({ where: { organizationId: o.orgId } }))).toBe(
      0,
    );
  });

  it("only admins close a survey early; another organisation's survey is 404", async () => {
    const o = await organisation({ reports: 2 });
    const { surveyId } = await sendPulse(o.orgId);
    expect(await status(closeSurveyNow(o.managerCtx, surveyId))).toBe(403);
    const other = await organisation({ reports: 2 });
    expect(await status(closeSurveyNow(other.adminCtx, surveyId))).toBe(404);
    const s = await withOrg(o.orgId, (tx) =>
      tx.survey.findFirstOrThrow({ where: { organizationId: o.orgId, id: surveyId }, select: { status: true } }),
    );
    expect(s.status).toBe("active");
  });

  it("the migration moves open surveys' stored answers to the pool and writes closed surveys' answers again, unlinked", async () => {
    const o = await organisation({ reports: 3, others: 3 });
    const people = [o.manager, ...o.reports, ...o.others];
    const closedOne = await sendPulse(o.orgId);
    for (const [i, p] of people.entries()) await closedOne.answer(p.email, (i % 5) + 1, i, `closed ${i}`);
    await closeSurveyNow(o.adminCtx, closedOne.surveyId);
    const openOne = await sendPulse(o.orgId);
    for (const [i, p] of people.entries()) await openOne.answer(p.email, 5 - (i % 5), 10 - i, `open ${i}`);
    // As before the migration: the open survey's answers and rollups stored at once.
    await withOrg(o.orgId, (tx) => foldSurvey(tx, o.orgId, openOne.surveyId));

    const read = () =>
      withOrg(o.orgId, async (tx) => ({
        responses: await tx.surveyResponse.findMany({
          where: { organizationId: o.orgId },
          select: { id: true, surveyId: true },
        }),
        answers: (
          await tx.surveyAnswer.findMany({
            where: { organizationId: o.orgId },
            select: { text: true, value: true, questionId: true, response: { select: { surveyId: true } } },
          })
        )
          .map((a) => `${a.response.surveyId}|${a.questionId}|${a.value}|${a.text}`)
          .sort(),
        rollups: (
          await tx.surveyRollup.findMany({
            where: { organizationId: o.orgId },
            select: { surveyId: true, teamId: true, metric: true, n: true, sum: true },
          })
        )
          .map((r) => JSON.stringify(r))
          .sort(),
        pool: await tx.surveyPendingResponse.count({ where: { organizationId: o.orgId } }),
        xmins: (
          await tx.$queryRaw<
            { x: string }[]
          >`SELECT DISTINCT xmin::text AS x FROM "SurveyResponse" WHERE "organizationId" = ${o.orgId}::uuid`
        ).map((r) => r.x),
      }));
    const before = await read();
    expect(before.pool).toBe(0);
    expect(before.responses.filter((r) => r.surveyId === openOne.surveyId)).toHaveLength(7);

    const sql = await readFile(
      path.join(import.meta.dirname, "../../prisma/migrations/20261123190000_pending_pool/migration.sql"),
      "utf8",
    );
    const step3 = /-- 3 -+\n([\s\S]*?)\n-- 4 -+/.exec(sql)![1]!;
    await owner().query("BEGIN");
    try {
      await owner().query(step3);
      await owner().query("COMMIT");
    } catch (err) {
      await owner().query("ROLLBACK");
      throw err;
    }

    const after = await read();
    // The open survey: its answers wait in the pool, its rollups are gone until it closes.
    expect(after.pool).toBe(7);
    expect(after.responses.filter((r) => r.surveyId === openOne.surveyId)).toHaveLength(0);
    expect(after.rollups.filter((r) => r.includes(openOne.surveyId))).toEqual([]);
    // The closed survey: the same answers and rollups, under new ids written by one new transaction.
    const closedIds = (rs: { id: string; surveyId: string }[]) =>
      rs.filter((r) => r.surveyId === closedOne.surveyId).map((r) => r.id);
    expect(closedIds(after.responses)).toHaveLength(7);
    expect(closedIds(after.responses).filter((id) => closedIds(before.responses).includes(id))).toEqual([]);
    expect(after.answers).toEqual(before.answers.filter((a) => a.startsWith(closedOne.surveyId)));
    expect(after.rollups).toEqual(before.rollups.filter((r) => !r.includes(openOne.surveyId)));
    expect(after.xmins).toHaveLength(1);
    expect(before.xmins).not.toContain(after.xmins[0]);

    // Closing the open survey folds the moved answers into exactly the right rollups.
    await closeSurveyNow(o.adminCtx, openOne.surveyId);
    const expected = await recomputeRollups(o.orgId, openOne.surveyId);
    expect(expected.responded.get("00000000-0000-0000-0000-000000000000")).toBe(7);
    const rows = await withOrg(o.orgId, (tx) =>
      tx.surveyRollup.findMany({ where: { organizationId: o.orgId, surveyId: openOne.surveyId } }),
    );
    expect(
      new Map(
        rows.map((r) => [
          rollupKey(r.teamId, r.metric),
          { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors },
        ]),
      ),
    ).toEqual(expected.rollups);
  });
});
