import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { submitResponse } from "@/lib/surveys/submit";
import { closeSurvey } from "@/lib/surveys/round-lifecycle";
import { STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { createPlan, getPlan, publishPlan } from "@/lib/plans/plans";
import { checkBackResults } from "@/lib/plans/results";
import { createOrg, createUser } from "../support/factories";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

// A plan's check-back results through the product's own code: two pulse rounds sent, answered
// through the survey links and folded at close; the plan created (baseline captured) and
// published between them, its first check-back attached to the second round.

const DAY = 86_400_000;
const DIMENSION = "wellness";

// Stress answers (1-5, agreeing means more stress) per team and round, in member order; team A's
// first member is its manager. D has its own published plan on wellness, so it never compares.
// The check-back's score question is the round's own stress item (the baseline's instrument,
// asked of everyone), so the later round's answers are the check-back's "after" for every team.
const STRESS = {
  baseline: { A: [4, 4, 5, 5], B: [2, 3, 2], C: [3, 3, 4], D: [5, 5, 5] },
  later: { A: [3, 2, 2, 1], B: [2, 2, 3], C: [3, 4, 4], D: [1, 1, 1] },
} as const;
// "Did this action happen?" is asked of team A (everyone, for an organisation plan), by option
// index (Yes, Partly, No); null: not answered.
type TeamName = "A" | "B" | "C" | "D";

// Written out independently of lib/plans/effect.ts.
const scale = (a: number) => (a - 1) * 2.5;
const wellnessOfStress = (a: number) => 10 - scale(a);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const variance = (xs: number[]) => xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1);

async function workspace() {
  const { orgId } = await createOrg();
  await withOrg(orgId, (tx) =>
    tx.organization.update({
      where: { id: orgId },
      data: { pulseEnabled: false, minGroupSize: 3, name: "Acme", pulseTimeZone: "UTC" },
    }),
  );
  const admin = await createUser(orgId, { role: "admin", firstName: "Ada" });
  const teams = {} as Record<TeamName, { id: string; members: { id: string; email: string }[] }>;
  for (const name of ["A", "B", "C", "D"] as const) {
    const t = await withOrg(orgId, (tx) =>
      tx.team.create({ data: { organizationId: orgId, name: `Team ${name}` }, select: { id: true } }),
    );
    const members = [];
    for (let i = 0; i < STRESS.baseline[name].length; i++) {
      const u = await createUser(orgId, { role: name === "A" && i === 0 ? "manager" : "employee" });
      await withOrg(orgId, (tx) =>
        tx.user.update({ where: { organizationId_id: { organizationId: orgId, id: u.id } }, data: { teamId: t.id } }),
      );
      members.push({ id: u.id, email: u.email });
    }
    teams[name] = { id: t.id, members };
  }
  // Team A's manager is one of its members: invited and attributed to it in every round.
  const manager = teams.A.members[0]!;
  await withOrg(orgId, (tx) =>
    tx.team.update({
      where: { organizationId_id: { organizationId: orgId, id: teams.A.id } },
      data: { managerId: manager.id },
    }),
  );
  const adminCtx: AuthContext = { orgId, userId: admin.id, role: "admin", sessionId: randomUUID() };
  const managerCtx: AuthContext = { orgId, userId: manager.id, role: "manager", sessionId: randomUUID() };
  return { orgId, teams, adminCtx, managerCtx };
}
type Workspace = Awaited<ReturnType<typeof workspace>>;

/** A pulse round sent at `sentAt` (in the past), open for the answers below. */
async function sendRound(w: Workspace, sentAt: Date) {
  const { surveyId } = await sendPulseNow(w.adminCtx, sentAt);
  await withOrg(w.orgId, (tx) =>
    tx.survey.update({
      where: { organizationId_id: { organizationId: w.orgId, id: surveyId } },
      data: { closesAt: new Date(Date.now() + 7 * DAY) },
    }),
  );
  const mails = await deliverSurveyInvitations(w.orgId, surveyId);
  const questions = await withOrg(w.orgId, (tx) =>
    tx.surveyQuestion.findMany({ where: { organizationId: w.orgId, surveyId }, orderBy: { order: "asc" } }),
  );
  return { surveyId, questions, token: (email: string) => linkToken(mails.find((m) => m.to === email)!.text) };
}
type Round = Awaited<ReturnType<typeof sendRound>>;

