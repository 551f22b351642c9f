import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { withOrg } from "@/lib/db/tenant";
import { createSession } from "@/lib/auth/sessions";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { createCustomSurvey } from "@/lib/surveys/custom";
import { customSurveySchema } from "@/lib/surveys/custom-schemas";
import { submitResponse } from "@/lib/surveys/submit";
import { recomputeRollups, rollupKey } from "../support/recompute-rollups";
import { ORG_TEAM_ID } from "@/lib/surveys/send";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { closeSurvey } from "@/lib/surveys/round-lifecycle";
import { surveyResults, type SurveyResults } from "@/lib/analytics/survey-results";
import type { EnpsStats, GroupResult, QuestionResult, ScaleStats } from "@/lib/analytics/survey-results-view";
import { createOrg, uniqueName } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { status } from "../support/status";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";

// Results of a custom survey, from answers submitted through the real submission function (and so
// the per-question rollups it keeps): the numbers, the suppression of small groups and of a group
// that would give a smaller one away, comments, the manager's scope, 403 and 404. Results are
// released when the survey closes, so each test closes it before reading them. The admin and the
// managers reading were invited too (the audience is everyone), so a group that includes them
// needs one respondent more than the minimum (comments: one more than the comment minimum).

const owner = ownerClient();

async function contextOf(
  orgId: string,
  role: Role,
  teamId: string | null = null,
): Promise<AuthContext & { email: string }> {
  const email = `${uniqueName("u")}@example.com`;
  const user = await withOrg(orgId, (tx) =>
    tx.user.create({
      data: { organizationId: orgId, firstName: "T", lastName: "User", email, role, teamId, passwordSetAt: new Date() },
      select: { id: true },
    }),
  );
  const sessionId = await withOrg(orgId, (tx) => createSession(tx, orgId, user.id, null));
  return { orgId, userId: user.id, role, sessionId, email };
}

type Answer = { scale: number; optional?: number; enps: number; text?: string };

/** An organisation with teams of the given sizes (each led by its own manager, who is not a
 * member), one employee in no team, and a custom survey sent to everyone: a scale, an optional
 * scale, eNPS and an optional comment. */
async function surveyed(teamSizes: number[]) {
  const { orgId } = await createOrg();
  const admin = await contextOf(orgId, "admin");
  const teams = [];
  for (const size of teamSizes) {
    const team = await withOrg(orgId, (tx) =>
      tx.team.create({ data: { organizationId: orgId, name: uniqueName("Team ") }, select: { id: true, name: true } }),
    );
    const manager = await contextOf(orgId, "manager");
    await withOrg(orgId, (tx) =>
      tx.team.update({
        where: { organizationId_id: { organizationId: orgId, id: team.id } },
        data: { managerId: manager.userId },
      }),
    );
    const members = [];
    for (let i = 0; i < size; i++) members.push(await contextOf(orgId, "employee", team.id));
    teams.push({ ...team, manager, members });
  }
  const loner = await contextOf(orgId, "employee");
  const input = customSurveySchema.parse({
    title: "Return to office",
    questions: [
      { type: "scale", text: "I have what I need at the office.", isRequired: true },
      { type: "scale", text: "The commute is fine.", isRequired: false },
      { type: "enps", text: "How likely are you to recommend us?", isRequired: true },
      { type: "text", text: "Anything else?", isRequired: false },
    ],
    audience: { all: true },
    send: { now: true },
  });
  const { surveyId } = await createCustomSurvey(admin, input);
  const mails = await deliverSurveyInvitations(orgId, surveyId);
  const questions = await withOrg(orgId, (tx) =>
    tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      orderBy: { order: "asc" },
      select: { id: true },
    }),
  );
  const [scaleQ, optionalQ, enpsQ, textQ] = questions.map((q) => q.id) as [string, string, string, string];
  /** Answers as the person the invitation e-mail went to, with the token from that e-mail. */
  const answer = (email: string, a: Answer) => {
    const token = linkToken(mails.find((m) => m.to === email)!.text);
    const responses = [
      { questionId: scaleQ, answer: a.scale },
      ...(a.optional === undefined ? [] : [{ questionId: optionalQ, answer: a.optional }]),
      { questionId: enpsQ, answer: a.enps },
      ...(a.text === undefined ? [] : [{ questionId: textQ, answer: a.text }]),
    ];
    return submitResponse(orgId, { surveyId, responses }, { token });
  };
  /** 'Close now and release results': the pending answers are folded into the results. */
  const close = async () =>
    expect(await withOrg(orgId, (tx) => closeSurvey(tx, orgId, surveyId, new Date(), { early: true }))).toBe(true);
  return { orgId, admin, teams, loner, surveyId, answer, close, q: { scaleQ, optionalQ, enpsQ, textQ } };
}

