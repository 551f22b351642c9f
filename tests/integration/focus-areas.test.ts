import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { focusAreas } from "@/lib/analytics/focus-areas";
import { focusAreasQuery } from "@/lib/analytics/focus-schemas";
import { MIN_PAIRS } from "@/lib/analytics/focus-rank";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { scaleScore, STRESS_ITEM_KEY } from "@/lib/surveys/scoring";
import { createOrg, ctxFor } from "../support/factories";
import { status } from "../support/status";

// Four recent closed weekly pulse rounds and nine from long ago (minimum group 3), answers stored as the fold leaves them
// (responses and answers, plus the rollups and participation they add up to):
//   CS (5 answer each round, led by Mia): low engagement, and relationship with manager that
//     follows engagement closely, so it is CS's first focus area.
//   Other (5, led by Ben): high engagement.
//   Tiny (2, led by Ben): below the minimum, never a score.
//   Trio (3, led by Ben, who sat in its audience): shown to the admin, never to Ben.
//   3 more answer from no team, so the remainder never hides CS or Other.
// Every round asks overall, recognition, relationship with manager and the stress item; feedback is
// asked in the last round only, too few pairs to tell its relation.
const DAY = 86_400_000;
const QUESTIONS = [
  { key: "overall_energised", dimension: "overall" },
  { key: "recognition_recent", dimension: "recognition" },
  { key: "relationship_with_manager_cares", dimension: "relationship_with_manager" },
  { key: STRESS_ITEM_KEY, dimension: "wellness" },
  { key: "feedback_useful", dimension: "feedback" },
] as const;
type Dim = (typeof QUESTIONS)[number]["dimension"];

let orgId: string;
let otherOrgTeam: string;
const ctx = {} as Record<"admin" | "mia" | "ben" | "eve", AuthContext>;
const teams = {} as Record<"cs" | "other" | "tiny" | "trio", string>;
let draftPlanId: string;
/** Every response's 0-10 scores, for the independent calculation. */
const responses: { teamId: string | null; round: number; scores: Partial<Record<Dim, number>> }[] = [];

// A fixed pseudo-random sequence: the same answers on every run.
let seed = 7;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const pick = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
const clamp = (v: number) => Math.min(5, Math.max(1, v));

type People = [teamId: string | null, n: number, range: [number, number]][];

