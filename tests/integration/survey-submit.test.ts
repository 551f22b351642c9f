import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { HttpError } from "@/lib/api/errors";
import { createSurvey, sendSurvey, ORG_TEAM_ID } from "@/lib/surveys/send";
import { submitResponse } from "@/lib/surveys/submit";
import { sendReminders } from "@/lib/surveys/round-lifecycle";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { recomputeRollups, rollupKey } from "@/lib/surveys/submit-recompute";
import { hashToken } from "@/lib/auth/token-hash";
import { submissionSchema, type Submission } from "@/lib/surveys/take-schema";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";

const status201 = (p: Promise<unknown>) => status(p, 201);


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
  it("after the day-3 reminder, the first e-mail's link and the reminder's both work, once between them", async () => {
    const s = await sentSurvey();
    const sentAt = (await withOrg(s.orgId, (tx) => tx.survey.findUniqueOrThrow({ where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } } }))).sentAt!;
    const reminded = await withOrg(s.orgId, (tx) => sendReminders(tx, s.orgId, s.surveyId, new Date(sentAt.getTime() + 3 * 86_400_000 + 60_000)));
    expect(reminded).toBe(5);
    const reminder = async (email: string) => {
      const mail = await withOrg(s.orgId, (tx) => tx.mailMessage.findFirstOrThrow({ where: { organizationId: s.orgId, to: email, kind: "survey_reminder" } }));
      return /token=([\w-]+)/.exec(mail.text)![1]!;
    };
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 8 : t === "scale" ? 4 : "ok"));
    const [a, b] = [s.members[1]!.email, s.members[2]!.email];
    // One answers through the first e-mail, the other through the reminder; the other link is then spent.
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token: await reminder(a) }))?.survey.alreadyAnswered).toBe(false);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(a) }))).toBe(201);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: await reminder(a) }))).toBe(409);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: await reminder(b) }))).toBe(201);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(b) }))).toBe(409);
    const responses = await withOrg(s.orgId, (tx) => tx.surveyResponse.count({ where: { organizationId: s.orgId, surveyId: s.surveyId } }));
    expect(responses).toBe(2);
  });

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
    expect(columns.filter((c) => c.table_name === "SurveyAnswer").map((c) => c.column_name)).toEqual(["organizationId", "responseId", "questionId", "value", "text"]);
    // The same link again is refused, and the page knows it.
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answersFor(s.questions, () => 3)), { token }))).toBe(409);
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token }))?.survey.alreadyAnswered).toBe(true);
  });

  it("stores exactly one response when ten submits with one link arrive together", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[2]!.email);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 7 : t === "scale" ? 3 : ""));
    const results = await Promise.all(Array.from({ length: 10 }, () => status201(submitResponse(s.orgId, body(s.surveyId, answers), { token }))));
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
      good.map((a, i) => (i === 0 ? { ...a, answer: 0 } : a)),
      good.map((a, i) => (i === 2 ? { ...a, answer: 11 } : a)),
      good.map((a, i) => (i === 2 ? { ...a, answer: -1 } : a)),
      good.map((a, i) => (i === 2 ? { ...a, answer: 8.5 } : a)),
      good.map((a, i) => (i === 0 ? { ...a, answer: "five" } : a)),
      good.map((a, i) => (i === 3 ? { ...a, answer: 3 } : a)),
      good.filter((_, i) => i !== 1),
      [...good, { ...good[0]! }],
      [...good, { questionId: randomUUID(), answer: 3 }],
    ];
    for (const responses of bad) expect(await status201(submitResponse(s.orgId, body(s.surveyId, responses), { token }))).toBe(400);
    // The messages name the question they are about.
    const err = await submitResponse(s.orgId, body(s.surveyId, good.filter((_, i) => i !== 1)), { token }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).fields).toEqual({ [`responses.${s.questions[1]!.id}`]: ["This question needs an answer"] });
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
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: "x".repeat(43) }))).toBe(404);
    // A truncated link passes the schema and is simply unknown.
    expect(submissionSchema.safeParse({ ...body(s.surveyId, answers), token: "abc" }).success).toBe(true);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: "abc" }))).toBe(404);
    expect(await status201(submitResponse(other.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(404);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { userId: randomUUID() }))).toBe(404);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: "y".repeat(43) })).toBeNull();
    await withOrg(s.orgId, (tx) => tx.survey.update({ where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } }, data: { status: "closed", closedAt: new Date() } }));
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(409);
    // Someone signed in to another organisation is nobody here.
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { userId: other.members[1]!.id }))).toBe(404);
    // A survey that is not sent yet refuses even a link that matches an invitation to it.
    const later = await withOrg(s.orgId, async (tx) => {
      const made = await createSurvey(tx, s.orgId, { kind: "custom", title: "Later", audienceTeamIds: [], createdById: null, questions: [{ type: "scale", text: "Q", isRequired: true }] }, new Date(Date.now() + 86_400_000));
      await tx.surveyInvitation.create({ data: { organizationId: s.orgId, surveyId: made.surveyId, userId: s.members[1]!.id, tokenHash: hashToken("later-".repeat(8)) } });
      const q = await tx.surveyQuestion.findFirstOrThrow({ where: { organizationId: s.orgId, surveyId: made.surveyId }, select: { id: true } });
      return { surveyId: made.surveyId, questionId: q.id };
    });
    const early = { surveyId: later.surveyId, responses: [{ questionId: later.questionId, answer: 3 }] };
    expect(await status201(submitResponse(s.orgId, early, { token: "later-".repeat(8) }))).toBe(404);
    expect(await status201(submitResponse(s.orgId, early, { userId: s.members[1]!.id }))).toBe(404);
    expect(await readSurveyForTaker(s.orgId, later.surveyId, { token: "later-".repeat(8) })).toBeNull();
    // A round past its closing time is closed even before the scheduler marks it so.
    const t = await sentSurvey();
    await withOrg(t.orgId, (tx) => tx.survey.update({ where: { organizationId_id: { organizationId: t.orgId, id: t.surveyId } }, data: { closesAt: new Date(Date.now() - 1000) } }));
    const late = answersFor(t.questions, (q) => (q === "enps" ? 8 : 4));
    expect(await status201(submitResponse(t.orgId, body(t.surveyId, late), { token: t.tokenOf(t.members[1]!.email) }))).toBe(409);
    expect((await readSurveyForTaker(t.orgId, t.surveyId, { token: t.tokenOf(t.members[1]!.email) }))?.survey.status).toBe("closed");
  });

  it("lets the signed-in invitee answer without a link, once", async () => {
    const s = await sentSurvey();
    const me = { userId: s.members[1]!.id };
    expect((await readSurveyForTaker(s.orgId, s.surveyId, me))?.questions).toHaveLength(4);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 6 : t === "scale" ? 2 : ""));
    await submitResponse(s.orgId, body(s.surveyId, answers), me);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), me))).toBe(409);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }))).toBe(409);
  });

  it("keeps rollups and participation equal to a recomputation from the raw answers", async () => {
    const s = await sentSurvey();
    const people = [s.admin, ...s.members];
    const r = Math.random;
    const enpsGiven = people.map(() => Math.floor(r() * 11));
    // All at once, so the running sums are also proven under contention. The optional comment is
    // sometimes left out, so the answers differ in shape too.
    await Promise.all(
      people.map((p, i) => {
        const responses = answersFor(s.questions, (t) => (t === "enps" ? enpsGiven[i]! : t === "scale" ? 1 + Math.floor(r() * 5) : "note")).filter((a) => typeof a.answer === "number" || r() < 0.5);
        return submitResponse(s.orgId, body(s.surveyId, responses), { token: s.tokenOf(p.email) });
      }),
    );
    const [rollups, participation, questionRollups] = await withOrg(s.orgId, (tx) =>
      Promise.all([
        tx.surveyRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
        tx.surveyParticipation.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
        tx.surveyQuestionRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
      ]),
    );
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    const actual = new Map(rollups.map((r) => [rollupKey(r.teamId, r.metric), { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors }]));
    expect(actual).toEqual(expected.rollups);
    // Per question too (custom questions have no metric): answers, sum and the 0..10 distribution.
    expect(new Map(questionRollups.map((r) => [rollupKey(r.teamId, r.questionId), { n: r.n, sum: r.sum, counts: r.counts }]))).toEqual(expected.questions);
    const enpsQuestion = s.questions.find((q) => q.type === "enps")!;
    expect(questionRollups.find((r) => r.teamId === ORG_TEAM_ID && r.questionId === enpsQuestion.id)!.counts).toEqual(
      Array.from({ length: 11 }, (_, v) => enpsGiven.filter((e) => e === v).length),
    );
    expect(new Map(participation.map((p) => [p.teamId, p.responded]))).toEqual(expected.responded);
    // The stress item feeds 'stress' as given and wellness reversed.
    expect(actual.get(rollupKey(ORG_TEAM_ID, "stress"))!.sum + actual.get(rollupKey(ORG_TEAM_ID, "wellness"))!.sum).toBe(10 * people.length);
    // eNPS: promoters 9-10 and detractors 0-6, counted from the given answers.
    const enps = enpsGiven;
    expect(actual.get(rollupKey(ORG_TEAM_ID, "enps"))).toEqual({ n: enps.length, sum: enps.reduce((a, b) => a + b, 0), promoters: enps.filter((v) => v >= 9).length, detractors: enps.filter((v) => v <= 6).length });
    const responded = Object.fromEntries(participation.map((p) => [p.teamId, p.responded]));
    expect(responded).toEqual({ [ORG_TEAM_ID]: 5, [s.team.id]: 4 });
  });
});
