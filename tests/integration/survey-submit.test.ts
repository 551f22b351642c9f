import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import { DomainError } from "@/lib/errors/domain-error";
import { createSurvey, sendSurvey, ORG_TEAM_ID } from "@/lib/surveys/send";
import { SURVEY_CLOSED, submitResponse } from "@/lib/surveys/submit";
import { closeSurvey, sendReminders } from "@/lib/surveys/round-lifecycle";
import { readSurveyForTaker } from "@/lib/surveys/survey-read";
import { recomputeRollups, rollupKey } from "../support/recompute-rollups";
import { hashToken } from "@/lib/auth/token-hash";
import { submissionSchema, type Submission } from "@/lib/surveys/take-schemas";
import { createOrg, createUser } from "../support/factories";
import { status } from "../support/status";
import { currentResponseCount, liveParticipation } from "@/lib/surveys/participation";
import { deliverSurveyInvitations, linkToken } from "../support/survey-links";
import { deliverMail } from "@/lib/mail/deliver";
import type { OutgoingMail } from "@/lib/mail/transport";

const status201 = (p: Promise<unknown>) => status(p, 201);

/** An organisation with a team of four (a manager and three employees) and one person without a
 * team, and a sent survey with a scale, the stress item, eNPS and an optional comment. The raw
 * tokens come from the invitation e-mails as delivered, as a recipient gets them (none, when
 * `deliver` is false: the e-mails stay in the outbox). */
async function sentSurvey({ deliver = true }: { deliver?: boolean } = {}) {
  const { orgId } = await createOrg();
  const admin = await createUser(orgId, { role: "admin" });
  const team = await withOrg(orgId, (tx) =>
    tx.team.create({ data: { organizationId: orgId, name: "Core" }, select: { id: true } }),
  );
  const members = await Promise.all(
    [0, 1, 2, 3].map((i) => createUser(orgId, { role: i === 0 ? "manager" : "employee" })),
  );
  await withOrg(orgId, (tx) =>
    tx.user.updateMany({
      where: { organizationId: orgId, id: { in: members.map((m) => m.id) } },
      data: { teamId: team.id },
    }),
  );
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
          {
            type: "scale",
            text: "I know what is expected of me.",
            isRequired: true,
            dimension: "alignment",
            bankKey: "alignment_1",
          },
          {
            type: "scale",
            text: "I often feel overwhelmed by stress.",
            isRequired: true,
            dimension: "wellness",
            bankKey: "wellness_stress",
          },
          { type: "enps", text: "Would you recommend us?", isRequired: true, bankKey: "enps" },
          { type: "text", text: "Anything else?", isRequired: false },
        ],
      },
      new Date(),
    );
    await sendSurvey(tx, orgId, surveyId, new Date());
    return surveyId;
  });
  const mails = deliver ? await deliverSurveyInvitations(orgId, surveyId) : [];
  const tokenOf = (email: string) => linkToken(mails.find((m) => m.to === email)!.text);
  const questions = await withOrg(orgId, (tx) =>
    tx.surveyQuestion.findMany({ where: { organizationId: orgId, surveyId }, orderBy: { order: "asc" } }),
  );
  return { orgId, surveyId, team, admin, members, tokenOf, questions };
}

const answersFor = (qs: { id: string; type: string }[], pick: (type: string) => number | string) =>
  submissionSchema.shape.responses.parse(
    qs.map((q) => ({ questionId: q.id, answer: pick(q.type), submittedAt: new Date().toISOString() })),
  );

const body = (surveyId: string, responses: Submission["responses"]): Submission => ({ surveyId, responses });

type Sent = { orgId: string; surveyId: string };

/** Closes the survey now, as 'Close now and release results' does: the pool is folded in. */
const close = (s: Sent) => withOrg(s.orgId, (tx) => closeSurvey(tx, s.orgId, s.surveyId, new Date(), { early: true }));