const group = (r: SurveyResults, id: string): GroupResult => r.groups.find((g) => g.id === id)!;
const question = (g: GroupResult, id: string): QuestionResult => g.questions.find((q) => q.id === id)!;
const stats = <T extends ScaleStats | EnpsStats>(q: QuestionResult): T => {
  if (q.type === "text" || !q.stats) throw new Error(`no stats: ${JSON.stringify(q)}`);
  return q.stats as T;
};
const comments = (q: QuestionResult) => (q.type === "text" ? q.comments : []);

describe("survey results", () => {
  it("adds up every question of a custom survey from its rollups: means, distributions, eNPS, comments", async () => {
    const s = await surveyed([6]);
    const team = s.teams[0]!;
    const given: Answer[] = [
      { scale: 1, enps: 10, text: "More desks" },
      { scale: 2, enps: 9, text: "Quieter rooms" },
      { scale: 4, enps: 8, optional: 3 },
      { scale: 5, enps: 6, optional: 5, text: "  Better coffee  " },
      { scale: 5, enps: 0, text: "" },
      { scale: 3, enps: 7, text: "More plants" },
    ];
    await Promise.all(team.members.map((m, i) => s.answer(m.email, given[i]!)));

    // While the survey is open: participation only, no question of any group.
    const open = await surveyResults(s.admin, s.surveyId);
    expect(open).toMatchObject({ released: false, survey: { status: "active" } });
    expect(open.groups.map((g) => [g.id, g.responded, g.questions])).toEqual([
      [ORG_TEAM_ID, 6, []],
      [team.id, 6, []],
    ]);

    await s.close();
    const r = await surveyResults(s.admin, s.surveyId);
    expect(r.survey).toMatchObject({
      id: s.surveyId,
      title: "Return to office",
      kind: "custom",
      status: "closed",
      questionCount: 4,
    });
    expect(r).toMatchObject({ released: true, minGroupSize: 3, commentMinimum: 5, scope: "organization" });
    expect(r.groups.map((g) => g.id)).toEqual([ORG_TEAM_ID, team.id]);
    for (const g of r.groups) {
      expect(g).toMatchObject({ reason: null, responded: 6 });
      // scale: 1, 2, 4, 5, 5, 3 -> mean 3.33 of 5, (3.33 - 1) x 2.5 = 5.8 of 10.
      expect(stats(question(g, s.q.scaleQ))).toEqual({
        n: 6,
        average: 3.3,
        score: 5.8,
        distribution: [
          { value: 1, count: 1 },
          { value: 2, count: 1 },
          { value: 3, count: 1 },
          { value: 4, count: 1 },
          { value: 5, count: 2 },
        ],
      });
      // The optional question had two answers, fewer than the minimum of 3: hidden on its own.
      expect(question(g, s.q.optionalQ)).toMatchObject({ reason: "below-minimum", stats: null });
      // eNPS: 10, 9, 8, 6, 0, 7 -> mean 6.7, promoters 2, passives 2, detractors 2, standard 0.
      const e = stats<EnpsStats>(question(g, s.q.enpsQ));
      expect(e).toMatchObject({ n: 6, average: 6.7, standardEnps: 0, promoters: 2, passives: 2, detractors: 2 });
      expect(e.distribution.map((b) => b.count)).toEqual([1, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1]);
      // Six respondents (the comment minimum of 5, plus one for the admin reading, who is in the
      // organisation's audience): comments shown, trimmed, empty ones dropped, in any order.
      expect(question(g, s.q.textQ).reason).toBeNull();
      expect([...comments(question(g, s.q.textQ))].sort()).toEqual([
        "Better coffee",
        "More desks",
        "More plants",
        "Quieter rooms",
      ]);
    }
    // Invited: the team's six; the organisation's everyone (admin, manager, six, the loner).
    expect(group(r, team.id).invited).toBe(6);
    expect(group(r, ORG_TEAM_ID).invited).toBe(9);

    // The running sums are what the answers say.
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    const rows = await withOrg(s.orgId, (tx) =>
      tx.surveyQuestionRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
    );
    expect(
      new Map(rows.map((x) => [rollupKey(x.teamId, x.questionId), { n: x.n, sum: x.sum, counts: x.counts }])),
    ).toEqual(expected.questions);
  });

  it("shows nothing below the minimum group, and hides a second group that would give a small one away", async () => {
    // Two answers, then closed: below the minimum of 3 everywhere.
    const few = await surveyed([5, 3]);
    {
      const [big, small] = few.teams as [(typeof few.teams)[0], (typeof few.teams)[0]];
      await few.answer(big.members[0]!.email, { scale: 5, enps: 10, text: "one" });
      await few.answer(big.members[1]!.email, { scale: 4, enps: 9 });
      await few.close();
      const r = await surveyResults(few.admin, few.surveyId);
      expect(r.groups.map((g) => [g.id, g.reason, g.questions.length, g.responded])).toEqual([
        [ORG_TEAM_ID, "below-minimum", 0, 0],
        ...[big, small].sort((a, b) => a.name.localeCompare(b.name)).map((t) => [t.id, "below-minimum", 0, 0]),
      ]);
      const manager = await surveyResults(big.manager, few.surveyId);
      expect(manager.groups).toEqual([
        { id: big.id, name: big.name, reason: "below-minimum", invited: 0, responded: 0, questions: [] },
      ]);
    }

    // Everyone in both teams and the teamless employee: 5 + 3 + 1. The big team alone visible
    // would leave 4 = 3 + 1; both teams visible would leave 1, so the small team is hidden too.
    const s = await surveyed([5, 3]);
    const [big, small] = s.teams as [(typeof s.teams)[0], (typeof s.teams)[0]];
    await s.answer(big.members[0]!.email, { scale: 5, enps: 10, text: "one" });
    await s.answer(big.members[1]!.email, { scale: 4, enps: 9 });
    for (const m of big.members.slice(2)) await s.answer(m.email, { scale: 3, enps: 7, text: "more" });
    for (const m of small.members) await s.answer(m.email, { scale: 1, enps: 0, text: "small team" });
    await s.answer(s.loner.email, { scale: 2, enps: 5 });
    await s.close();
    const r = await surveyResults(s.admin, s.surveyId);
    expect(group(r, ORG_TEAM_ID)).toMatchObject({ reason: null, responded: 9 });
    expect(group(r, big.id)).toMatchObject({ reason: null, responded: 5 });
    expect(group(r, small.id)).toMatchObject({ reason: "complementary", responded: 0, questions: [] });
    expect(stats<ScaleStats>(question(group(r, ORG_TEAM_ID), s.q.scaleQ))).toMatchObject({
      n: 9,
      average: round((5 + 4 + 3 * 3 + 1 * 3 + 2) / 9),
    });
    // Comments need 5 respondents: the organisation's 9 may show theirs. The big team has 5, but
    // the organisation's comments minus its own would be the comments of the other 4 people, so
    // they are hidden by the same second suppression.
    expect(comments(question(group(r, ORG_TEAM_ID), s.q.textQ)).sort()).toEqual([
      "more",
      "more",
      "more",
      "one",
      "small team",
      "small team",
      "small team",
    ]);
    expect(question(group(r, big.id), s.q.textQ)).toMatchObject({ reason: "complementary", comments: [] });
    // The small team's manager sees the same: hidden, with no numbers at all.
    const smallView = await surveyResults(small.manager, s.surveyId);
    expect(smallView.groups).toEqual([
      { id: small.id, name: small.name, reason: "complementary", invited: 0, responded: 0, questions: [] },
    ]);
  });

  it("gives managers their own teams only, employees 403, and another organisation's survey 404", async () => {
    const s = await surveyed([4, 4]);
    for (const t of s.teams) for (const m of t.members) await s.answer(m.email, { scale: 4, enps: 8 });
    await s.close();
    const [a, b] = s.teams as [(typeof s.teams)[0], (typeof s.teams)[0]];
    const mine = await surveyResults(a.manager, s.surveyId);
    expect(mine.scope).toBe("teams");
    expect(mine.groups.map((g) => g.id)).toEqual([a.id]);
    expect(mine.groups[0]).toMatchObject({ reason: null, responded: 4 });
    expect((await surveyResults(b.manager, s.surveyId)).groups.map((g) => g.id)).toEqual([b.id]);
    // A manager who leads no team sees no group, and never the organisation's.
    const lead = await contextOf(s.orgId, "manager");
    expect((await surveyResults(lead, s.surveyId)).groups).toEqual([]);

    expect(await status(surveyResults(a.members[0]!, s.surveyId))).toBe(403);
    const other = await surveyed([3]);
    expect(await status(surveyResults(other.admin, s.surveyId))).toBe(404);
    expect(await status(surveyResults(s.admin, other.surveyId))).toBe(404);
    expect(await status(surveyResults(s.admin, randomUUID()))).toBe(404);
    expect(await status(surveyResults(s.admin, "not-a-uuid"))).toBe(404);
  });

  it("has nothing to show for a survey that is not sent yet", async () => {
    const { orgId } = await createOrg();
    const admin = await contextOf(orgId, "admin");
    await contextOf(orgId, "employee");
    const at = new Date(Date.now() + 86_400_000).toISOString();
    const { surveyId } = await createCustomSurvey(
      admin,
      customSurveySchema.parse({
        title: "Later",
        questions: [{ type: "scale", text: "Q", isRequired: true }],
        audience: { all: true },
        send: { at },
      }),
    );
    const r = await surveyResults(admin, surveyId);
    expect(r.survey).toMatchObject({ status: "scheduled", sentAt: null, questionCount: 1 });
    expect(r.released).toBe(false);
    expect(r.groups).toEqual([]);
  });

  it("counts answers stored before the question rollups existed (the migration's backfill)", async () => {
    const s = await surveyed([3]);
    for (const m of s.teams[0]!.members) await s.answer(m.email, { scale: 2, optional: 4, enps: 9, text: "hello" });
    await s.answer(s.loner.email, { scale: 5, enps: 3 });
    // The backfill reads stored answers, which exist once the survey has closed.
    await s.close();
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    expect(expected.responded.get(ORG_TEAM_ID)).toBe(4);
    const sql = await readFile(
      path.join(import.meta.dirname, "../../prisma/migrations/20261123140100_question_rollups/migration.sql"),
      "utf8",
    );
    const backfill = /-- Answers stored before this migration[\s\S]*?\n(DO \$\$[\s\S]*?\n\$\$;)/.exec(sql)![1]!;
    // As the owner, in one transaction: the rows go, and the backfill makes them again.
    await owner().query("BEGIN");
    try {
      // Every organisation's rows (the backfill makes every organisation's), as before the migration.
      await owner().query(`DELETE FROM "SurveyQuestionRollup"`);
      await owner().query(backfill);
      await owner().query("COMMIT");
    } catch (err) {
      await owner().query("ROLLBACK");
      throw err;
    }
    const rows = await withOrg(s.orgId, (tx) =>
      tx.surveyQuestionRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
    );
    expect(rows.length).toBe(expected.questions.size);
    expect(
      new Map(rows.map((x) => [rollupKey(x.teamId, x.questionId), { n: x.n, sum: x.sum, counts: x.counts }])),
    ).toEqual(expected.questions);
  });
});

