import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { DomainError } from "@/lib/errors/domain-error";
import { runSchedulerTick, sendPulseNow } from "@/lib/surveys/rounds";
import { pulseQuestions } from "@/lib/surveys/rotation";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { submitResponse } from "@/lib/surveys/submit";
import { closeSurvey } from "@/lib/surveys/round-lifecycle";
import { surveyResults } from "@/lib/analytics/survey-results";
import { loadRounds } from "@/lib/analytics/load";
import { getCurrentSurvey } from "@/lib/surveys/round-status";
import { ORG_TEAM_ID, surveyMailRef } from "@/lib/surveys/send";
import { DIMENSION_KEYS, dimensionLabel, type DimensionKey } from "@/lib/surveys/dimensions";
import {
  attachDueCheckBacks,
  checkBackScoreItem,
  happenedQuestionText,
  sendOverdueCheckBacks,
} from "@/lib/plans/checkback-send";
import { getPlan } from "@/lib/plans/plans";
import { createOrg, createUser } from "../support/factories";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

const DAY = 86_400_000;

/** An organisation (pulse on or off) with an admin, team A of 3, team B of 3 (both large enough to
 * be attributed at the minimum of 3) and one person without a team. */
async function workspace(opts: { pulse?: boolean } = {}) {
  const { orgId } = await createOrg();
  await withOrg(orgId, (tx) =>
    tx.organization.update({
      where: { id: orgId },
      data: { pulseEnabled: opts.pulse ?? false, minGroupSize: 3, name: "Acme", pulseTimeZone: "UTC" },
    }),
  );
  const admin = await createUser(orgId, { role: "admin", firstName: "Ada" });
  const loner = await createUser(orgId, { firstName: "Lone" });
  const team = async (name: string) => {
    const t = await withOrg(orgId, (tx) =>
      tx.team.create({ data: { organizationId: orgId, name }, select: { id: true } }),
    );
    const members: { id: string; email: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await createUser(orgId, { firstName: `${name}${i}` });
      await withOrg(orgId, (tx) =>
        tx.user.update({ where: { organizationId_id: { organizationId: orgId, id: u.id } }, data: { teamId: t.id } }),
      );
      members.push({ id: u.id, email: u.email });
    }
    return { id: t.id, members };
  };
  const a = await team("A");
  const b = await team("B");
  const adminCtx: AuthContext = { orgId, userId: admin.id, role: "admin", sessionId: randomUUID() };
  return { orgId, admin, loner, a, b, adminCtx, people: 2 + 6 };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

/** A plan with one scheduled check-back due at `dueAt`. */
async function plan(
  w: Workspace,
  opts: {
    teamId: string | null;
    dimension: DimensionKey;
    dueAt: Date;
    status?: "published" | "done" | "dropped";
    title?: string;
    baselineSurveyId?: string;
  },
) {
  return withOrg(w.orgId, async (tx) => {
    const p = await tx.actionPlan.create({
      data: {
        organizationId: w.orgId,
        title: opts.title ?? `Plan ${randomUUID().slice(0, 6)}`,
        dimension: opts.dimension,
        teamId: opts.teamId,
        ownerId: w.admin.id,
        createdById: w.admin.id,
        dueAt: new Date(Date.now() + 90 * DAY),
        status: opts.status ?? "published",
        publishedAt: new Date(opts.dueAt.getTime() - 30 * DAY),
        baselineSurveyId: opts.baselineSurveyId ?? null,
      },
      select: { id: true, title: true },
    });
    const cb = await tx.actionCheckBack.create({
      data: { organizationId: w.orgId, planId: p.id, ordinal: 1, dueAt: opts.dueAt },
      select: { id: true },
    });
    return { planId: p.id, title: p.title, checkBackId: cb.id };
  });
}

const checkBack = (orgId: string, id: string) =>
  withOrg(orgId, (tx) =>
    tx.actionCheckBack.findUniqueOrThrow({ where: { organizationId_id: { organizationId: orgId, id } } }),
  );
const questionsOf = (orgId: string, surveyId: string) =>
  withOrg(orgId, (tx) =>
    tx.surveyQuestion.findMany({ where: { organizationId: orgId, surveyId }, orderBy: { order: "asc" } }),
  );
const countsOf = (orgId: string, surveyId: string) =>
  withOrg(orgId, async (tx) => ({
    invitations: await tx.surveyInvitation.count({ where: { organizationId: orgId, surveyId } }),
    mails: await tx.mailMessage.count({ where: { organizationId: orgId, ref: surveyMailRef(surveyId) } }),
    questions: await tx.surveyQuestion.count({ where: { organizationId: orgId, surveyId } }),
  }));
const checkBackSurveys = (orgId: string) =>
  withOrg(orgId, (tx) =>
    tx.survey.findMany({
      where: { organizationId: orgId, title: { startsWith: "Check-back: " } },
      orderBy: { id: "asc" },
    }),
  );

// The first round of an organisation asks these dimensions (the rotation numbers rounds from 0).
const firstRound = pulseQuestions({ roundNumber: 0, roundDate: "2026-11-23", companyName: "Acme" });
const asked = DIMENSION_KEYS.filter((d) =>
  firstRound.some((q) => q.dimension === d && q.bankKey !== "wellness_stress"),
);
const notAsked = DIMENSION_KEYS.filter((d) => d !== "wellness" && !firstRound.some((q) => q.dimension === d));

describe("attaching check-backs to that week's pulse round", () => {
  it("attaches those due in the 8 days up to the send, not later ones nor older ones, which go alone", async () => {
    const w = await workspace();
    const now = new Date();
    const dayBefore = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const atSend = await plan(w, { teamId: w.b.id, dimension: notAsked[1]!, dueAt: now });
    const after = await plan(w, { teamId: w.a.id, dimension: notAsked[2]!, dueAt: new Date(now.getTime() + 60_000) });
    const tooOld = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - 8 * DAY) });

    const { surveyId, invited } = await sendPulseNow(w.adminCtx, now);
    expect(invited).toBe(w.people);
    const questions = await questionsOf(w.orgId, surveyId);
    expect(questions.map((q) => q.order)).toEqual(questions.map((_, i) => i + 1));

    for (const [p, teamId] of [
      [dayBefore, w.a.id],
      [atSend, w.b.id],
    ] as const) {
      const cb = await checkBack(w.orgId, p.checkBackId);
      expect(cb).toMatchObject({ status: "sent", surveyId });
      expect(cb.sentAt?.getTime()).toBe(now.getTime());
      const score = questions.find((q) => q.id === cb.scoreQuestionId)!;
      const happened = questions.find((q) => q.id === cb.happenedQuestionId)!;
      const dimension = (await withOrg(w.orgId, (tx) =>
        tx.actionPlan.findFirstOrThrow({ where: { id: p.planId }, select: { dimension: true } }),
      ))!.dimension;
      expect(score).toMatchObject({
        type: "scale",
        text: checkBackScoreItem(dimension)!.text,
        bankKey: checkBackScoreItem(dimension)!.bankKey,
        // The pulse's dimension rollups stay the pulse's own; asked of everyone, so the
        // comparison teams answer the same question in the same round.
        dimension: null,
        audienceTeamId: null,
        checkBackId: p.checkBackId,
      });
      expect(happened).toMatchObject({
        type: "choice",
        text: happenedQuestionText(p.title),
        options: ["Yes", "Partly", "No"],
        isRequired: false,
        audienceTeamId: teamId,
        checkBackId: p.checkBackId,
      });
    }
    expect(questions.filter((q) => q.checkBackId !== null)).toHaveLength(4);
    expect(await checkBack(w.orgId, after.checkBackId)).toMatchObject({ status: "scheduled", surveyId: null });
    expect(await checkBack(w.orgId, tooOld.checkBackId)).toMatchObject({ status: "scheduled", surveyId: null });

    // The tick sends the one 8 days overdue alone; the one not yet due waits. (The tick looks at
    // every organisation of this file's database: figures are checked per organisation.)
    expect(await sendOverdueCheckBacks(now)).toMatchObject({ errors: 0 });
    const alone = await checkBack(w.orgId, tooOld.checkBackId);
    expect(alone.status).toBe("sent");
    const [survey] = await checkBackSurveys(w.orgId);
    expect(survey).toMatchObject({
      id: alone.surveyId,
      kind: "custom",
      // Named by the dimension: other managers list the survey, and the plan is kept to its team.
      title: `Check-back: ${dimensionLabel(notAsked[0]!)}`,
      status: "active",
      audienceTeamIds: [w.a.id],
      invitedCount: 3,
    });
    expect(survey!.title).not.toContain(tooOld.title);
    expect(survey!.closesAt!.getTime() - now.getTime()).toBe(7 * DAY);
    const own = await questionsOf(w.orgId, survey!.id);
    expect(own.map((q) => [q.id, q.type, q.audienceTeamId, q.checkBackId])).toEqual([
      [alone.scoreQuestionId, "scale", null, tooOld.checkBackId],
      [alone.happenedQuestionId, "choice", null, tooOld.checkBackId],
    ]);
    expect(await checkBack(w.orgId, after.checkBackId)).toMatchObject({ status: "scheduled" });
  });

  it("lends the round's own question as the score question when the round asks the dimension", async () => {
    const w = await workspace();
    const now = new Date();
    const p = await plan(w, { teamId: w.a.id, dimension: asked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    const cb = await checkBack(w.orgId, p.checkBackId);
    const questions = await questionsOf(w.orgId, surveyId);
    const lent = questions.find((q) => q.id === cb.scoreQuestionId)!;
    expect(lent).toMatchObject({ dimension: asked[0], audienceTeamId: null, checkBackId: null });
    expect(questions.filter((q) => q.checkBackId === p.checkBackId).map((q) => q.type)).toEqual(["choice"]);
  });

  it("adds an organisation plan's questions for everyone, keeps measuring a finished plan, and skips a dropped one", async () => {
    const w = await workspace();
    const now = new Date();
    const org = await plan(w, { teamId: null, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const done = await plan(w, { teamId: w.a.id, dimension: notAsked[1]!, dueAt: now, status: "done" });
    const dropped = await plan(w, { teamId: w.b.id, dimension: notAsked[2]!, dueAt: now, status: "dropped" });
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    const questions = await questionsOf(w.orgId, surveyId);
    expect(questions.filter((q) => q.checkBackId === org.checkBackId).map((q) => [q.type, q.audienceTeamId])).toEqual([
      ["scale", null],
      ["choice", null],
    ]);
    expect(await checkBack(w.orgId, done.checkBackId)).toMatchObject({ status: "sent", surveyId });
    expect(questions.filter((q) => q.checkBackId === done.checkBackId).map((q) => [q.type, q.audienceTeamId])).toEqual([
      ["scale", null],
      ["choice", w.a.id],
    ]);
    expect(await checkBack(w.orgId, dropped.checkBackId)).toMatchObject({ status: "skipped", surveyId: null });
    expect(questions.some((q) => q.checkBackId === dropped.checkBackId)).toBe(false);
  });

  it("asks the baseline round's own item of everyone, once per round for check-backs on the same dimension", async () => {
    const w = await workspace();
    const now = new Date();
    // Round 0 asks 'overall' with one item, round 1 with another; wellness through the stress item in both.
    const base = await sendPulseNow(w.adminCtx, new Date(now.getTime() - 10 * DAY));
    const baseQuestions = await questionsOf(w.orgId, base.surveyId);
    const baseOverall = baseQuestions.find((q) => q.dimension === "overall")!;
    const baseStress = baseQuestions.find((q) => q.bankKey === "wellness_stress")!;
    const dueAt = new Date(now.getTime() - DAY);
    const pa = await plan(w, { teamId: w.a.id, dimension: "overall", dueAt, baselineSurveyId: base.surveyId });
    const pb = await plan(w, { teamId: w.b.id, dimension: "overall", dueAt, baselineSurveyId: base.surveyId });
    const pw = await plan(w, { teamId: w.a.id, dimension: "wellness", dueAt, baselineSurveyId: base.surveyId });
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    const questions = await questionsOf(w.orgId, surveyId);
    const roundOverall = questions.find((q) => q.dimension === "overall")!;
    expect(roundOverall.bankKey).not.toBe(baseOverall.bankKey);

    const [a, b, wl] = [
      await checkBack(w.orgId, pa.checkBackId),
      await checkBack(w.orgId, pb.checkBackId),
      await checkBack(w.orgId, pw.checkBackId),
    ];
    // One score question shared by both 'overall' check-backs: the baseline's item, for everyone.
    expect(a.scoreQuestionId).toBe(b.scoreQuestionId);
    expect(questions.find((q) => q.id === a.scoreQuestionId)).toMatchObject({
      type: "scale",
      bankKey: baseOverall.bankKey,
      text: baseOverall.text,
      dimension: null,
      audienceTeamId: null,
    });
    expect(questions.filter((q) => q.bankKey === baseOverall.bankKey)).toHaveLength(1);
    // Wellness: the round asks the stress item (as the baseline did) and lends it.
    expect(questions.find((q) => q.id === wl.scoreQuestionId)).toMatchObject({
      bankKey: baseStress.bankKey,
      dimension: "wellness",
      checkBackId: null,
    });
    // "Did this action happen?" stays each plan's team's own.
    expect([a, b, wl].map((c) => questions.find((q) => q.id === c.happenedQuestionId)!.audienceTeamId)).toEqual([
      w.a.id,
      w.b.id,
      w.a.id,
    ]);
  });

  it("skips a check-back whose team is too small to be attributed in the round, recording the round", async () => {
    const w = await workspace();
    const now = new Date();
    const small = await withOrg(w.orgId, (tx) =>
      tx.team.create({ data: { organizationId: w.orgId, name: "Small" }, select: { id: true } }),
    );
    for (let i = 0; i < 2; i++) {
      const u = await createUser(w.orgId, { firstName: `S${i}` });
      await withOrg(w.orgId, (tx) =>
        tx.user.update({
          where: { organizationId_id: { organizationId: w.orgId, id: u.id } },
          data: { teamId: small.id },
        }),
      );
    }
    const p = await plan(w, { teamId: small.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({
      status: "skipped",
      surveyId,
      sentAt: null,
      scoreQuestionId: null,
      happenedQuestionId: null,
    });
    expect((await questionsOf(w.orgId, surveyId)).some((q) => q.checkBackId === p.checkBackId)).toBe(false);
    // No invitation of the round was attributed to the team.
    expect(await withOrg(w.orgId, (tx) => tx.surveyInvitation.count({ where: { surveyId, teamId: small.id } }))).toBe(
      0,
    );
  });

  it("skips one due alone whose team is too small to be reported on, asking nobody", async () => {
    const w = await workspace({ pulse: false });
    const now = new Date();
    // Team A's third member has not activated their account: two count, below the minimum of 3.
    await withOrg(w.orgId, (tx) =>
      tx.user.update({
        where: { organizationId_id: { organizationId: w.orgId, id: w.a.members[2]!.id } },
        data: { passwordSetAt: null },
      }),
    );
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - 60_000) });
    expect(await sendOverdueCheckBacks(now)).toMatchObject({ errors: 0 });
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "skipped", surveyId: null, sentAt: null });
    expect(await checkBackSurveys(w.orgId)).toEqual([]);
    expect((await getPlan(w.adminCtx, p.planId)).checkBacks[0]).toMatchObject({ reason: "team-too-small" });
  });

  it("can be attached to a round of the past with its send time (the demo's history)", async () => {
    const w = await workspace();
    const now = new Date();
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    const sentAt = new Date(now.getTime() - 20 * DAY);
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(sentAt.getTime() - DAY) });
    const later = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(sentAt.getTime() + DAY) });
    expect(await withOrg(w.orgId, (tx) => attachDueCheckBacks(tx, w.orgId, surveyId, sentAt))).toBe(1);
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "sent", surveyId, sentAt });
    expect(await checkBack(w.orgId, later.checkBackId)).toMatchObject({ status: "scheduled" });
  });
});

