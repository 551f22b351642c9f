import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { HttpError } from "@/lib/api/errors";
import { createSurvey, sendSurvey, ORG_TEAM_ID } from "@/lib/surveys/send";
import { submitResponse } from "@/lib/surveys/submit";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { contributions } from "@/lib/surveys/scoring";
import { submissionSchema, type Submission } from "@/lib/surveys/take-schema";
import { createOrg, createUser } from "../support/factories";

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 201;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

/** An organisation with a team of four (a manager and three employees) and one person without a
 * team, and a sent survey with a scale, the stress item, eNPS and an optional comment. The raw
 * tokens come from the invitation e-mails, as a recipient would get them. */
async function sentSurvey() {
  const { orgId } = await createOrg();
  const admin = await createUser(orgId, { role: "admin" });
  const team = await withOrg(orgId, (tx) => tx.team.create({ data: { organizationId: orgId, name: "Core" }, select: { id: true } }));
  const members = await Promise.all([0, 1, 2, 3].map((i) => createUser(orgId, { role: i === 0 ? "manager" : "employee" })));
  await withOrg(orgId, (tx) => tx.user.updateMany({ where: { organizationId: orgId, id: { in: members.map((m) => m.id) } }, data: { teamId: team.id } }));
  const surveyId = await withOrg(orgId, async (tx) => {
    const { surveyId } = await createSurvey(
      tx,
      orgId,
      {
        kind: "pulse",
        title: "Weekly Pulse",
        audienceTeamIds: [],
        createdById: admin.id,
        questions: [
          { type: "scale", text: "I know what is expected of me.", isRequired: true, dimension: "alignment", bankKey: "alignment_1" },
          { type: "scale", text: "I often feel overwhelmed by stress.", isRequired: true, dimension: "wellness", bankKey: "wellness_stress" },
          { type: "enps", text: "Would you recommend us?", isRequired: true, bankKey: "enps" },
          { type: "text", text: "Anything else?", isRequired: false },
        ],
      },
      new Date(),
    );
    await sendSurvey(tx, orgId, surveyId, new Date());
    return surveyId;
  });
  const mails = await withOrg(orgId, (tx) => tx.mailMessage.findMany({ where: { organizationId: orgId, ref: `survey:${surveyId}` }, select: { to: true, text: true } }));
  const tokenOf = (email: string) => /token=([\w-]+)/.exec(mails.find((m) => m.to === email)!.text)![1]!;
  const questions = await withOrg(orgId, (tx) => tx.surveyQuestion.findMany({ where: { organizationId: orgId, surveyId }, orderBy: { order: "asc" } }));
  return { orgId, surveyId, team, admin, members, tokenOf, questions };
}

const answersFor = (qs: { id: string; type: string }[], pick: (type: string) => number | string) =>
  submissionSchema.shape.responses.parse(qs.map((q) => ({ questionId: q.id, answer: pick(q.type), submittedAt: new Date().toISOString() })));

const body = (surveyId: string, responses: Submission["responses"]): Submission => ({ surveyId, responses });