async function seedRound(tx: Tx, index: number, sentAt: Date, only?: People) {
  const surveyId = randomUUID();
  await tx.survey.create({
    data: {
      organizationId: orgId,
      id: surveyId,
      kind: "pulse",
      title: `Weekly pulse ${index}`,
      status: "closed",
      scheduledFor: sentAt,
      sentAt,
      closesAt: new Date(sentAt.getTime() + 7 * DAY),
      closedAt: new Date(sentAt.getTime() + 7 * DAY),
      minGroupSize: 3,
    },
  });
  const asked = QUESTIONS.filter((q) => q.dimension !== "feedback" || index === 3);
  const questionIds = new Map<string, string>();
  for (const [order, q] of asked.entries()) {
    const id = randomUUID();
    questionIds.set(q.key, id);
    await tx.surveyQuestion.create({
      data: {
        organizationId: orgId,
        id,
        surveyId,
        order,
        type: "scale",
        text: q.key,
        bankKey: q.key,
        dimension: q.dimension,
      },
    });
  }
  const sums = new Map<string, Map<string, { n: number; sum: number }>>();
  const count = new Map<string, number>();
  const add = (group: string, metric: string, score: number) => {
    const m = sums.get(group) ?? new Map<string, { n: number; sum: number }>();
    const a = m.get(metric) ?? { n: 0, sum: 0 };
    m.set(metric, { n: a.n + 1, sum: a.sum + score });
    sums.set(group, m);
  };
  const people: People = only ?? [
    [teams.cs, 5, [1, 3]],
    [teams.other, 5, [3, 5]],
    [teams.tiny, 2, [1, 5]],
    [teams.trio, 3, [2, 4]],
    [null, 3, [2, 4]],
  ];
  for (const [teamId, n, [lo, hi]] of people) {
    for (let i = 0; i < n; i++) {
      const latent = pick(lo, hi);
      const values: Record<string, number> = {
        overall_energised: latent,
        relationship_with_manager_cares: clamp(latent + pick(-1, 1)),
        recognition_recent: pick(1, 5),
        [STRESS_ITEM_KEY]: clamp(6 - latent + pick(-1, 1)),
        feedback_useful: pick(1, 5),
      };
      const responseId = randomUUID();
      await tx.surveyResponse.create({ data: { organizationId: orgId, id: responseId, surveyId, teamId } });
      const scores: Partial<Record<Dim, number>> = {};
      for (const q of asked) {
        const v = values[q.key]!;
        await tx.surveyAnswer.create({
          data: { organizationId: orgId, responseId, questionId: questionIds.get(q.key)!, value: v },
        });
        const score = q.key === STRESS_ITEM_KEY ? 10 - scaleScore(v) : scaleScore(v);
        scores[q.dimension] = score;
        for (const group of teamId ? [teamId, ORG_GROUP] : [ORG_GROUP]) {
          add(group, q.dimension, score);
          if (q.key === STRESS_ITEM_KEY) add(group, "stress", scaleScore(v));
        }
      }
      responses.push({ teamId, round: index, scores });
      for (const group of teamId ? [teamId, ORG_GROUP] : [ORG_GROUP]) count.set(group, (count.get(group) ?? 0) + 1);
    }
  }
  // Ben sat in Trio in every round's audience (the viewer rule).
  await tx.surveyInvitation.create({
    data: { organizationId: orgId, surveyId, userId: ctx.ben.userId, tokenHash: randomUUID(), teamId: teams.trio },
  });
  for (const [teamId, n] of count)
    await tx.surveyParticipation.create({
      data: { organizationId: orgId, surveyId, teamId, invited: n, responded: n },
    });
  for (const [teamId, metrics] of sums)
    for (const [metric, { n, sum }] of metrics)
      await tx.surveyRollup.create({ data: { organizationId: orgId, surveyId, teamId, metric, n, sum } });
}

/** Pearson r, written out: the calculation the SQL's corr() must match. */
function pearson(pairs: [number, number][]): number {
  const n = pairs.length;
  const mx = pairs.reduce((s, [x]) => s + x, 0) / n;
  const my = pairs.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}
/** The last 12 rounds' pairs: rounds -8 to 3. */
const pairsOf = (dim: Dim) =>
  responses
    .filter((r) => r.round >= -8 && r.round <= 3 && r.scores[dim] !== undefined && r.scores.overall !== undefined)
    .map((r): [number, number] => [r.scores[dim]!, r.scores.overall!]);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const round1 = (v: number) => Math.round(v * 10) / 10;

beforeAll(async () => {
  ({ orgId } = await createOrg());
  ctx.admin = await ctxFor(orgId, "admin");
  ctx.mia = await ctxFor(orgId, "manager", { firstName: "Mia" });
  ctx.ben = await ctxFor(orgId, "manager", { firstName: "Ben" });
  ctx.eve = await ctxFor(orgId, "employee");
  await withOrg(orgId, async (tx) => {
    const team = async (name: string, managerId: string) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    teams.cs = await team("Customer Success", ctx.mia.userId);
    teams.other = await team("Other", ctx.ben.userId);
    teams.tiny = await team("Tiny", ctx.ben.userId);
    teams.trio = await team("Trio", ctx.ben.userId);
    for (let i = 0; i < 4; i++) await seedRound(tx, i, new Date(Date.now() - (30 - i * 7) * DAY));
    // Nine older rounds, long before any score shown: eight of them still count for the relation
    // (the last 12 rounds), the oldest does not.
    for (let i = -9; i < 0; i++) await seedRound(tx, i, new Date(Date.now() - (300 - i * 7) * DAY));
    // A round only three people answered (the minimum, so hidden from any of them), between the
    // old rounds and the recent ones: it is not one of the last 12 the relation counts.
    await seedRound(tx, 100, new Date(Date.now() - 150 * DAY), [[teams.cs, 3, [1, 5]]]);
    const plan = (dimension: string, status: "draft" | "done") =>
      tx.actionPlan.create({
        data: {
          organizationId: orgId,
          title: `Plan on ${dimension}`,
          dimension,
          teamId: teams.cs,
          ownerId: ctx.mia.userId,
          dueAt: new Date("2027-01-31"),
          status,
        },
        select: { id: true },
      });
    draftPlanId = (await plan("relationship_with_manager", "draft")).id;
    await plan("recognition", "done");
  });
  const other = await createOrg();
  otherOrgTeam = await withOrg(other.orgId, async (tx) => {
    const t = await tx.team.create({ data: { organizationId: other.orgId, name: "Theirs" }, select: { id: true } });
    return t.id;
  });
});