describe("answering a check-back", () => {
  it("is for the plan's team alone: its members see and answer both questions, others neither see nor answer them", async () => {
    const w = await workspace();
    const now = new Date();
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const { surveyId } = await sendPulseNow(w.adminCtx, now);
    const cb = await checkBack(w.orgId, p.checkBackId);
    const mails = await deliverSurveyInvitations(w.orgId, surveyId);
    const tokenOf = (email: string) => linkToken(mails.find((m) => m.to === email)!.text);

    const everyone = (await questionsOf(w.orgId, surveyId)).filter((q) => q.audienceTeamId === null);
    // The check-back's score question is one of everyone's.
    expect(everyone.map((q) => q.id)).toContain(cb.scoreQuestionId);
    const answersFor = (extra: { questionId: string; answer: number }[]) => [
      ...everyone
        .filter((q) => q.type !== "text" && !extra.some((e) => e.questionId === q.id))
        .map((q) => ({ questionId: q.id, answer: q.type === "enps" ? 8 : 4 })),
      ...extra,
    ];

    // The round's question count, as the dashboard shows it to a manager in a team: another team's check-back
    // is not counted.
    const countFor = async (userId: string) =>
      (await getCurrentSurvey({ orgId: w.orgId, userId, role: "manager", sessionId: randomUUID() }, w.orgId))!
        .questionCount;
    expect(await countFor(w.b.members[0]!.id)).toBe(everyone.length);
    expect(await countFor(w.a.members[0]!.id)).toBe(everyone.length + 1);
    // So does the survey results' count for a manager of team B (an admin without a team likewise).
    const managerB: AuthContext = {
      orgId: w.orgId,
      userId: w.b.members[0]!.id,
      role: "manager",
      sessionId: randomUUID(),
    };
    await withOrg(w.orgId, (tx) =>
      tx.team.update({
        where: { organizationId_id: { organizationId: w.orgId, id: w.b.id } },
        data: { managerId: w.b.members[0]!.id },
      }),
    );
    expect((await surveyResults(managerB, surveyId)).survey.questionCount).toBe(everyone.length);
    expect((await surveyResults(w.adminCtx, surveyId)).survey.questionCount).toBe(everyone.length);

    const member = await readSurveyForTaker(w.orgId, surveyId, { token: tokenOf(w.a.members[0]!.email) });
    const seen = member!.questions.filter((q) => q.id === cb.scoreQuestionId || q.id === cb.happenedQuestionId);
    expect(seen.map((q) => [q.type, q.options])).toEqual([
      ["scale", []],
      ["choice", ["Yes", "Partly", "No"]],
    ]);
    for (const other of [w.b.members[0]!.email, w.loner.email, w.admin.email]) {
      const view = await readSurveyForTaker(w.orgId, surveyId, { token: tokenOf(other) });
      expect(view!.questions.map((q) => q.id)).toEqual(everyone.map((q) => q.id));
      expect(JSON.stringify(view)).not.toContain(p.title);
    }

    // An option index out of range is refused for the team's member too.
    const outOfRange = await submitResponse(
      w.orgId,
      {
        surveyId,
        responses: answersFor([
          { questionId: cb.scoreQuestionId!, answer: 3 },
          { questionId: cb.happenedQuestionId!, answer: 3 },
        ]),
      },
      { token: tokenOf(w.a.members[0]!.email) },
    ).catch((err: unknown) => err);
    expect((outOfRange as DomainError).fields).toEqual({
      [`responses.${cb.happenedQuestionId}`]: ["Choose one of the options"],
    });
    // Team A answers both (the choice by option index: Yes, Yes, Partly).
    for (const [i, m] of w.a.members.entries())
      await submitResponse(
        w.orgId,
        {
          surveyId,
          responses: answersFor([
            { questionId: cb.scoreQuestionId!, answer: 5 },
            { questionId: cb.happenedQuestionId!, answer: i < 2 ? 0 : 1 },
          ]),
        },
        { token: tokenOf(m.email) },
      );
    // A member of team B answering the check-back is refused, and nothing is stored.
    const refused = await submitResponse(
      w.orgId,
      { surveyId, responses: answersFor([{ questionId: cb.happenedQuestionId!, answer: 0 }]) },
      { token: tokenOf(w.b.members[0]!.email) },
    ).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).fields).toEqual({
      [`responses.${cb.happenedQuestionId}`]: ["This question is not part of the survey"],
    });
    // Without "Did this action happen?", team B answers the rest, the score question included.
    for (const m of w.b.members)
      await submitResponse(w.orgId, { surveyId, responses: answersFor([]) }, { token: tokenOf(m.email) });
    expect(await withOrg(w.orgId, (tx) => tx.surveyPendingResponse.count({ where: { surveyId } }))).toBe(6);

    expect(await withOrg(w.orgId, (tx) => closeSurvey(tx, w.orgId, surveyId, now, { early: true }))).toBe(true);
    // Analytics' round list counts the same way for each viewer.
    const countsInAnalytics = await withOrg(w.orgId, async (tx) =>
      Promise.all(
        [managerB, { ...managerB, userId: w.a.members[0]!.id }].map(
          async (ctx) => (await loadRounds(tx, ctx, { ids: [surveyId] }))[0]!.meta.questionCount,
        ),
      ),
    );
    expect(countsInAnalytics).toEqual([everyone.length, everyone.length + 1]);
    const rollups = await withOrg(w.orgId, (tx) =>
      tx.surveyQuestionRollup.findMany({ where: { surveyId, questionId: cb.happenedQuestionId! } }),
    );
    const byTeam = new Map(rollups.map((r) => [r.teamId, r]));
    expect([...byTeam.keys()].sort()).toEqual([ORG_TEAM_ID, w.a.id].sort());
    expect(byTeam.get(w.a.id)).toMatchObject({ n: 3 });
    expect(byTeam.get(w.a.id)!.counts.slice(0, 3)).toEqual([2, 1, 0]);
    expect(byTeam.get(ORG_TEAM_ID)!.counts).toEqual(byTeam.get(w.a.id)!.counts);
    // The score question has a rollup for every attributed team (B answered 4: 7.5 on 0-10).
    const scoreRollups = await withOrg(w.orgId, (tx) =>
      tx.surveyQuestionRollup.findMany({ where: { surveyId, questionId: cb.scoreQuestionId! } }),
    );
    expect(new Map(scoreRollups.map((r) => [r.teamId, r.n]))).toEqual(
      new Map([
        [w.a.id, 3],
        [w.b.id, 3],
        [ORG_TEAM_ID, 6],
      ]),
    );
    // The pulse's own dimension rollups got nothing from the check-back's score question.
    const metrics = await withOrg(w.orgId, (tx) =>
      tx.surveyRollup.findMany({ where: { surveyId, metric: notAsked[0]! } }),
    );
    expect(metrics).toEqual([]);

    // The results: team A shows the split; team B's group does not list the question; the
    // organisation's row is the team's answers and follows the same minimum (the admin was
    // invited, so the organisation needs one more than the team).
    const results = await surveyResults(w.adminCtx, surveyId);
    const group = (id: string) => results.groups.find((g) => g.id === id)!;
    expect(group(w.a.id).questions.find((q) => q.id === cb.happenedQuestionId)).toMatchObject({
      type: "choice",
      audienceTeamId: w.a.id,
      audienceTeamName: "A",
      reason: null,
      stats: {
        n: 3,
        options: [
          { label: "Yes", count: 2 },
          { label: "Partly", count: 1 },
          { label: "No", count: 0 },
        ],
      },
    });
    expect(group(w.b.id).questions.some((q) => q.id === cb.happenedQuestionId)).toBe(false);
    expect(group(ORG_TEAM_ID).questions.find((q) => q.id === cb.happenedQuestionId)).toMatchObject({
      reason: "below-minimum",
      stats: null,
    });
  });
});

