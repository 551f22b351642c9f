// Eight weeks of pulse history for the demo workspace, so its dashboards, pulse heatmap, reports
// and results have something to show on first start. Everything goes through the product's own
// code: rounds are created and sent by lib/surveys/send (invitations, links, outbox), and every
// answer is submitted through a personal link by lib/surveys/submit and folded into the results
// at close by lib/surveys/fold, so rollups, participation and suppression are exactly what real
// answers would give. Only the clock is moved: each round is sent in the past, answered, then
// closed as it would have been. One custom survey stays open, so the demo also shows what an open
// survey shows (participation only, 'Close now and release results').
//
// Runs as its own process with --conditions=react-server (the domain modules are server-only),
// started by scripts/start.ts right after the demo workspace is created.
import { DEMO, demoEmail } from "./demo-data";
import type { MailTransport, OutgoingMail } from "@/lib/mail/transport";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const ROUNDS = 8;

/** How each team tends to answer: a scale mean (1-5), its stress (1-5, higher is worse) and eNPS
 * (0-10), drifting a little each week, so the demo shows a healthy team, a stretched one and one
 * that improves. */
const PROFILES: Record<string, { scale: number; stress: number; enps: number; drift: number }> = {
  Engineering: { scale: 4.2, stress: 2.4, enps: 8.4, drift: 0 },
  "Customer Success": { scale: 3.4, stress: 4.1, enps: 6.2, drift: -0.03 },
  Marketing: { scale: 3.0, stress: 3.0, enps: 5.6, drift: 0.08 },
};
const NO_TEAM = { scale: 4, stress: 2.5, enps: 8, drift: 0 };

const COMMENTS = [
  "Stand-ups got shorter and it shows.",
  "More time for focused work would help.",
  "Thanks for the clearer priorities this month.",
  "Workload before the release was heavy.",
  "I would like more feedback on my projects.",
  "The new onboarding guide is great.",
  "Cross-team meetings could have an agenda.",
];