function round(v: number) {
  return Math.round(v * 10) / 10;
}

describe("the stress item", () => {
  it("is marked as the one question where a higher score is worse", async () => {
    const { orgId } = await createOrg();
    const admin = await contextOf(orgId, "admin");
    // Four respondents: the minimum of 3, plus one for the admin reading, who was invited too.
    const people = await Promise.all([1, 2, 3, 4].map(() => contextOf(orgId, "employee")));
    const { surveyId } = await sendPulseNow(admin);
    const questions = await withOrg(orgId, (tx) =>
      tx.surveyQuestion.findMany({
        where: { organizationId: orgId, surveyId },
        select: { id: true, type: true, bankKey: true },
      }),
    );
    const mails = await deliverSurveyInvitations(orgId, surveyId);
    for (const p of people) {
      const token = linkToken(mails.find((m) => m.to === p.email)!.text);
      const responses = questions
        .filter((q) => q.type !== "text")
        .map((q) => ({ questionId: q.id, answer: q.type === "enps" ? 8 : 4 }));
      await submitResponse(orgId, { surveyId, responses }, { token });
    }
    expect(await withOrg(orgId, (tx) => closeSurvey(tx, orgId, surveyId, new Date(), { early: true }))).toBe(true);
    const r = await surveyResults(admin, surveyId);
    const all = r.groups.find((g) => g.id === ORG_TEAM_ID)!;
    expect(all.reason).toBeNull();
    const stressId = questions.find((q) => q.bankKey === "wellness_stress")!.id;
    expect(all.questions.filter((q) => q.higherIsWorse).map((q) => q.id)).toEqual([stressId]);
  });
});