describe("exactly once", () => {
  it("two ticks at once and a retried one send a check-back alone once", async () => {
    const w = await workspace({ pulse: false });
    const now = new Date();
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - 60_000) });
    const [one, two] = await Promise.all([sendOverdueCheckBacks(now), sendOverdueCheckBacks(now)]);
    expect(one.errors + two.errors).toBe(0);
    await sendOverdueCheckBacks(new Date(now.getTime() + 60_000));
    const surveys = await checkBackSurveys(w.orgId);
    expect(surveys).toHaveLength(1);
    expect(await countsOf(w.orgId, surveys[0]!.id)).toEqual({ invitations: 3, mails: 3, questions: 2 });
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "sent", surveyId: surveys[0]!.id });
  });

  it("two rounds created at once attach a check-back to one of them", async () => {
    const w = await workspace();
    const now = new Date();
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - DAY) });
    const rounds = await Promise.all([sendPulseNow(w.adminCtx, now), sendPulseNow(w.adminCtx, now)]);
    const withCheckBack = [];
    for (const r of rounds)
      withCheckBack.push(
        (await questionsOf(w.orgId, r.surveyId)).filter((q) => q.checkBackId === p.checkBackId).length,
      );
    expect(withCheckBack.sort()).toEqual([0, 2]);
    const cb = await checkBack(w.orgId, p.checkBackId);
    expect(rounds.map((r) => r.surveyId)).toContain(cb.surveyId);
    // Each round went to everyone once.
    for (const r of rounds)
      expect(await countsOf(w.orgId, r.surveyId)).toMatchObject({ invitations: w.people, mails: w.people });
    // A tick afterwards sends nothing more.
    await sendOverdueCheckBacks(new Date(now.getTime() + 9 * DAY));
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ surveyId: cb.surveyId });
    expect(await checkBackSurveys(w.orgId)).toEqual([]);
  });
});