/** The survey's pending pool, its answers sorted by question so they compare as sets. */
async function poolOf(s: Sent) {
  const rows = await withOrg(s.orgId, (tx) =>
    tx.surveyPendingResponse.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
  );
  return rows.map((r) => ({
    ...r,
    answers: [...(r.answers as { q: string; v: number | null; t: string | null }[])].sort((a, b) =>
      a.q.localeCompare(b.q),
    ),
  }));
}

/** Everything a submission or a fold may write for the survey, counted (pool, answers, rollups,
 * participation and the survey's counter), to prove a refused call changes nothing. */
const footprint = (s: Sent) =>
  withOrg(s.orgId, async (tx) => {
    const where = { organizationId: s.orgId, surveyId: s.surveyId };
    return {
      pool: await tx.surveyPendingResponse.count({ where }),
      responses: await tx.surveyResponse.count({ where }),
      answers: await tx.surveyAnswer.count({ where: { organizationId: s.orgId, response: { surveyId: s.surveyId } } }),
      rollups: await tx.surveyRollup.findMany({ where, orderBy: [{ teamId: "asc" }, { metric: "asc" }] }),
      questionRollups: await tx.surveyQuestionRollup.findMany({
        where,
        orderBy: [{ teamId: "asc" }, { questionId: "asc" }],
      }),
      participation: await tx.surveyParticipation.findMany({ where, orderBy: { teamId: "asc" } }),
      // A submission writes nothing about its invitation: this stays 0.
      used: await tx.surveyInvitation.count({ where: { ...where, used: true } }),
      survey: await tx.survey.findUniqueOrThrow({
        where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } },
        select: { status: true, responseCount: true, closedAt: true },
      }),
    };
  });

/** The folded rollups as recomputeRollups keys them. */
const rollupsOf = (s: Sent) =>
  withOrg(s.orgId, async (tx) => {
    const where = { organizationId: s.orgId, surveyId: s.surveyId };
    const rollups = await tx.surveyRollup.findMany({ where });
    const questions = await tx.surveyQuestionRollup.findMany({ where });
    return {
      rollups: new Map(
        rollups.map((r) => [
          rollupKey(r.teamId, r.metric),
          { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors },
        ]),
      ),
      questions: new Map(
        questions.map((r) => [rollupKey(r.teamId, r.questionId), { n: r.n, sum: r.sum, counts: r.counts }]),
      ),
    };
  });