describe("focus areas", () => {
  it("measure the relation to engagement as an independent Pearson calculation does", async () => {
    const areas = await focusAreas(ctx.admin, { kind: "team", teamId: teams.cs });
    for (const dim of ["recognition", "relationship_with_manager", "wellness"] as const) {
      const pairs = pairsOf(dim);
      expect(pairs.length).toBe(12 * 18);
      const f = areas.find((a) => a.dimension === dim)!;
      expect(f.pairs).toBe(pairs.length);
      expect(f.impact).toBe(Math.round(pearson(pairs) * 100) / 100);
    }
    // The stress item reversed into wellness: more engaged people are less stressed, so a positive r.
    expect(areas.find((a) => a.dimension === "wellness")!.impact!).toBeGreaterThan(0.3);
    expect(areas.find((a) => a.dimension === "relationship_with_manager")!.impact!).toBeGreaterThan(0.5);
    // Feedback was asked once: 18 pairs, below the minimum.
    const feedback = areas.find((a) => a.dimension === "feedback")!;
    expect(feedback.pairs).toBe(18);
    expect(feedback.pairs).toBeLessThan(MIN_PAIRS);
    expect(feedback.impact).toBeNull();
    expect(feedback.explanation).toMatch(/^There is not enough history yet/);
  });

  it("show the team's latest score against the organisation and its own earlier rounds, and rank it", async () => {
    const areas = await focusAreas(ctx.admin, { kind: "team", teamId: teams.cs });
    const rwm = areas.find((a) => a.dimension === "relationship_with_manager")!;
    const of = (round: number, team: string | "org") =>
      responses
        .filter((r) => r.round === round && (team === "org" || r.teamId === team))
        .map((r) => r.scores.relationship_with_manager!);
    expect(rwm.score).toBe(round1(mean(of(3, teams.cs))));
    expect(rwm.n).toBe(5);
    const own = mean([0, 1, 2].flatMap((i) => of(i, teams.cs)));
    const org = mean(of(3, "org"));
    expect(rwm.explanation).toContain(`Customer Success scores ${rwm.score!.toFixed(1)}, `);
    expect(rwm.explanation).toContain(`${(round1(org) - rwm.score!).toFixed(1)} below the organisation`);
    expect(rwm.explanation).toContain(`its own last three months`);
    expect(rwm.trend).not.toBeNull();
    expect(own).toBeGreaterThan(0);
    expect(areas[0]!.dimension).toBe("relationship_with_manager");
    expect(areas[0]!.focus).toBe(true);
    expect(areas.filter((a) => a.focus).length).toBeLessThanOrEqual(3);
    // The draft plan is linked; a done plan is not.
    expect(rwm.planId).toBe(draftPlanId);
    expect(areas.find((a) => a.dimension === "recognition")!.planId).toBeNull();
    // Ten culture dimensions, engagement itself left out; one never asked has no score.
    expect(areas).toHaveLength(10);
    expect(areas.some((a) => a.dimension === "overall")).toBe(false);
    expect(areas.find((a) => a.dimension === "alignment")).toMatchObject({ score: null, focus: false });
    expect(areas.find((a) => a.dimension === "alignment")!.explanation).toMatch(/no score for it/);
  });

  it("weigh a manager's team against its own history only: the organisation's figures are for admins", async () => {
    const forMia = await focusAreas(ctx.mia, { kind: "team", teamId: teams.cs });
    const forAdmin = await focusAreas(ctx.admin, { kind: "team", teamId: teams.cs });
    const rwm = forMia.find((a) => a.dimension === "relationship_with_manager")!;
    expect(rwm.score).toBe(forAdmin.find((a) => a.dimension === "relationship_with_manager")!.score);
    expect(rwm.explanation).toContain("its own last three months");
    expect(forMia.every((a) => !a.explanation.includes("organisation"))).toBe(true);
    expect(forAdmin.some((a) => a.explanation.includes("below the organisation"))).toBe(true);
  });

  it("show no score for a team below the minimum", async () => {
    const areas = await focusAreas(ctx.admin, { kind: "team", teamId: teams.tiny });
    expect(areas.every((a) => a.score === null && a.n === null && a.trend === null && !a.focus)).toBe(true);
    expect(areas.find((a) => a.dimension === "recognition")!.explanation).toContain(
      "Tiny has too few answers on it to show a score.",
    );
    // The relation is the organisation's, so it is still told.
    expect(areas.find((a) => a.dimension === "recognition")!.impact).not.toBeNull();
  });

  it("hide a team's scores from a viewer who is one of its minimum (the viewer rule)", async () => {
    // Trio: 3 answered, Ben among its audience; 3 besides him are needed.
    const forBen = await focusAreas(ctx.ben, { kind: "team", teamId: teams.trio });
    expect(forBen.every((a) => a.score === null && a.n === null && !a.focus)).toBe(true);
    expect(forBen.find((a) => a.dimension === "recognition")!.explanation).toContain("Trio has too few answers");
    const forAdmin = await focusAreas(ctx.admin, { kind: "team", teamId: teams.trio });
    expect(forAdmin.find((a) => a.dimension === "recognition")).toMatchObject({ n: 3 });
  });

  it("give the organisation's view to admins only", async () => {
    const areas = await focusAreas(ctx.admin, { kind: "org" });
    const rwm = areas.find((a) => a.dimension === "relationship_with_manager")!;
    const latest = responses.filter((r) => r.round === 3).map((r) => r.scores.relationship_with_manager!);
    expect(rwm.score).toBe(round1(mean(latest)));
    expect(rwm.n).toBe(18);
    expect(rwm.explanation).toContain("The organisation scores");
    expect(rwm.explanation).not.toContain("below the organisation");
    // The team's draft plan is not the organisation's.
    expect(rwm.planId).toBeNull();
    expect(await status(focusAreas(ctx.mia, { kind: "org" }))).toBe(403);
  });

  it("answer a team the caller may not see as missing, and refuse employees", async () => {
    expect(await status(focusAreas(ctx.ben, { kind: "team", teamId: teams.cs }))).toBe(404);
    expect(await status(focusAreas(ctx.mia, { kind: "team", teamId: otherOrgTeam }))).toBe(404);
    expect(await status(focusAreas(ctx.admin, { kind: "team", teamId: otherOrgTeam }))).toBe(404);
    expect(await status(focusAreas(ctx.admin, { kind: "team", teamId: randomUUID() }))).toBe(404);
    expect(await status(focusAreas(ctx.eve, { kind: "team", teamId: teams.cs }))).toBe(403);
    expect(await status(focusAreas(ctx.ben, { kind: "team", teamId: teams.other }))).toBe(200);
  });

  it("take a scope and, for a team, its id", () => {
    expect(focusAreasQuery.safeParse({ scope: "team" }).success).toBe(false);
    expect(focusAreasQuery.safeParse({ scope: "org", teamId: randomUUID() }).success).toBe(false);
    expect(focusAreasQuery.safeParse({ scope: "everyone" }).success).toBe(false);
    expect(focusAreasQuery.safeParse({ scope: "org" }).success).toBe(true);
  });
});