/** Every team member answers (the admin and anyone absent do not): the stress item as given,
 * other scale questions 3, eNPS 7, and "Did this action happen?" when given. */
async function answer(
  w: Workspace,
  round: Round,
  stress: Record<TeamName, readonly number[]>,
  checkBack: {
    scoreQuestionId: string;
    happenedQuestionId: string;
    happened: (number | null)[];
    /** An organisation plan's "Did this action happen?" is asked of everyone (each answers Yes); a
     * team plan's of team A. */
    everyone: boolean;
  } | null,
  absent: ReadonlySet<string> = new Set(),
) {
  for (const name of ["A", "B", "C", "D"] as const)
    for (const [i, m] of w.teams[name].members.entries()) {
      if (absent.has(m.id)) continue;
      const responses = round.questions
        .filter((q) => q.audienceTeamId === null && q.checkBackId === null && (q.type === "scale" || q.type === "enps"))
        .map((q) => ({
          questionId: q.id,
          answer: q.type === "enps" ? 7 : q.bankKey === STRESS_ITEM_KEY ? stress[name][i]! : 3,
        }));
      // The score question is one of the round's own (answered above).
      if (checkBack) expect(responses.map((r) => r.questionId)).toContain(checkBack.scoreQuestionId);
      if (checkBack?.everyone) {
        responses.push({ questionId: checkBack.happenedQuestionId, answer: 0 });
      } else if (checkBack && name === "A") {
        const h = checkBack.happened[i];
        if (h !== null && h !== undefined) responses.push({ questionId: checkBack.happenedQuestionId, answer: h });
      }
      await submitResponse(w.orgId, { surveyId: round.surveyId, responses }, { token: round.token(m.email) });
    }
}

const close = (w: Workspace, surveyId: string, at: Date) =>
  withOrg(w.orgId, (tx) => closeSurvey(tx, w.orgId, surveyId, at, { early: true }));

/** Baseline round 40 days ago; the plan for team A created and published 8 days later; the
 * check-back round when its first check-back fell due. */
async function scenario(opts: { happened: (number | null)[]; absentInCheckBack?: "member"; scope?: "org" }) {
  const w = await workspace();
  const t0 = new Date(Date.now() - 40 * DAY);
  const baseline = await sendRound(w, t0);
  await answer(w, baseline, STRESS.baseline, null);
  expect(await close(w, baseline.surveyId, new Date(t0.getTime() + 7 * DAY))).toBe(true);

  // Team D acts on wellness too: a published plan written directly (its check-backs play no part).
  await withOrg(w.orgId, (tx) =>
    tx.actionPlan.create({
      data: {
        organizationId: w.orgId,
        title: "Team D's own plan",
        dimension: DIMENSION,
        teamId: w.teams.D.id,
        ownerId: w.adminCtx.userId,
        dueAt: new Date(Date.now() + 60 * DAY),
        status: "published",
        publishedAt: new Date(t0.getTime() + 8 * DAY),
      },
    }),
  );
  const publishedAt = new Date(t0.getTime() + 8 * DAY);
  const planner = opts.scope === "org" ? w.adminCtx : w.managerCtx;
  const created = await createPlan(
    planner,
    {
      title: "No meetings on Fridays",
      dimension: DIMENSION,
      teamId: opts.scope === "org" ? null : w.teams.A.id,
      ownerId: undefined,
      dueAt: new Date(Date.now() + 90 * DAY).toISOString().slice(0, 10),
      // An organisation plan is for everyone to see.
      visibility: opts.scope === "org" ? "organization" : "team",
      steps: [],
    },
    publishedAt,
  );
  expect(created.baseline).toMatchObject({ surveyId: baseline.surveyId, n: opts.scope === "org" ? 13 : 4 });
  const published = await publishPlan(planner, created.id, publishedAt);
  const firstDue = new Date(published.checkBacks[0]!.dueAt);

  const later = await sendRound(w, new Date(firstDue.getTime() + 60 * 60 * 1000));
  const cb = await withOrg(w.orgId, (tx) =>
    tx.actionCheckBack.findFirstOrThrow({ where: { organizationId: w.orgId, planId: created.id, ordinal: 1 } }),
  );
  expect(cb).toMatchObject({ status: "sent", surveyId: later.surveyId });
  const absent = new Set(opts.absentInCheckBack ? [w.teams.A.members[3]!.id] : []);
  await answer(
    w,
    later,
    STRESS.later,
    {
      scoreQuestionId: cb.scoreQuestionId!,
      happenedQuestionId: cb.happenedQuestionId!,
      happened: opts.happened,
      everyone: opts.scope === "org",
    },
    absent,
  );
  return { w, planId: created.id, cb, baseline, later, closeLater: () => close(w, later.surveyId, new Date()) };
}