/** A small seeded generator (mulberry32), so every fresh demo looks the same. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, Math.round(v)));

async function main(): Promise<void> {
  const orgId = process.argv[2];
  if (!orgId) throw new Error("Usage: demo-history.ts <organizationId>");
  const { withOrg } = await import("@/lib/db/tenant");
  const { createSurvey, sendSurvey, surveyMailRef } = await import("@/lib/surveys/send");
  const { pulseQuestions, pulseTitle } = await import("@/lib/surveys/rotation");
  const { submitResponse } = await import("@/lib/surveys/submit");
  const { submissionSchema } = await import("@/lib/surveys/take-schemas");
  const { STRESS_ITEM_KEY } = await import("@/lib/surveys/scoring");
  const { boss } = await import("@/lib/jobs/boss");
  const { QUEUES } = await import("@/lib/jobs/queues");
  const { foldSurvey, vacuumPendingPool } = await import("@/lib/surveys/fold");
  const { attachDueCheckBacks } = await import("@/lib/plans/checkback-send");
  const { seedDemoPlanAfter, planAnswer, happenedAnswer } = await import("./demo-plans");

  const teamOf = new Map<string, string>();
  for (const t of DEMO.teams) {
    teamOf.set(t.manager.email, t.name);
    for (const [first, last] of t.members) teamOf.set(demoEmail(first, last), t.name);
  }
  const rand = random(20261123);
  const now = Date.now();

  for (let k = ROUNDS; k >= 1; k--) {
    const sentAt = new Date(now - k * WEEK_MS);
    const roundDate = sentAt.toISOString().slice(0, 10);
    // The demo workspace's first pulse rounds: the week's index is the round's ordinal.
    const week = ROUNDS - k;
    const surveyId = await withOrg(orgId, async (tx) => {
      const { surveyId } = await createSurvey(
        tx,
        orgId,
        {
          kind: "pulse",
          title: pulseTitle(roundDate),
          roundKey: roundDate,
          questions: pulseQuestions({ roundNumber: week, roundDate, companyName: DEMO.name }),
          audienceTeamIds: [],
          createdById: null,
        },
        sentAt,
      );
      // An action plan's check-back due that week goes with the round, as with every pulse round.
      await attachDueCheckBacks(tx, orgId, surveyId, sentAt);
      await sendSurvey(tx, orgId, surveyId, sentAt);
      // Open until the answers below are in; closed afterwards at its real time.
      await tx.survey.update({
        where: { organizationId_id: { organizationId: orgId, id: surveyId } },
        data: { closesAt: new Date(now + WEEK_MS) },
      });
      return surveyId;
    });

    const mails = await deliverInvitations(orgId, surveyId, () => true);
    const questions = await withOrg(orgId, (tx) =>
      tx.surveyQuestion.findMany({
        where: { organizationId: orgId, surveyId },
        select: { id: true, type: true, bankKey: true, dimension: true, audienceTeamId: true, checkBackId: true },
        orderBy: { order: "asc" },
      }),
    );
    const teamIds = new Map(
      (await withOrg(orgId, (tx) => tx.team.findMany({ select: { id: true, name: true } }))).map((t) => [t.name, t.id]),
    );
    for (const mail of mails) {
      const team = teamOf.get(mail.to);
      // Most people answer; now and then a small team falls below the minimum and stays hidden.
      // Customer Success, the stretched team, always answers in full, so its trouble shows on the
      // dashboard's team alerts. The admin, the one person outside every team, answers none: a
      // single answer outside the teams would make the remainder rule hide a team in every round.
      if (rand() > 0.82 && team !== "Customer Success") continue;
      if (!team) continue;
      const token = /token=([\w-]+)/.exec(mail.text)?.[1];
      if (!token) continue;
      const p = (team ? PROFILES[team] : undefined) ?? NO_TEAM;
      const jitter = () => (rand() - 0.5) * 2.2;
      const responses = questions.flatMap((q): { questionId: string; answer: number | string }[] => {
        // A check-back's questions are asked of the plan's team only.
        if (q.audienceTeamId !== null && q.audienceTeamId !== teamIds.get(team)) return [];
        if (q.type === "choice") return [{ questionId: q.id, answer: happenedAnswer(mail.to) }];
        if (q.type === "text")
          return rand() < 0.45 ? [{ questionId: q.id, answer: COMMENTS[Math.floor(rand() * COMMENTS.length)]! }] : [];
        if (q.type === "enps")
          return [{ questionId: q.id, answer: clamp(p.enps + p.drift * 10 * week + jitter() * 1.5, 0, 10) }];
        const planned = planAnswer(mail.to, q, sentAt);
        if (planned !== null) return [{ questionId: q.id, answer: planned }];
        const mean = q.bankKey === STRESS_ITEM_KEY ? p.stress - p.drift * week : p.scale + p.drift * week;
        return [{ questionId: q.id, answer: clamp(mean + jitter(), 1, 5) }];
      });
      await submitResponse(orgId, submissionSchema.parse({ surveyId, responses }), { token });
    }

    await withOrg(orgId, async (tx) => {
      const closesAt = new Date(sentAt.getTime() + WEEK_MS);
      await tx.survey.update({
        where: { organizationId_id: { organizationId: orgId, id: surveyId } },
        data: {
          status: "closed",
          closesAt,
          closedAt: closesAt,
          reminderSentAt: new Date(sentAt.getTime() + 3 * 24 * 60 * 60 * 1000),
        },
      });
      await foldSurvey(tx, orgId, surveyId);
      // Those e-mails belong to the past: delivered above to this script alone, recorded as
      // delivered then, and their delivery jobs removed, so they do not queue ahead of the
      // workspace's first real mail.
      const mailIds = (
        await tx.mailMessage.findMany({
          where: { organizationId: orgId, ref: surveyMailRef(surveyId) },
          select: { id: true },
        })
      ).map((m) => m.id);
      await tx.mailMessage.updateMany({
        where: { organizationId: orgId, id: { in: mailIds } },
        data: { status: "sent", sentAt, attempts: 1 },
      });
      await tx.$executeRaw`DELETE FROM pgboss.job WHERE name = ${QUEUES.mailDeliver.name} AND singleton_key = ANY(${mailIds}::text[])`;
    });
    // Customer Success's action plan, after the first round that measured its dimension.
    await seedDemoPlanAfter(
      orgId,
      questions.map((q) => q.dimension),
      new Date(sentAt.getTime() + WEEK_MS),
    );
  }
  await vacuumPendingPool();
  await openSurvey(orgId, rand);
  // Every demo person's personal vault (their recovery keys written down), before anything private.
  const { seedDemoVaults, endDemoSessions } = await import("./demo-vaults");
  await seedDemoVaults(orgId);
  // The leadership library and a Boss Bot conversation, after the rounds: its team question uses them.
  const { seedDemoCoach } = await import("./demo-coach");
  await seedDemoCoach(orgId);
  // A manager's weekly 1:1s with a report (five held, the next prepared) and the admin's next 1:1.
  const { seedDemoOneOnOnes } = await import("./one-on-ones");
  await seedDemoOneOnOnes(orgId);
  await endDemoSessions();
  // With Stripe configured (the demo's local stand-in): a Stripe customer and a trialing
  // subscription, through the product's provisioning.
  const { seedDemoBilling } = await import("./billing");
  await seedDemoBilling(orgId);
  await (await boss()).stop({ graceful: false, wait: true });
}

/**
 * Delivers the survey's invitation e-mails to the people `who` picks, to a mailbox only this script
 * reads, and returns them as they left: the outbox never holds a link's token, delivery issues it
 * (lib/surveys/link-token.ts), so the demo's answers use the links the way their recipients would.
 */