describe("submitting a survey", () => {
  it("the day-3 reminder goes to everyone invited, carries no link, and the first e-mail's link still answers once", async () => {
    const s = await sentSurvey();
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 8 : t === "scale" ? 4 : "ok"));
    const [a, b] = [s.members[1]!.email, s.members[2]!.email];
    // One has answered before the reminder: the product cannot tell, so both are reminded alike.
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(a) }))).toBe(201);
    const sentAt = (
      await withOrg(s.orgId, (tx) =>
        tx.survey.findUniqueOrThrow({ where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } } }),
      )
    ).sentAt!;
    const reminded = await withOrg(s.orgId, (tx) =>
      sendReminders(tx, s.orgId, s.surveyId, new Date(sentAt.getTime() + 3 * 86_400_000 + 60_000)),
    );
    expect(reminded).toBe(5);
    const reminders = await withOrg(s.orgId, (tx) =>
      tx.mailMessage.findMany({ where: { organizationId: s.orgId, kind: "survey_reminder" } }),
    );
    expect(reminders.map((m) => m.to).sort()).toEqual([s.admin, ...s.members].map((p) => p.email).sort());
    const [ra, rb] = [reminders.find((m) => m.to === a)!, reminders.find((m) => m.to === b)!];
    // Worded for both cases, the same for the one who answered and the one who did not.
    expect(ra.text.replace(/^Hi .*$/m, "")).toBe(rb.text.replace(/^Hi .*$/m, ""));
    expect(ra.text).toContain("If you have already answered, thank you.");
    expect(ra.text).toContain(`your personal link is in the e-mail we sent on`);
    expect(ra.text).toContain(`"Weekly Culture Check - Your Voice Matters"; it works until`);
    expect(ra.subject).toBe("Reminder: Weekly Culture Check - Your Voice Matters");
    for (const m of reminders) expect(`${m.text}${m.html ?? ""}`).not.toMatch(/token=|\/surveys\//);
    // Nothing about the invitations was written.
    const touched = await withOrg(s.orgId, (tx) =>
      tx.surveyInvitation.count({
        where: {
          organizationId: s.orgId,
          surveyId: s.surveyId,
          OR: [{ remindedAt: { not: null } }, { reminderTokenHash: { not: null } }, { used: true }],
        },
      }),
    );
    expect(touched).toBe(0);
    // The first e-mail's link still answers, once.
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(b) }))).toBe(201);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(b) }))).toBe(409);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(a) }))).toBe(409);
    expect(await poolOf(s)).toHaveLength(2);
    expect(await close(s)).toBe(true);
    const responses = await withOrg(s.orgId, (tx) =>
      tx.surveyResponse.count({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
    );
    expect(responses).toBe(2);
  });

  it("stores one anonymous response: no person, token or time, only the attributed team", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[1]!.email);
    await submitResponse(
      s.orgId,
      body(
        s.surveyId,
        answersFor(s.questions, (t) => (t === "enps" ? 9 : t === "scale" ? 4 : "Great team")),
      ),
      { token },
    );
    const columns = await withOrg(
      s.orgId,
      (tx) =>
        tx.$queryRaw<
          { table_name: string; column_name: string }[]
        >`SELECT table_name, column_name FROM information_schema.columns WHERE table_name IN ('SurveyResponse', 'SurveyAnswer', 'SurveyPendingResponse') ORDER BY table_name, ordinal_position`,
    );
    // While the survey is open the answers wait in the pool: the team, the answers and the link's
    // marker (which nothing stored recomputes), nothing else.
    expect(columns.filter((c) => c.table_name === "SurveyPendingResponse").map((c) => c.column_name)).toEqual([
      "organizationId",
      "id",
      "surveyId",
      "teamId",
      "answers",
      "marker",
    ]);
    const pool = await poolOf(s);
    expect(pool).toHaveLength(1);
    expect(pool[0]!.teamId).toBe(s.team.id);
    expect(pool[0]!.answers).toHaveLength(4);
    // The same link again is refused, and the page knows it.
    expect(
      await status201(
        submitResponse(
          s.orgId,
          body(
            s.surveyId,
            answersFor(s.questions, () => 3),
          ),
          { token },
        ),
      ),
    ).toBe(409);
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token }))?.survey.alreadyAnswered).toBe(true);
    expect(await poolOf(s)).toHaveLength(1);

    // At close it becomes one response with the same team and answers, with no person, token or time.
    expect(await close(s)).toBe(true);
    const rows = await withOrg(s.orgId, (tx) =>
      tx.surveyResponse.findMany({
        where: { organizationId: s.orgId, surveyId: s.surveyId },
        include: { answers: true },
      }),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.teamId).toBe(s.team.id);
    expect(rows[0]!.answers).toHaveLength(4);
    expect(rows[0]!.id).not.toBe(pool[0]!.id);
    expect(columns.filter((c) => c.table_name === "SurveyResponse").map((c) => c.column_name)).toEqual([
      "organizationId",
      "id",
      "surveyId",
      "teamId",
    ]);
    expect(columns.filter((c) => c.table_name === "SurveyAnswer").map((c) => c.column_name)).toEqual([
      "organizationId",
      "responseId",
      "questionId",
      "value",
      "text",
    ]);
  });

  it("stores exactly one response when ten submits with one link arrive together", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[2]!.email);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 7 : t === "scale" ? 3 : ""));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => status201(submitResponse(s.orgId, body(s.surveyId, answers), { token }))),
    );
    expect(results.filter((r) => r === 201)).toHaveLength(1);
    expect(results.filter((r) => r === 409)).toHaveLength(9);
    const survey = () =>
      withOrg(s.orgId, async (tx) => {
        const row = await tx.survey.findUniqueOrThrow({
          where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } },
          select: {
            id: true,
            status: true,
            responseCount: true,
            _count: { select: { responses: true, pending: true } },
          },
        });
        // While open the count comes from the pool; the fold stores it at close.
        return { responseCount: await currentResponseCount(tx, s.orgId, row), _count: row._count };
      });
    expect(await survey()).toEqual({ responseCount: 1, _count: { responses: 0, pending: 1 } });
    expect(await close(s)).toBe(true);
    expect(await survey()).toEqual({ responseCount: 1, _count: { responses: 1, pending: 0 } });
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
    for (const responses of bad)
      expect(await status201(submitResponse(s.orgId, body(s.surveyId, responses), { token }))).toBe(400);
    // The messages name the question they are about.
    const err = await submitResponse(
      s.orgId,
      body(
        s.surveyId,
        good.filter((_, i) => i !== 1),
      ),
      { token },
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).fields).toEqual({
      [`responses.${s.questions[1]!.id}`]: ["This question needs an answer"],
    });
    expect(
      submissionSchema.safeParse({
        surveyId: s.surveyId,
        responses: [{ questionId: s.questions[3]!.id, answer: "x".repeat(2001) }],
      }).success,
    ).toBe(false);
    const inv = await withOrg(s.orgId, (tx) =>
      tx.surveyInvitation.findFirstOrThrow({
        where: { organizationId: s.orgId, surveyId: s.surveyId, userId: s.members[3]!.id },
      }),
    );
    expect(inv.used).toBe(false);
    expect(await poolOf(s)).toEqual([]);
    // The optional comment may be left out.
    await submitResponse(s.orgId, body(s.surveyId, good.slice(0, 3)), { token });
    expect((await poolOf(s)).map((p) => p.answers.length)).toEqual([3]);
  });

  it("refuses closed and unsent surveys, unknown links and another organisation's links", async () => {
    const s = await sentSurvey();
    const other = await sentSurvey();
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 8 : 4));
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: "x".repeat(43) }))).toBe(404);
    // A truncated link passes the schema and is simply unknown.
    expect(submissionSchema.safeParse({ ...body(s.surveyId, answers), token: "abc" }).success).toBe(true);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: "abc" }))).toBe(404);
    expect(
      await status201(
        submitResponse(other.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) }),
      ),
    ).toBe(404);
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), {}))).toBe(404);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { userId: randomUUID() })).toBeNull();
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: "y".repeat(43) })).toBeNull();
    await withOrg(s.orgId, (tx) =>
      tx.survey.update({
        where: { organizationId_id: { organizationId: s.orgId, id: s.surveyId } },
        data: { status: "closed", closedAt: new Date() },
      }),
    );
    expect(
      await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) })),
    ).toBe(409);
    // Someone signed in to another organisation is nobody here.
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { userId: other.members[1]!.id })).toBeNull();
    // A survey that is not sent yet refuses even a link that matches an invitation to it.
    const later = await withOrg(s.orgId, async (tx) => {
      const made = await createSurvey(
        tx,
        s.orgId,
        {
          kind: "custom",
          title: "Later",
          audienceTeamIds: [],
          createdById: null,
          questions: [{ type: "scale", text: "Q", isRequired: true }],
        },
        new Date(Date.now() + 86_400_000),
      );
      await tx.surveyInvitation.create({
        data: {
          organizationId: s.orgId,
          surveyId: made.surveyId,
          userId: s.members[1]!.id,
          tokenHash: hashToken("later-".repeat(8)),
        },
      });
      const q = await tx.surveyQuestion.findFirstOrThrow({
        where: { organizationId: s.orgId, surveyId: made.surveyId },
        select: { id: true },
      });
      return { surveyId: made.surveyId, questionId: q.id };
    });
    const early = { surveyId: later.surveyId, responses: [{ questionId: later.questionId, answer: 3 }] };
    expect(await status201(submitResponse(s.orgId, early, { token: "later-".repeat(8) }))).toBe(404);
    expect(await readSurveyForTaker(s.orgId, later.surveyId, { userId: s.members[1]!.id })).toBeNull();
    expect(await readSurveyForTaker(s.orgId, later.surveyId, { token: "later-".repeat(8) })).toBeNull();
    // A round past its closing time is closed even before the scheduler marks it so.
    const t = await sentSurvey();
    await withOrg(t.orgId, (tx) =>
      tx.survey.update({
        where: { organizationId_id: { organizationId: t.orgId, id: t.surveyId } },
        data: { closesAt: new Date(Date.now() - 1000) },
      }),
    );
    const late = answersFor(t.questions, (q) => (q === "enps" ? 8 : 4));
    expect(
      await status201(submitResponse(t.orgId, body(t.surveyId, late), { token: t.tokenOf(t.members[1]!.email) })),
    ).toBe(409);
    expect(
      (await readSurveyForTaker(t.orgId, t.surveyId, { token: t.tokenOf(t.members[1]!.email) }))?.survey.status,
    ).toBe("closed");
  });

  it("shows a signed-in invitee without the link where their link is, and stores nothing without it", async () => {
    const s = await sentSurvey();
    const me = { userId: s.members[1]!.id };
    const seen = await readSurveyForTaker(s.orgId, s.surveyId, me);
    expect(seen?.survey).toMatchObject({
      linkNeeded: true,
      alreadyAnswered: false,
      firstMail: { subject: "Weekly Culture Check - Your Voice Matters" },
    });
    expect(seen?.survey.firstMail?.sentOn).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+$/);
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 6 : t === "scale" ? 2 : ""));
    // The route passes the body's token only; without one nothing is stored.
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: null }))).toBe(404);
    expect(await poolOf(s)).toEqual([]);
    // With the link it answers, and the link's page then says so.
    const token = s.tokenOf(s.members[1]!.email);
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token }))?.survey).toMatchObject({
      linkNeeded: false,
      alreadyAnswered: false,
      firstMail: null,
    });
    expect(await status201(submitResponse(s.orgId, body(s.surveyId, answers), { token }))).toBe(201);
    expect((await readSurveyForTaker(s.orgId, s.surveyId, { token }))?.survey.alreadyAnswered).toBe(true);
    // Signed in, the product still cannot tell.
    expect((await readSurveyForTaker(s.orgId, s.surveyId, me))?.survey.alreadyAnswered).toBe(false);
  });

  it("the outbox never holds a link's token: a link gets it at delivery, and e-mails delivered after the close carry dead links", async () => {
    const s = await sentSurvey({ deliver: false });
    const stored = () =>
      withOrg(s.orgId, (tx) =>
        tx.mailMessage.findMany({
          where: { organizationId: s.orgId, ref: `survey:${s.surveyId}` },
          select: { text: true, status: true },
        }),
      );
    const before = await stored();
    expect(before).toHaveLength(5);
    for (const m of before) {
      expect(m.status).toBe("pending");
      expect(m.text).toContain(`/surveys/${s.surveyId}?token={{surveyToken}}`);
      expect(m.text).not.toMatch(/token=[\w-]{40,}/);
    }
    // No invitation opens before its e-mail is delivered.
    const hashes = await withOrg(s.orgId, (tx) =>
      tx.surveyInvitation.findMany({
        where: { organizationId: s.orgId, surveyId: s.surveyId },
        select: { tokenHash: true },
      }),
    );
    expect(hashes.every((h) => h.tokenHash.startsWith("pending:"))).toBe(true);
    expect(await close(s)).toBe(true);
    const late = await deliverSurveyInvitations(s.orgId, s.surveyId);
    expect(late).toHaveLength(5);
    for (const m of late)
      expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: linkToken(m.text) })).toBeNull();
    expect((await stored()).every((m) => m.status === "sent" && !/token=[\w-]{40,}/.test(m.text))).toBe(true);
  });

  it("a retried delivery issues a new link and only the last one delivered works", async () => {
    const s = await sentSurvey({ deliver: false });
    const [message] = await withOrg(s.orgId, (tx) =>
      tx.mailMessage.findMany({
        where: { organizationId: s.orgId, to: s.admin.email, ref: `survey:${s.surveyId}` },
        select: { id: true },
      }),
    );
    const failing = {
      name: "failing",
      send: async (m: OutgoingMail) => {
        tried.push(m);
        throw new Error("provider down");
      },
    };
    const tried: OutgoingMail[] = [];
    await expect(deliverMail(s.orgId, message!.id, failing)).rejects.toThrow("provider down");
    // The failed attempt's link had its hash committed before the provider call: it worked until the retry.
    const first = linkToken(tried[0]!.text);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: first })).not.toBeNull();
    await withOrg(s.orgId, (tx) =>
      tx.mailMessage.update({
        where: { organizationId_id: { organizationId: s.orgId, id: message!.id } },
        data: { lockedUntil: null },
        select: { id: true },
      }),
    );
    const [delivered] = await deliverSurveyInvitations(s.orgId, s.surveyId).then((all) =>
      all.filter((m) => m.to === s.admin.email),
    );
    const second = linkToken(delivered!.text);
    expect(second).not.toBe(first);
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: first })).toBeNull();
    expect(await readSurveyForTaker(s.orgId, s.surveyId, { token: second })).not.toBeNull();
  });

  it("tells the taker the groups their answers are reported in, from the invitation's attributed team", async () => {
    const s = await sentSurvey();
    const inTeam = await readSurveyForTaker(s.orgId, s.surveyId, { token: s.tokenOf(s.members[1]!.email) });
    expect(inTeam?.survey.reportedWith).toEqual({ team: { name: "Core", people: 4 }, organisationPeople: 5 });
    const teamless = await readSurveyForTaker(s.orgId, s.surveyId, { token: s.tokenOf(s.admin.email) });
    expect(teamless?.survey.reportedWith).toEqual({ team: null, organisationPeople: 5 });
  });

  it("folds the pool at close into rollups and participation equal to a recomputation from the raw answers, and empties it", async () => {
    const s = await sentSurvey();
    const people = [s.admin, ...s.members];
    const r = Math.random;
    const enpsGiven = people.map(() => Math.floor(r() * 11));
    // All at once, so the running sums are also proven under contention. The optional comment is
    // sometimes left out, so the answers differ in shape too.
    await Promise.all(
      people.map((p, i) => {
        const responses = answersFor(s.questions, (t) =>
          t === "enps" ? enpsGiven[i]! : t === "scale" ? 1 + Math.floor(r() * 5) : "note",
        ).filter((a) => typeof a.answer === "number" || r() < 0.5);
        return submitResponse(s.orgId, body(s.surveyId, responses), { token: s.tokenOf(p.email) });
      }),
    );
    expect(await poolOf(s)).toHaveLength(people.length);
    expect(await close(s)).toBe(true);
    expect(await poolOf(s)).toEqual([]);
    const [rollups, participation, questionRollups] = await withOrg(s.orgId, (tx) =>
      Promise.all([
        tx.surveyRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
        tx.surveyParticipation.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
        tx.surveyQuestionRollup.findMany({ where: { organizationId: s.orgId, surveyId: s.surveyId } }),
      ]),
    );
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    expect(expected.responded.get(ORG_TEAM_ID)).toBe(people.length);
    const actual = new Map(
      rollups.map((r) => [
        rollupKey(r.teamId, r.metric),
        { n: r.n, sum: r.sum, promoters: r.promoters, detractors: r.detractors },
      ]),
    );
    expect(actual).toEqual(expected.rollups);
    // Per question too (custom questions have no metric): answers, sum and the 0..10 distribution.
    expect(
      new Map(
        questionRollups.map((r) => [rollupKey(r.teamId, r.questionId), { n: r.n, sum: r.sum, counts: r.counts }]),
      ),
    ).toEqual(expected.questions);
    const enpsQuestion = s.questions.find((q) => q.type === "enps")!;
    expect(questionRollups.find((r) => r.teamId === ORG_TEAM_ID && r.questionId === enpsQuestion.id)!.counts).toEqual(
      Array.from({ length: 11 }, (_, v) => enpsGiven.filter((e) => e === v).length),
    );
    expect(new Map(participation.map((p) => [p.teamId, p.responded]))).toEqual(expected.responded);
    // The stress item feeds 'stress' as given and wellness reversed.
    expect(
      actual.get(rollupKey(ORG_TEAM_ID, "stress"))!.sum + actual.get(rollupKey(ORG_TEAM_ID, "wellness"))!.sum,
    ).toBe(10 * people.length);
    // eNPS: promoters 9-10 and detractors 0-6, counted from the given answers.
    const enps = enpsGiven;
    expect(actual.get(rollupKey(ORG_TEAM_ID, "enps"))).toEqual({
      n: enps.length,
      sum: enps.reduce((a, b) => a + b, 0),
      promoters: enps.filter((v) => v >= 9).length,
      detractors: enps.filter((v) => v <= 6).length,
    });
    const responded = Object.fromEntries(participation.map((p) => [p.teamId, p.responded]));
    expect(responded).toEqual({ [ORG_TEAM_ID]: 5, [s.team.id]: 4 });
  });

  it("keeps the answers in the pending pool until the survey closes: one row with the team and the answers, nothing in the results", async () => {
    const s = await sentSurvey();
    const token = s.tokenOf(s.members[2]!.email);
    const given = answersFor(s.questions, (t) => (t === "enps" ? 3 : t === "scale" ? 2 : "  Too many meetings  "));
    await submitResponse(s.orgId, body(s.surveyId, given), { token });

    const pool = await poolOf(s);
    expect(pool).toHaveLength(1);
    expect(pool[0]).toMatchObject({ organizationId: s.orgId, surveyId: s.surveyId, teamId: s.team.id });
    const expected = s.questions
      .map((q) => ({
        q: q.id,
        v: q.type === "text" ? null : q.type === "enps" ? 3 : 2,
        t: q.type === "text" ? "Too many meetings" : null,
      }))
      .sort((a, b) => a.q.localeCompare(b.q));
    expect(pool[0]!.answers).toEqual(expected);
    // Only participation moved (counted from the pool while open; no counter row and no
    // invitation is written at submit); no answer, response or rollup exists before the close.
    const before = await footprint(s);
    expect(before).toMatchObject({
      pool: 1,
      responses: 0,
      answers: 0,
      rollups: [],
      questionRollups: [],
      used: 0,
      survey: { status: "active", responseCount: 0, closedAt: null },
    });
    expect(new Map(before.participation.map((p) => [p.teamId, p.responded]))).toEqual(
      new Map([
        [ORG_TEAM_ID, 0],
        [s.team.id, 0],
      ]),
    );
    const live = await withOrg(s.orgId, (tx) => liveParticipation(tx, s.orgId, s.surveyId));
    expect(new Map(live.map((p) => [p.teamId, p.responded]))).toEqual(
      new Map([
        [ORG_TEAM_ID, 1],
        [s.team.id, 1],
      ]),
    );

    // A teamless invitee's answers wait with no team.
    await submitResponse(s.orgId, body(s.surveyId, given.slice(0, 3)), { token: s.tokenOf(s.admin.email) });
    expect((await poolOf(s)).map((p) => p.teamId).sort()).toEqual([null, s.team.id].sort());
    expect(await footprint(s)).toMatchObject({ pool: 2, responses: 0, answers: 0, rollups: [], questionRollups: [] });
  });

  it("folds once when two closes race: no response or rollup counted twice, one notification per reader", async () => {
    const s = await sentSurvey();
    const people = [s.admin, ...s.members];
    for (const [i, p] of people.entries()) {
      await submitResponse(
        s.orgId,
        body(
          s.surveyId,
          answersFor(s.questions, (t) => (t === "enps" ? i * 2 : t === "scale" ? 1 + i : `note ${i}`)),
        ),
        { token: s.tokenOf(p.email) },
      );
    }
    // Two transactions of their own, at the same time, as two scheduler ticks or an admin and a tick.
    const closed = await Promise.all([close(s), close(s)]);
    expect(closed.sort()).toEqual([false, true]);
    expect(await close(s)).toBe(false);

    const after = await footprint(s);
    expect(after).toMatchObject({
      pool: 0,
      responses: people.length,
      answers: 4 * people.length,
      survey: { status: "closed", responseCount: people.length },
    });
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    expect(await rollupsOf(s)).toEqual({ rollups: expected.rollups, questions: expected.questions });
    expect(expected.rollups.get(rollupKey(ORG_TEAM_ID, "enps"))?.n).toBe(people.length);
    expect(expected.questions.get(rollupKey(s.team.id, s.questions[0]!.id))?.n).toBe(s.members.length);
    expect(new Map(after.participation.map((p) => [p.teamId, p.responded]))).toEqual(
      new Map([
        [ORG_TEAM_ID, people.length],
        [s.team.id, s.members.length],
      ]),
    );
    // The admin and the manager are told once each.
    const told = await withOrg(s.orgId, (tx) =>
      tx.notification.findMany({
        where: { organizationId: s.orgId, type: "survey_results" },
        select: { userId: true },
      }),
    );
    expect(told.map((n) => n.userId).sort()).toEqual([s.admin.id, s.members[0]!.id].sort());
  });

  it("refuses a submit after the close with 409 'This survey is closed' and changes nothing", async () => {
    const s = await sentSurvey();
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 8 : t === "scale" ? 4 : "late"));
    await submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(s.members[1]!.email) });
    expect(await close(s)).toBe(true);
    const before = await footprint(s);
    expect(before).toMatchObject({ pool: 0, responses: 1, used: 0, survey: { status: "closed", responseCount: 1 } });

    // By link (the first e-mail's), and by the link that has answered: both refused as closed.
    for (const taker of [{ token: s.tokenOf(s.members[2]!.email) }, { token: s.tokenOf(s.members[1]!.email) }]) {
      const err = await submitResponse(s.orgId, body(s.surveyId, answers), taker).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DomainError);
      expect(err).toMatchObject({ code: "survey_closed", message: SURVEY_CLOSED });
    }
    expect(await footprint(s)).toEqual(before);
    // The invitations stay unused, so nothing says who tried.
    const unused = await withOrg(s.orgId, (tx) =>
      tx.surveyInvitation.findMany({
        where: { organizationId: s.orgId, surveyId: s.surveyId, userId: { in: [s.members[2]!.id, s.members[3]!.id] } },
        select: { used: true },
      }),
    );
    expect(unused).toEqual([{ used: false }, { used: false }]);
  });

  it("folds every submission stored before a racing close and refuses the rest as closed, losing none", async () => {
    const s = await sentSurvey();
    const people = [s.admin, ...s.members];
    const answers = answersFor(s.questions, (t) => (t === "enps" ? 9 : t === "scale" ? 5 : "race"));
    const submits = people.map((p) =>
      status201(submitResponse(s.orgId, body(s.surveyId, answers), { token: s.tokenOf(p.email) })),
    );
    const [closed, ...codes] = await Promise.all([close(s), ...submits]);
    expect(closed).toBe(true);
    expect(codes.every((c) => c === 201 || c === 409)).toBe(true);
    const stored = codes.filter((c) => c === 201).length;
    const after = await footprint(s);
    // Every accepted answer was folded (nothing left behind in the pool), every refused one left no trace.
    expect(after).toMatchObject({
      pool: 0,
      responses: stored,
      used: 0,
      survey: { status: "closed", responseCount: stored },
    });
    const expected = await recomputeRollups(s.orgId, s.surveyId);
    expect(await rollupsOf(s)).toEqual({ rollups: expected.rollups, questions: expected.questions });
    expect(after.participation.find((p) => p.teamId === ORG_TEAM_ID)?.responded ?? 0).toBe(stored);
  });
});