describe("sent alone or skipped by the scheduler's tick", () => {
  it("sends it alone to everyone for an organisation plan when the pulse is off, through runSchedulerTick", async () => {
    const w = await workspace({ pulse: false });
    const now = new Date();
    const p = await plan(w, { teamId: null, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - 60_000) });
    const tick = await runSchedulerTick(now);
    expect(tick.checkBacks).toBeGreaterThanOrEqual(1);
    const cb = await checkBack(w.orgId, p.checkBackId);
    expect(cb.status).toBe("sent");
    const [survey] = await checkBackSurveys(w.orgId);
    expect(survey).toMatchObject({ id: cb.surveyId, audienceTeamIds: [], invitedCount: w.people });
  });

  it("waits for that week's round while the pulse is on, and sends it alone 8 days after it fell due", async () => {
    const w = await workspace({ pulse: true });
    const due = new Date(Date.now() - DAY);
    const p = await plan(w, { teamId: w.b.id, dimension: notAsked[0]!, dueAt: due });
    await sendOverdueCheckBacks(new Date(due.getTime() + 8 * DAY - 60_000));
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "scheduled" });
    await sendOverdueCheckBacks(new Date(due.getTime() + 8 * DAY));
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "sent" });
    expect(await checkBackSurveys(w.orgId)).toHaveLength(1);
  });

  it("leaves it scheduled in a read-only workspace and sends it once the workspace can write again", async () => {
    const w = await workspace({ pulse: false });
    const now = new Date();
    const p = await plan(w, { teamId: w.a.id, dimension: notAsked[0]!, dueAt: new Date(now.getTime() - 9 * DAY) });
    const setStatus = (subscriptionStatus: "canceled" | "active") =>
      withOrg(w.orgId, (tx) => tx.organization.update({ where: { id: w.orgId }, data: { subscriptionStatus } }));
    await setStatus("canceled");
    await sendOverdueCheckBacks(now);
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({
      status: "scheduled",
      surveyId: null,
      sentAt: null,
    });
    expect(await checkBackSurveys(w.orgId)).toEqual([]);
    expect(
      await withOrg(w.orgId, (tx) =>
        tx.mailMessage.count({ where: { organizationId: w.orgId, kind: "survey_invitation" } }),
      ),
    ).toBe(0);

    await setStatus("active");
    await sendOverdueCheckBacks(new Date(now.getTime() + 60_000));
    const [survey] = await checkBackSurveys(w.orgId);
    expect(await checkBack(w.orgId, p.checkBackId)).toMatchObject({ status: "sent", surveyId: survey!.id });
  });

  it("skips a dropped plan's check-back and keeps sending a finished plan's, sending nothing for the dropped one", async () => {
    const v = await workspace({ pulse: false });
    const now = new Date();
    const dueAt = new Date(now.getTime() - 60_000);
    const dropped = await plan(v, { teamId: v.a.id, dimension: notAsked[0]!, dueAt, status: "dropped" });
    const done = await plan(v, { teamId: v.b.id, dimension: notAsked[0]!, dueAt, status: "done" });
    await sendOverdueCheckBacks(now);
    expect(await checkBack(v.orgId, dropped.checkBackId)).toMatchObject({ status: "skipped", surveyId: null });
    const surveys = await checkBackSurveys(v.orgId);
    expect(surveys.map((s) => s.audienceTeamIds)).toEqual([[v.b.id]]);
    expect(await checkBack(v.orgId, done.checkBackId)).toMatchObject({ status: "sent", surveyId: surveys[0]!.id });
  });
});