async function deliverInvitations(
  orgId: string,
  surveyId: string,
  who: (to: string, i: number) => boolean,
): Promise<OutgoingMail[]> {
  const { withOrg } = await import("@/lib/db/tenant");
  const { deliverMail } = await import("@/lib/mail/deliver");
  const { surveyMailRef } = await import("@/lib/surveys/send");
  const stored = await withOrg(orgId, (tx) =>
    tx.mailMessage.findMany({
      where: { organizationId: orgId, ref: surveyMailRef(surveyId), invitationId: { not: null } },
      select: { id: true, to: true },
      orderBy: { to: "asc" },
    }),
  );
  const mailbox: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: "demo-seed",
    send: async (m) => (mailbox.push(m), { providerId: `demo-seed-${mailbox.length}` }),
  };
  for (const [i, m] of stored.entries()) if (who(m.to, i)) await deliverMail(orgId, m.id, transport);
  return mailbox;
}

/** A custom survey sent yesterday and still open, answered by about half its audience: its results
 * page shows participation only until it closes or an admin closes it. Its e-mails are real ones,
 * like any survey sent from the app: those of the people who answered were delivered (to this
 * script), the others wait in the outbox. */
async function openSurvey(orgId: string, rand: () => number): Promise<void> {
  const { withOrg } = await import("@/lib/db/tenant");
  const { createSurvey, sendSurvey } = await import("@/lib/surveys/send");
  const { submitResponse } = await import("@/lib/surveys/submit");
  const { submissionSchema } = await import("@/lib/surveys/take-schemas");
  const sentAt = new Date(Date.now() - 24 * 60 * 60 * 1000);
  const surveyId = await withOrg(orgId, async (tx) => {
    const { surveyId } = await createSurvey(
      tx,
      orgId,
      {
        kind: "custom",
        title: "Hybrid work check-in",
        questions: [
          { type: "scale", text: "I have what I need to do my best work from home.", isRequired: true },
          { type: "scale", text: "Our office days are worth the commute.", isRequired: true },
          { type: "text", text: "What would make hybrid work better for you?", isRequired: false },
        ],
        audienceTeamIds: [],
        createdById: null,
      },
      sentAt,
    );
    await sendSurvey(tx, orgId, surveyId, sentAt);
    return surveyId;
  });
  const mails = await deliverInvitations(orgId, surveyId, (_, i) => i % 2 === 0);
  const questions = await withOrg(orgId, (tx) =>
    tx.surveyQuestion.findMany({
      where: { organizationId: orgId, surveyId },
      select: { id: true, type: true },
      orderBy: { order: "asc" },
    }),
  );
  for (const mail of mails) {
    const token = /token=([\w-]+)/.exec(mail.text)?.[1];
    if (!token) continue;
    const responses = questions
      .filter((q) => q.type !== "text")
      .map((q) => ({ questionId: q.id, answer: clamp(3.6 + (rand() - 0.5) * 2.4, 1, 5) }));
    await submitResponse(orgId, submissionSchema.parse({ surveyId, responses }), { token });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  },
);