/** checkBackResults as getPlan calls it, for the first check-back and in order of ordinal. */
async function results(ctx: AuthContext, planId: string) {
  return withOrg(ctx.orgId, async (tx) => {
    const plan = await tx.actionPlan.findFirstOrThrow({
      where: { organizationId: ctx.orgId, id: planId },
      select: { id: true, dimension: true, teamId: true, baselineSurveyId: true, status: true },
    });
    const checkBacks = await tx.actionCheckBack.findMany({
      where: { organizationId: ctx.orgId, planId },
      orderBy: { ordinal: "asc" },
    });
    const map = await checkBackResults(tx, ctx, plan, checkBacks);
    return checkBacks.map((c) => map.get(c.id)!);
  });
}

describe("a check-back's results", () => {
  it("are released at close; then the change, the comparison teams' change, the estimate with its interval and the happened split", async () => {
    const s = await scenario({ happened: [null, 0, 0, 1] });

    // While the round is open: nothing but the reason, for admin and manager alike.
    for (const ctx of [s.w.adminCtx, s.w.managerCtx]) {
      const open = await results(ctx, s.planId);
      expect(open).toEqual([
        { effect: null, happened: null, reason: "open" },
        { effect: null, happened: null, reason: "not-sent-yet" },
        { effect: null, happened: null, reason: "not-sent-yet" },
      ]);
    }
    expect(await getPlan(s.w.managerCtx, s.planId)).toMatchObject({ effect: null, happened: null, reason: "open" });

    expect(await s.closeLater()).toBe(true);

    // The check-back's score question is the round's own stress item, as in the baseline round.
    expect(s.later.questions.find((q) => q.id === s.cb.scoreQuestionId)).toMatchObject({
      bankKey: STRESS_ITEM_KEY,
      audienceTeamId: null,
    });
    // The figures from the answers above: before and after from the stress item (reversed) for
    // every team; the comparison is the mean of B's and C's own changes (D has its own plan).
    const tb = STRESS.baseline.A.map(wellnessOfStress);
    const ta = STRESS.later.A.map(wellnessOfStress);
    const comparison = (["B", "C"] as const).map((t) => ({
      b: STRESS.baseline[t].map(wellnessOfStress),
      a: STRESS.later[t].map(wellnessOfStress),
    }));
    const comparisonChange = mean(comparison.map((t) => mean(t.a) - mean(t.b)));
    const estimate = mean(ta) - mean(tb) - comparisonChange;
    const vm = (xs: number[]) => variance(xs) / xs.length;
    const se = Math.sqrt(
      vm(ta) + vm(tb) + comparison.reduce((sum, t) => sum + vm(t.a) + vm(t.b), 0) / comparison.length ** 2,
    );
    const round1 = (x: number) => Math.round(x * 10) / 10;
    // 6.7 [3.7, 9.6] (a change pooled over respondents with four independent samples gave [3.3, 10.1]).
    expect([round1(estimate - 1.96 * se), round1(estimate + 1.96 * se)]).toEqual([3.7, 9.6]);

    const [first] = await results(s.w.adminCtx, s.planId);
    expect(first!.effect).toEqual({
      surveyId: s.later.surveyId,
      baseline: 1.3,
      after: 7.5,
      change: 6.3,
      comparisonChange: -0.4,
      estimate: 6.7,
      interval: [round1(estimate - 1.96 * se), round1(estimate + 1.96 * se)],
      n: { before: 4, after: 4 },
      comparisonTeams: 2,
    });
    expect(round1(estimate)).toBe(6.7);
    expect(first!.effect!.interval![0]).toBeLessThan(6.7);
    expect(first!.effect!.interval![1]).toBeGreaterThan(6.7);
    // Three of team A answered "Did this action happen?": enough for the admin.
    expect(first!.happened).toEqual({ n: 3, yes: 67, partly: 33, no: 0 });
    expect(first!.reason).toBeNull();

    // The manager is in team A: three answers are two besides them, so the split stays hidden
    // from them; the four answers behind the effect are three besides them.
    const [mine] = await results(s.w.managerCtx, s.planId);
    expect(mine!.effect).toEqual(first!.effect);
    expect(mine!.happened).toBeNull();
    expect(mine!.reason).toBe("not-enough-answers");

    // getPlan shows the same to each.
    expect(await getPlan(s.w.adminCtx, s.planId)).toMatchObject({
      effect: first!.effect,
      happened: first!.happened,
      reason: null,
    });
    expect(await getPlan(s.w.managerCtx, s.planId)).toMatchObject({
      effect: first!.effect,
      happened: null,
      reason: "not-enough-answers",
    });
  });

  it("hides the effect from the team's manager when the team reached the minimum only with them", async () => {
    // One member of team A does not answer the check-back round: three answered, the manager among them.
    const s = await scenario({ happened: [0, 0, 1, null], absentInCheckBack: "member" });
    expect(await s.closeLater()).toBe(true);

    const [admin] = await results(s.w.adminCtx, s.planId);
    expect(admin!.effect).toMatchObject({ n: { before: 4, after: 3 }, comparisonTeams: 2 });
    expect(admin!.happened).toEqual({ n: 3, yes: 67, partly: 33, no: 0 });

    const [manager] = await results(s.w.managerCtx, s.planId);
    expect(manager).toEqual({ effect: null, happened: null, reason: "not-enough-answers" });
  });

  it("shows the change without a comparison when no comparable team can be shown in both rounds", async () => {
    const s = await scenario({ happened: [0, 0, 0, 0] });
    // Teams B and C act on wellness too: nothing is left to compare with.
    for (const name of ["B", "C"] as const)
      await withOrg(s.w.orgId, (tx) =>
        tx.actionPlan.create({
          data: {
            organizationId: s.w.orgId,
            title: `Team ${name}'s plan`,
            dimension: DIMENSION,
            teamId: s.w.teams[name].id,
            ownerId: s.w.adminCtx.userId,
            dueAt: new Date(Date.now() + 60 * DAY),
            status: name === "B" ? "published" : "done",
            publishedAt: new Date(Date.now() - DAY),
          },
        }),
      );
    expect(await s.closeLater()).toBe(true);
    const [first] = await results(s.w.adminCtx, s.planId);
    expect(first!.effect).toMatchObject({
      baseline: 1.3,
      after: 7.5,
      change: 6.3,
      comparisonChange: null,
      estimate: null,
      interval: null,
      comparisonTeams: 0,
    });
    expect(first!.happened).toEqual({ n: 4, yes: 100, partly: 0, no: 0 });
  });

  it("keeps a closed result's comparison teams, and shows no comparison to a viewer who sees all of them but one", async () => {
    const s = await scenario({ happened: [0, 0, 0, 0] });
    expect(await s.closeLater()).toBe(true);
    const [before] = await results(s.w.adminCtx, s.planId);
    expect(before!.effect).toMatchObject({ comparisonChange: -0.4, comparisonTeams: 2 });
    // Team B publishes its own plan on wellness after the round closed, and drops it: a closed
    // result keeps its comparison (else publishing and dropping would difference B's change out).
    const late = await withOrg(s.w.orgId, (tx) =>
      tx.actionPlan.create({
        data: {
          organizationId: s.w.orgId,
          title: "Team B's late plan",
          dimension: DIMENSION,
          teamId: s.w.teams.B.id,
          ownerId: s.w.adminCtx.userId,
          dueAt: new Date(Date.now() + 60 * DAY),
          status: "published",
          publishedAt: new Date(Date.now() + 1000),
        },
        select: { id: true },
      }),
    );
    expect(await results(s.w.adminCtx, s.planId)).toEqual([before, expect.anything(), expect.anything()]);
    await withOrg(s.w.orgId, (tx) =>
      tx.actionPlan.update({
        where: { organizationId_id: { organizationId: s.w.orgId, id: late.id } },
        data: { status: "dropped" },
      }),
    );
    expect((await results(s.w.adminCtx, s.planId))[0]).toEqual(before);

    // Team A's manager now leads B too: C alone is out of their sight, and a comparison of B and C
    // would be C's change beside B's. They see A's own change without a comparison.
    const [mine] = await results(s.w.managerCtx, s.planId);
    expect(mine!.effect).toEqual(before!.effect);
    await withOrg(s.w.orgId, (tx) =>
      tx.team.update({
        where: { organizationId_id: { organizationId: s.w.orgId, id: s.w.teams.B.id } },
        data: { managerId: s.w.managerCtx.userId },
      }),
    );
    const [leadsB] = await results(s.w.managerCtx, s.planId);
    expect(leadsB!.effect).toEqual({
      ...before!.effect,
      comparisonChange: null,
      estimate: null,
      interval: null,
      comparisonTeams: 0,
    });
    expect((await results(s.w.adminCtx, s.planId))[0]).toEqual(before);
  });

  it("measures an organisation plan over everyone, without a comparison group", async () => {
    const s = await scenario({ happened: [], scope: "org" });
    expect(await s.closeLater()).toBe(true);
    const all = Object.values(STRESS.baseline).flat().map(wellnessOfStress);
    const allLater = Object.values(STRESS.later).flat().map(wellnessOfStress);
    const [first] = await results(s.w.adminCtx, s.planId);
    expect(first).toEqual({
      effect: {
        surveyId: s.later.surveyId,
        baseline: Math.round(mean(all) * 10) / 10,
        after: Math.round(mean(allLater) * 10) / 10,
        change: Math.round((mean(allLater) - mean(all)) * 10) / 10,
        comparisonChange: null,
        estimate: null,
        interval: null,
        n: { before: 13, after: 13 },
        comparisonTeams: 0,
      },
      happened: { n: 13, yes: 100, partly: 0, no: 0 },
      reason: null,
    });
  });

  it("says why: a plan without a baseline, and a check-back skipped because its team was too small", async () => {
    const s = await scenario({ happened: [0, 0, 0, 0] });
    expect(await s.closeLater()).toBe(true);
    await withOrg(s.w.orgId, (tx) =>
      tx.actionPlan.update({
        where: { organizationId_id: { organizationId: s.w.orgId, id: s.planId } },
        data: { baselineSurveyId: null },
      }),
    );
    const [first] = await results(s.w.adminCtx, s.planId);
    expect(first).toEqual({ effect: null, happened: { n: 4, yes: 100, partly: 0, no: 0 }, reason: "no-baseline" });

    // Skipped with a round or without one (due alone) while the team was too small: nobody was
    // asked. Skipped without a round on a dropped plan: nothing to say.
    const skipped = (status: string) =>
      withOrg(s.w.orgId, async (tx) => {
        const plan = await tx.actionPlan.findFirstOrThrow({
          where: { organizationId: s.w.orgId, id: s.planId },
          select: { id: true, dimension: true, teamId: true, baselineSurveyId: true },
        });
        const row = { ...s.cb, status: "skipped", sentAt: null, scoreQuestionId: null, happenedQuestionId: null };
        const rows = [row, { ...row, id: randomUUID(), surveyId: null }];
        const map = await checkBackResults(tx, s.w.adminCtx, { ...plan, status }, rows);
        return [...map.values()].map((r) => r.reason);
      });
    expect(await skipped("published")).toEqual(["team-too-small", "team-too-small"]);
    expect(await skipped("dropped")).toEqual(["team-too-small", null]);
  });
});