describe("submitting a survey", () => {
  it("stores one anonymous response: no person, token or time, only the attributed team", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[1]!.email);
    await submitResponse(s.orgId, body(s.surveyId, answersFor(s.questions, (t) => (t === "enps" ? 9 : t === "scale" ? 4 : "Great team"))), { token });
    const rows = await withOrg(s.orgId, (tx) => tx.surveyResponse.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId }, include: { answers: true } }));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.teamId).toBe(s.team.id);
    expect(rows[0]!.answers).toHaveLength(4);
    const columns = await withOrg(s.orgId, (tx) =>
      tx.$queryRaw<{ table_name: string; column_name: string }[]>`SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('SurveyResponse', 'SurveyAnswer') ORDER BY table_name, ordinal_position`,
    );
    expect(columns.filter((c) => c.table_name === "SurveyResponse").map((c) => c.column_name)).toEqual(["organizationId", "id", "surveyId", "teamId"]);
    expect(columns.filter((c) => c.table_name === "SurveyAnswer").map((c) => c.column_name)).toEqual(["organizationId", "id", "responseId", "questionId", "value", "text"]);
    // The same link again is refused, and the page knows it.
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answersFor(s.questions, () => 3)), { token }))).toBe(409);
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token }))?.survey.alreadyAnswered).toBe(true);
  });

  it("stores exactly one response when ten submits with one link arrive together", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[2]!.email);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 7 : t === "scale" ? 3 : ""));
    const results = await Promise.all(Array.from({ length: 10 }, () => status(submitResponse(s.orgId, body(s.surveyId, answers), { token }))));
    expect(results.filter((r) => r === 201)).toHaveLength(1);
    expect(results.filter((r) => r === 409)).toHaveLength(9);
    const survey = await withOrg(s.orgId, (tx) => tx.survey.findUniqueOrThrow({ where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } }, select: { responseCount: true, _count: { select: { responses: true } } } }));
    expect(survey).toEqual({ responseCount: 1, _count: { responses: 1 } });
  });

  it("validates every answer against the survey and changes nothing on bad input", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[3]!.email);
    const good = answersFor(s.questions, (t) => (t === "enps" ? 10 : t === "scale" ? 5 : "ok"));
    const bad: Submission["responses"][] = [
      good.map((a, i) => (i === 0 ? { ...a, answer: 6 } : a)),
      good.map((a, i) => (i === 0 ? { ...a, answer: 2.5 } : a)),
      good.map((a, i) => (i === 2 ? { ...a, answer: 11 } : a)),
      good.map((a, i) => (i === 0 ? { ...a, answer: "five" } : a)),
      good.map((a, i) => (i === 3 ? { ...a, answer: 3 } : a)),
      good.filter((_, i) => i !== 1),
      [...good, { ...good[0]! }],
      [...good, { questionId: randomUUID(), answer: 3 }],
    ];
    for (const responses of bad) expect(await status(submitResponse(s.orgId, body(s.surveyId, responses), { token }))).toBe(400);
    expect(submissionSchema.safeParse({ surveyId: s.surveyId, responses: [{ questionId: s.questions[3]!.id, answer: "x".repeat(2001) }] }).success).toBe(false);
    const inv = await withOrg(s.orgId, (tx) => tx.surveyInvitation.findFirstOrThrow({ where: { organizationId: s.orgId, surveyId: s.surveyId, userId: s.members[3]!.id } }));
    expect(inv.usedAt).toBeNull();
    // The optional comment may be left out.
    await submitResponse(s.orgId, body(s.surveyId, good.slice(0, 3)), { token });
  });

  it("refuses closed and unsent surveys, unknown links and another organisation's links", async () => {
    const s = await sentSurvey();
    const other = await sentSurvey();
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 8 : 4));
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answers), { token: "x".repeat(43) }))).toBe(404);
    expect(await status(submitResponse(other.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(404);
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answers), { userId: randomUUID() }))).toBe(404);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: "y".repeat(43) })).toBeNull();
    await withOrg(s.orgId, (tx) => tx.survey.update({ where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } }, data: { status: "closed", closedAt: new Date() } }));
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(409);
    const later = await withOrg(s.orgId, (tx) => createSurvey(tx, s.orgId, { kind: "custom", title: "Later", audienceTeamIds: [], createdById: null, questions: [{ type: "scale", text: "Q", isRequired: true }] }, new Date(Date.now() + 86_400_000)));
    expect(await status(submitResponse(s.orgId, { surveyId: later.surveyId, responses: [{ questionId: randomUUID(), answer: 3 }] }, { userId: s.members[1]!.id }))).toBe(404);
  });

  it("lets the signed-in invitee answer without a link, once", async () => {
    const s = await sentSurvey();
    const me = { userId: s.members[1]!.id };
    expect((await readSurveyForTaker(s.orgId, s.surveyId, me))?.questions).toHaveLength(4);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 6 : t === "scale" ? 2 : ""));
    await submitResponse(s.orgId, body(s.surveyId, answers), me);
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answers), me))).toBe(409);
    expect(await status(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(409);
  });

  it("keeps rollups and participation equal to a recomputation from the raw answers", async () => {
    const s = await sentSurvey();
    const people = [s.admin, ...s.members];
    for (const p of people) {
      const r = Math.random;
      await submitResponse(s.orgId, body(s.surveyId, answersFor(s.questions, (t) => (t === "enps" ? Math.floor(r() * 11) : t === "scale" ? 1 + Math.floor(r() * 5) : "note"))), { token: s.tokenOf(p.email) });
    }
    const [answers, rollups, participation] = await withOrg(s.orgId, (tx) =>
      Promise.all([
        tx.surveyAnswer.findMany({ where: { organizationId: s.orgId, response: { surveyId: s.surveyId } }, include: { question: true, response: true } }),
        tx.surveyRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
        tx.surveyParticipation.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
      ]),
    );
    const expected = new Map<string, { n: number; sum: number; promoters: number; detractors: number }>();
    for (const a of answers) {
      for (const c of contributions(a.question, a.value)) {
        for (const team of [a.response.teamId, ORG_TEAM_ID]) {
          if (!team) continue;
          const k = `${team}|${c.metric}`;
          const e = expected.get(k) ?? { n: 0, sum: 0, promoters: 0, detractors: 0 };
          expected.set(k, { n: e.n + 1, sum: e.sum + c.score, promoters: e.promoters + (c.promoter ? 1 : 0), detractors: e.detractors + (c.detractor ? 1 : 0) });
        }
      }
    }
    const actual = new Map(rollups.map((r) => [`${r.teamId}|${r.metric}`, { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors }]));
    expect(actual).toEqual(expected);
    // The stress item feeds 'stress' as given and wellness reversed.
    expect(actual.get(`${ORG_TEAM_ID}|stress`)!.sum + actual.get(`${ORG_TEAM_ID}|wellness`)!.sum).toBe(10 * people.length);
    const responded = Object.fromEntries(participation.map((p) => [p.teamId, p.responded]));
    expect(responded).toEqual({ [ORG_TEAM_ID]: 5, [s.team.id]: 4 });
  });
});
