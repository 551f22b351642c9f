import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role } from "@/lib/generated/prisma/enums";
import { ORG_GROUP } from "@/lib/analytics/rounds";
import { isDomainError } from "@/lib/errors/domain-error";
import { deleteUser } from "@/lib/people/users";
import { deleteTeam } from "@/lib/people/teams";
import { createPlan, getPlan, listPlans, publishPlan, setStepDone, updatePlan } from "@/lib/plans/plans";
import { notifyPublished } from "@/lib/plans/publish";
import { planInputSchema, planPatchSchema, type PlanInput } from "@/lib/plans/schemas";
import { createOrg, userMaker } from "../support/factories";
import { ownerClient } from "../support/owner-client";
import { status } from "../support/status";

// Action plans: the baseline each records, publishing (once, whatever races it), who sees and who
// changes which plan, and what a read-only workspace refuses.
//
// Three closed pulse rounds (minimum group 3), seeded straight into the rollup tables as the fold
// leaves them:
//   r1 (20 days ago): relationship with manager, Support 5 answers 4.0.
//   r2 (9 days ago):  relationship with manager, Support 3 answers 4.5 (Eve invited and attributed
//                     to Support), Sales 2 answers (hidden), organisation 10 answers 6.0.
//   r3 (2 days ago):  recognition only, Support 4 answers 7.5.
// A newer open pulse and a newer closed custom survey that ask relationship with manager too are
// not baselines: only closed pulse rounds are.
const DAY = 86_400_000;
const owner = ownerClient();

let orgId: string;
let otherOrg: AuthContext;
const as = {} as Record<"admin" | "mia" | "ben" | "eve" | "sam" | "kim", AuthContext>;
const teams = {} as Record<"support" | "sales", string>;
const rounds = {} as Record<"r1" | "r2" | "r3", string>;

const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function seedRound(
  tx: Parameters<Parameters<typeof withOrg>[1]>[0],
  opts: { daysAgo: number; kind?: "pulse" | "custom"; status?: "closed" | "active" },
  participation: Record<string, number>,
  rollups: Record<string, Record<string, [number, number]>>,
): Promise<string> {
  const id = randomUUID();
  const sentAt = new Date(Date.now() - opts.daysAgo * DAY);
  await tx.survey.create({
    data: {
      organizationId: orgId,
      id,
      kind: opts.kind ?? "pulse",
      title: "Weekly pulse",
      status: opts.status ?? "closed",
      scheduledFor: sentAt,
      sentAt,
      closesAt: new Date(sentAt.getTime() + 7 * DAY),
      closedAt: opts.status === "active" ? null : new Date(sentAt.getTime() + DAY),
      minGroupSize: 3,
    },
  });
  for (const [teamId, responded] of Object.entries(participation))
    await tx.surveyParticipation.create({
      data: { organizationId: orgId, surveyId: id, teamId, invited: responded, responded },
    });
  for (const [teamId, metrics] of Object.entries(rollups))
    for (const [metric, [n, sum]] of Object.entries(metrics))
      await tx.surveyRollup.create({ data: { organizationId: orgId, surveyId: id, teamId, metric, n, sum } });
  return id;
}

beforeAll(async () => {
  ({ orgId } = await createOrg());
  await withOrg(orgId, async (tx) => {
    const ctxOf = (userId: string, role: Role): AuthContext => ({ orgId, userId, role, sessionId: randomUUID() });
    const make = userMaker(tx, orgId);
    const user = async (firstName: string, role: Role, teamId: string | null = null) =>
      ctxOf(await make(firstName, role, teamId), role);
    as.admin = await user("Ada", "admin");
    as.mia = await user("Mia", "manager");
    as.ben = await user("Ben", "manager");
    const team = async (name: string, managerId: string) =>
      (await tx.team.create({ data: { organizationId: orgId, name, managerId }, select: { id: true } })).id;
    teams.support = await team("Support", as.mia.userId);
    teams.sales = await team("Sales", as.ben.userId);
    as.eve = await user("Eve", "employee", teams.support);
    as.kim = await user("Kim", "employee", teams.support);
    as.sam = await user("Sam", "employee", teams.sales);

    const rwm = "relationship_with_manager";
    rounds.r1 = await seedRound(
      tx,
      { daysAgo: 20 },
      { [ORG_GROUP]: 10, [teams.support]: 5 },
      { [ORG_GROUP]: { [rwm]: [10, 50] }, [teams.support]: { [rwm]: [5, 20] } },
    );
    rounds.r2 = await seedRound(
      tx,
      { daysAgo: 9 },
      { [ORG_GROUP]: 10, [teams.support]: 3, [teams.sales]: 2 },
      {
        [ORG_GROUP]: { [rwm]: [10, 60], recognition: [10, 70] },
        [teams.support]: { [rwm]: [3, 13.5], recognition: [3, 21] },
        [teams.sales]: { [rwm]: [2, 4], recognition: [2, 14] },
      },
    );
    await tx.surveyInvitation.create({
      data: {
        organizationId: orgId,
        surveyId: rounds.r2,
        userId: as.eve.userId,
        tokenHash: randomUUID(),
        teamId: teams.support,
      },
    });
    rounds.r3 = await seedRound(
      tx,
      { daysAgo: 2 },
      { [ORG_GROUP]: 8, [teams.support]: 4 },
      { [ORG_GROUP]: { recognition: [8, 56] }, [teams.support]: { recognition: [4, 30] } },
    );
    await seedRound(
      tx,
      { daysAgo: 1, status: "active" },
      { [ORG_GROUP]: 9, [teams.support]: 9 },
      { [ORG_GROUP]: { [rwm]: [9, 90] }, [teams.support]: { [rwm]: [9, 90] } },
    );
    await seedRound(
      tx,
      { daysAgo: 1, kind: "custom" },
      { [ORG_GROUP]: 9, [teams.support]: 9 },
      { [ORG_GROUP]: { [rwm]: [9, 90] }, [teams.support]: { [rwm]: [9, 90] } },
    );
  });
  const other = await createOrg();
  const otherAdmin = await withOrg(other.orgId, (tx) =>
    tx.user.create({
      data: { organizationId: other.orgId, firstName: "Oz", lastName: "T", email: "oz@example.com", role: "admin" },
      select: { id: true },
    }),
  );
  otherOrg = { orgId: other.orgId, userId: otherAdmin.id, role: "admin", sessionId: randomUUID() };
});

const input = (over: Partial<PlanInput> = {}): PlanInput =>
  planInputSchema.parse({
    title: "Weekly 1:1s for everyone",
    dimension: "relationship_with_manager",
    teamId: teams.support,
    dueAt: inDays(60),
    steps: [],
    ...over,
  });

const codeOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return "ok";
  } catch (err) {
    if (isDomainError(err)) return err.code;
    throw err;
  }
};

const checkBackRows = async (planId: string) =>
  (
    await owner().query<{ ordinal: number; dueAt: Date; status: string }>(
      `SELECT "ordinal", "dueAt", "status" FROM "ActionCheckBack" WHERE "planId" = $1::uuid ORDER BY "ordinal"`,
      [planId],
    )
  ).rows;

const notificationsOf = async (planId: string) =>
  (
    await owner().query<{ userId: string; message: string }>(
      `SELECT "userId", "message" FROM "Notification" WHERE "actionUrl" = $1 ORDER BY "userId"`,
      [`/commitments/${planId}`],
    )
  ).rows;

describe("the request schemas", () => {
  it("take a due day as YYYY-MM-DD or as a date-time (its UTC day), and refuse anything else with the field's words", () => {
    expect(input({ dueAt: "2030-01-31" }).dueAt).toBe("2030-01-31");
    expect(input({ dueAt: "2030-01-31T23:30:00-05:00" }).dueAt).toBe("2030-02-01");
    const bad = planInputSchema.safeParse({ ...input(), dueAt: "31/01/2030" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toContain("Due date must be a date (YYYY-MM-DD)");
  });

  it("hold titles to 1-200 characters, steps to 20, dimensions to the product's", () => {
    const msgs = (v: unknown) => planInputSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    const ok = { ...input() };
    expect(msgs({ ...ok, title: "  " })).toEqual(["Title is required"]);
    expect(msgs({ ...ok, title: "x".repeat(201) })).toEqual(["Title is at most 200 characters"]);
    expect(msgs({ ...ok, dimension: "pay" })).toEqual(["Choose a dimension"]);
    expect(msgs({ ...ok, steps: Array.from({ length: 21 }, () => ({ title: "Step" })) })).toEqual([
      "A plan has at most 20 steps",
    ]);
    expect(msgs({ ...ok, steps: [{ title: "" }] })).toEqual(["Each step needs a title"]);
    expect(planPatchSchema.safeParse({}).success).toBe(false);
    expect(planPatchSchema.safeParse({ status: "published" }).success).toBe(false);
  });
});

describe("an organisation-wide plan", () => {
  it("is visible to everyone: left out, the visibility follows the scope; kept to the leaders, it is refused and nothing is written", async () => {
    expect(input({ teamId: null }).visibility).toBe("organization");
    expect(input().visibility).toBe("team");
    const bad = planInputSchema.safeParse({ ...input(), teamId: null, visibility: "team" });
    expect(bad.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["visibility", "A plan for the whole organisation is visible to everyone"],
    ]);
    const count = async () =>
      (await owner().query(`SELECT 1 FROM "ActionPlan" WHERE "organizationId" = $1`, [orgId])).rowCount;
    const before = await count();
    const refused = createPlan(as.admin, { ...input({ teamId: null }), visibility: "team" });
    await expect(refused).rejects.toMatchObject({
      code: "invalid_input",
      fields: { visibility: [expect.any(String)] },
    });
    expect(await count()).toBe(before);
    // A PATCH has no visibility to change.
    expect(planPatchSchema.safeParse({ visibility: "team" }).success).toBe(false);
  });
});

describe("the baseline recorded at creation", () => {
  it("is the scope's figure in the latest closed pulse round that measured the dimension", async () => {
    const support = await createPlan(as.mia, input());
    expect(support).toEqual({
      id: expect.any(String),
      status: "draft",
      baseline: { score: 4.5, n: 3, surveyId: rounds.r2 },
    });
    const org = await createPlan(as.admin, input({ teamId: null }));
    expect(org.baseline).toEqual({ score: 6, n: 10, surveyId: rounds.r2 });
    const recognition = await createPlan(as.mia, input({ dimension: "recognition" }));
    expect(recognition.baseline).toEqual({ score: 7.5, n: 4, surveyId: rounds.r3 });
    const stored = await owner().query(
      `SELECT "baselineSurveyId", "baselineScore", "baselineN" FROM "ActionPlan" WHERE "id" = $1::uuid`,
      [support.id],
    );
    expect(stored.rows).toEqual([{ baselineSurveyId: rounds.r2, baselineScore: 4.5, baselineN: 3 }]);
  });

  it("is taken as of the moment the plan is created: a round closed later does not count", async () => {
    const asOf = new Date(Date.now() - 5 * DAY);
    const created = await createPlan(as.mia, input({ dimension: "recognition" }), asOf);
    expect(created.baseline).toEqual({
      score: 7,
      n: 3,
      surveyId: rounds.r2,
    });
    // The plan says when its baseline was taken: that moment, not when the row was written.
    expect((await getPlan(as.mia, created.id)).baselineAt).toBe(asOf.toISOString());
  });

  it("is null when that round hid the group (no older round stands in) or nothing measured the dimension", async () => {
    expect((await createPlan(as.ben, input({ teamId: teams.sales }))).baseline).toBeNull();
    expect((await createPlan(as.mia, input({ dimension: "ambassadorship" }))).baseline).toBeNull();
  });

  it("is the group's figure whoever creates it, and hidden when shown to someone the group would not reach the minimum without", async () => {
    const plan = await createPlan(as.mia, input({ visibility: "team" }));
    await publishPlan(as.mia, plan.id);
    expect((await getPlan(as.admin, plan.id)).baseline).toEqual({ score: 4.5, n: 3, surveyId: rounds.r2 });
    expect((await getPlan(as.mia, plan.id)).baseline).toEqual({ score: 4.5, n: 3, surveyId: rounds.r2 });
    // Eve answered r2 in Support: 3 answers are not 3 besides her.
    expect((await getPlan(as.eve, plan.id)).baseline).toBeNull();
    // Kim was not invited to r2.
    expect((await getPlan(as.kim, plan.id)).baseline).toEqual({ score: 4.5, n: 3, surveyId: rounds.r2 });
  });
});

describe("creating a plan", () => {
  it("defaults the owner to the team's manager and keeps the steps in order, with their owners and days", async () => {
    const { id } = await createPlan(
      as.admin,
      input({
        dueAt: "2031-03-01T10:00:00Z",
        steps: [
          { title: "Book the 1:1s", ownerId: as.mia.userId, dueAt: inDays(7) },
          { title: "Ask the team", ownerId: as.eve.userId },
          { title: "Share what changed" },
        ],
      }),
    );
    const plan = await getPlan(as.admin, id);
    expect(plan.owner).toEqual({ id: as.mia.userId, name: "Mia T" });
    expect(plan.dueAt).toBe("2031-03-01");
    expect(plan.team).toEqual({ id: teams.support, name: "Support" });
    expect(plan.dimensionLabel).toBe("Relationship with manager");
    expect(plan.steps.map((s) => [s.title, s.owner?.name ?? null, s.dueAt])).toEqual([
      ["Book the 1:1s", "Mia T", inDays(7)],
      ["Ask the team", "Eve T", null],
      ["Share what changed", null, null],
    ]);
    expect(plan.progress).toEqual({ done: 0, total: 3 });
    expect(plan.checkBacks).toEqual([]);
  });

  it("refuses a past due day, an owner who is not an admin or manager, and a step owner outside the team", async () => {
    expect(await codeOf(createPlan(as.mia, input({ dueAt: inDays(-1) })))).toBe("invalid_input");
    expect(await codeOf(createPlan(as.mia, input({ ownerId: as.eve.userId })))).toBe("invalid_input");
    const outsider = createPlan(as.mia, input({ steps: [{ title: "x" }, { title: "y", ownerId: as.sam.userId }] }));
    await expect(outsider).rejects.toMatchObject({ fields: { "steps.1.ownerId": [expect.any(String)] } });
    // Another team's manager and admins may own a step; so may anyone of the organisation on its own plan.
    expect(await codeOf(createPlan(as.mia, input({ steps: [{ title: "x", ownerId: as.ben.userId }] })))).toBe("ok");
    const org = input({ teamId: null, steps: [{ title: "x", ownerId: as.sam.userId }] });
    expect(await codeOf(createPlan(as.admin, org))).toBe("ok");
  });

  it("is for admins and for managers on the teams they lead; the organisation's plans for admins only", async () => {
    expect(await codeOf(createPlan(as.eve, input()))).toBe("forbidden");
    expect(await codeOf(createPlan(as.mia, input({ teamId: teams.sales })))).toBe("plan_team_not_led");
    expect(await codeOf(createPlan(as.mia, input({ teamId: null })))).toBe("plan_org_scope_admin_only");
    expect(await codeOf(createPlan(as.admin, input({ teamId: teams.sales })))).toBe("ok");
    expect(await status(createPlan(otherOrg, input()))).toBe(404);
  });
});

describe("publishing", () => {
  it("moves a draft to published, schedules three check-backs at 30, 60 and 90 days and tells the audience who published what", async () => {
    const { id } = await createPlan(
      as.mia,
      input({ title: "Team lunch", dueAt: "2030-12-31", steps: [{ title: "Book", ownerId: as.ben.userId }] }),
    );
    const now = new Date("2030-05-01T09:00:00Z");
    const res = await publishPlan(as.mia, id, now);
    expect(res).toEqual({
      status: "published",
      checkBacks: [
        { dueAt: "2030-05-31T09:00:00.000Z" },
        { dueAt: "2030-06-30T09:00:00.000Z" },
        { dueAt: "2030-07-30T09:00:00.000Z" },
      ],
    });
    expect((await checkBackRows(id)).map((r) => [r.ordinal, r.dueAt.toISOString(), r.status])).toEqual([
      [1, "2030-05-31T09:00:00.000Z", "scheduled"],
      [2, "2030-06-30T09:00:00.000Z", "scheduled"],
      [3, "2030-07-30T09:00:00.000Z", "scheduled"],
    ]);
    // The team (Eve, Kim) and the step's owner; not Mia, who published it, nor Sales.
    const told = await notificationsOf(id);
    expect(told.map((n) => n.userId).sort()).toEqual([as.eve.userId, as.kim.userId, as.ben.userId].sort());
    expect(told[0]!.message).toContain(
      "Mia T published \u201cTeam lunch\u201d (Relationship with manager) for Support",
    );
    const plan = await getPlan(as.eve, id);
    expect(plan.status).toBe("published");
    expect(plan.publishedAt).toBe(now.toISOString());
    expect(plan.checkBacks.map((c) => [c.ordinal, c.status, c.sentAt])).toEqual([
      [1, "scheduled", null],
      [2, "scheduled", null],
      [3, "scheduled", null],
    ]);
  });

  it("schedules exactly one set when two publishes race, and a retried publish is refused and adds nothing", async () => {
    const { id } = await createPlan(as.admin, input({ visibility: "organization" }));
    const both = await Promise.allSettled([publishPlan(as.admin, id), publishPlan(as.mia, id)]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = both.find((r) => r.status === "rejected");
    expect(isDomainError(refused?.reason, "plan_already_published")).toBe(true);
    expect(await checkBackRows(id)).toHaveLength(3);
    const told = (await notificationsOf(id)).length;
    expect(told).toBeGreaterThanOrEqual(5);

    expect(await codeOf(publishPlan(as.admin, id))).toBe("plan_already_published");
    expect(await status(publishPlan(as.admin, id))).toBe(409);
    expect(await checkBackRows(id)).toHaveLength(3);
    expect(await notificationsOf(id)).toHaveLength(told);
  });

  it("refuses a draft whose due day has passed, as creating one does, and schedules nothing; the due day itself is fine", async () => {
    const { id } = await createPlan(as.mia, input({ dueAt: inDays(3) }));
    const late = publishPlan(as.mia, id, new Date(Date.now() + 4 * DAY));
    await expect(late).rejects.toMatchObject({
      code: "invalid_input",
      fields: { dueAt: ["Due date cannot be in the past"] },
    });
    expect(await checkBackRows(id)).toEqual([]);
    expect(await notificationsOf(id)).toEqual([]);
    expect((await getPlan(as.mia, id)).status).toBe("draft");
    expect((await publishPlan(as.mia, id, new Date(`${inDays(3)}T23:00:00Z`))).status).toBe("published");
  });

  it("tells the whole audience in one insert, inside the publishing transaction", async () => {
    const { id } = await createPlan(as.admin, input({ title: "Everyone", visibility: "organization" }));
    const calls: string[] = [];
    const told = await withOrg(orgId, async (tx) => {
      const notification = new Proxy(tx.notification, {
        get(target, key) {
          const value: unknown = Reflect.get(target, key);
          if (typeof value !== "function") return value;
          calls.push(String(key));
          return (value as (...args: unknown[]) => unknown).bind(target);
        },
      });
      const spy = new Proxy(tx, {
        get: (target, key) => (key === "notification" ? notification : Reflect.get(target, key)),
      });
      return notifyPublished(spy, as.admin, {
        id,
        title: "Everyone",
        dimension: "recognition",
        teamId: teams.support,
        ownerId: as.mia.userId,
        visibility: "organization",
        dueAt: new Date(`${inDays(30)}T00:00:00Z`),
        team: { name: "Support", managerId: as.mia.userId },
      });
    });
    expect(calls).toEqual(["createMany"]);
    const rows = await notificationsOf(id);
    expect(told).toBeGreaterThanOrEqual(5);
    expect(rows).toHaveLength(told);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(told);
    expect(rows.map((r) => r.userId)).not.toContain(as.admin.userId);
  });

  it("is for those who may change the plan; a dropped draft is not published", async () => {
    const { id } = await createPlan(as.mia, input());
    expect(await codeOf(publishPlan(as.eve, id))).toBe("forbidden");
    expect(await status(publishPlan(as.ben, id))).toBe(404);
    expect(await status(publishPlan(otherOrg, id))).toBe(404);
    await updatePlan(as.mia, id, { status: "dropped" });
    expect(await codeOf(publishPlan(as.mia, id))).toBe("plan_closed");
    expect(await checkBackRows(id)).toEqual([]);
  });
});

describe("who sees which plan", () => {
  let draft: string;
  let teamPlan: string;
  let orgVisible: string;
  let orgScopeDraft: string;
  let orgScopePublished: string;
  let stepOwned: string;
  let miaOwned: string;

  beforeAll(async () => {
    draft = (await createPlan(as.mia, input({ title: "draft" }))).id;
    teamPlan = (await createPlan(as.mia, input({ title: "team" }))).id;
    await publishPlan(as.mia, teamPlan);
    orgVisible = (await createPlan(as.mia, input({ title: "everyone", visibility: "organization" }))).id;
    await publishPlan(as.mia, orgVisible);
    orgScopeDraft = (await createPlan(as.admin, input({ title: "org draft", teamId: null }))).id;
    orgScopePublished = (await createPlan(as.admin, input({ title: "org everyone", teamId: null }))).id;
    await publishPlan(as.admin, orgScopePublished);
    stepOwned = (
      await createPlan(
        as.ben,
        input({ title: "sales draft", teamId: teams.sales, steps: [{ title: "s", ownerId: as.sam.userId }] }),
      )
    ).id;
    // An admin's plan for Sales that Mia owns: she sees it, though she does not lead Sales.
    miaOwned = (await createPlan(as.admin, input({ title: "owned", teamId: teams.sales, ownerId: as.mia.userId }))).id;
  });

  const sees = async (ctx: AuthContext) => {
    const listed = new Set((await listPlans(ctx)).map((p) => p.id));
    const ids = { draft, teamPlan, orgVisible, orgScopeDraft, orgScopePublished, stepOwned, miaOwned };
    const out: Record<string, boolean> = {};
    for (const [name, id] of Object.entries(ids)) {
      const opened = (await status(getPlan(ctx, id))) === 200;
      expect(opened, `${name}: the list and the detail agree`).toBe(listed.has(id));
      out[name] = opened;
    }
    return out;
  };

  it("admins see every plan", async () => {
    expect(Object.values(await sees(as.admin)).every(Boolean)).toBe(true);
  });

  it("managers see their teams', their own, the organisation's once published and other teams' shown to everyone", async () => {
    expect(await sees(as.mia)).toEqual({
      draft: true,
      teamPlan: true,
      orgVisible: true,
      orgScopeDraft: false,
      orgScopePublished: true,
      stepOwned: false,
      miaOwned: true,
    });
    expect(await sees(as.ben)).toEqual({
      draft: false,
      teamPlan: false,
      orgVisible: true,
      orgScopeDraft: false,
      orgScopePublished: true,
      stepOwned: true,
      miaOwned: true,
    });
  });

  it("employees see their team's and everyone's published plans (the organisation's among them) and any plan with a step of theirs", async () => {
    expect(await sees(as.eve)).toEqual({
      draft: false,
      teamPlan: true,
      orgVisible: true,
      orgScopeDraft: false,
      orgScopePublished: true,
      stepOwned: false,
      miaOwned: false,
    });
    // Sam's team's draft shows to him only through his step.
    expect(await sees(as.sam)).toEqual({
      draft: false,
      teamPlan: false,
      orgVisible: true,
      orgScopeDraft: false,
      orgScopePublished: true,
      stepOwned: true,
      miaOwned: false,
    });
  });

  it("an owner demoted to employee still sees their plan, draft or published, and cannot change it", async () => {
    const zoe = await withOrg(orgId, (tx) =>
      tx.user.create({
        data: {
          organizationId: orgId,
          firstName: "Zoe",
          lastName: "T",
          email: `zoe.${randomUUID()}@x.example`,
          role: "manager",
        },
        select: { id: true },
      }),
    );
    const drafted = (await createPlan(as.admin, input({ teamId: teams.sales, ownerId: zoe.id }))).id;
    const published = (await createPlan(as.admin, input({ teamId: teams.sales, ownerId: zoe.id }))).id;
    await publishPlan(as.admin, published);
    await owner().query(`UPDATE "User" SET "role" = 'employee' WHERE "id" = $1::uuid`, [zoe.id]);
    const asZoe: AuthContext = { orgId, userId: zoe.id, role: "employee", sessionId: randomUUID() };
    expect((await listPlans(asZoe)).map((p) => p.id)).toEqual(expect.arrayContaining([drafted, published]));
    expect((await getPlan(asZoe, published)).canManage).toBe(false);
    expect(await status(getPlan(asZoe, drafted))).toBe(200);
    expect(await codeOf(updatePlan(asZoe, published, { title: "x" }))).toBe("forbidden");
  });

  it("another organisation sees none of them", async () => {
    expect(Object.values(await sees(otherOrg)).some(Boolean)).toBe(false);
  });
});

describe("changing a plan", () => {
  it("replaces the steps: keeps those given with their id (and their done mark), adds new ones, removes the rest", async () => {
    const { id } = await createPlan(as.mia, input({ steps: [{ title: "a" }, { title: "b" }, { title: "c" }] }));
    const before = await getPlan(as.mia, id);
    const [a, b] = before.steps;
    await setStepDone(as.mia, id, a!.id, true);
    const after = await updatePlan(as.mia, id, {
      title: "Renamed",
      steps: [{ id: b!.id, title: "b2", ownerId: as.kim.userId }, { title: "d" }, { id: a!.id, title: "a" }],
    });
    expect(after.title).toBe("Renamed");
    expect(after.steps.map((s) => [s.title, s.done, s.owner?.name ?? null])).toEqual([
      ["b2", false, "Kim T"],
      ["d", false, null],
      ["a", true, null],
    ]);
    expect(after.steps[0]!.id).toBe(b!.id);
    expect(after.steps[2]!.id).toBe(a!.id);
    expect(after.progress).toEqual({ done: 1, total: 3 });
    expect((await updatePlan(as.mia, id, { steps: [] })).progress).toEqual({ done: 0, total: 0 });
  });

  it("refuses another plan's step id, a step owner outside the team and a past due day, and changes nothing", async () => {
    const { id } = await createPlan(as.mia, input({ title: "Keep", steps: [{ title: "a" }] }));
    const other = await createPlan(as.mia, input({ steps: [{ title: "x" }] }));
    const foreignStep = (await getPlan(as.mia, other.id)).steps[0]!.id;
    expect(await codeOf(updatePlan(as.mia, id, { title: "New", steps: [{ id: foreignStep, title: "x" }] }))).toBe(
      "invalid_input",
    );
    expect(
      await codeOf(updatePlan(as.mia, id, { title: "New", steps: [{ title: "x", ownerId: as.sam.userId }] })),
    ).toBe("invalid_input");
    expect(await codeOf(updatePlan(as.mia, id, { title: "New", dueAt: inDays(-2) }))).toBe("invalid_input");
    const plan = await getPlan(as.mia, id);
    expect([plan.title, plan.steps.map((s) => s.title)]).toEqual(["Keep", ["a"]]);
  });

  it("moves published plans to done or dropped and drafts to dropped; a finished plan does not change", async () => {
    const { id } = await createPlan(as.mia, input());
    expect(await codeOf(updatePlan(as.mia, id, { status: "done" }))).toBe("plan_status_not_allowed");
    await publishPlan(as.mia, id);
    const done = await updatePlan(as.mia, id, { status: "done" });
    expect([done.status, typeof done.closedAt]).toEqual(["done", "string"]);
    expect(await codeOf(updatePlan(as.mia, id, { status: "dropped" }))).toBe("plan_closed");
    expect(await codeOf(updatePlan(as.mia, id, { title: "Again" }))).toBe("plan_closed");
    expect(await status(updatePlan(as.mia, id, { title: "Again" }))).toBe(409);
  });

  it("is for the owner, the team's manager and admins: an employee cannot, a manager who only sees it cannot", async () => {
    const { id } = await createPlan(as.mia, input({ visibility: "organization", steps: [{ title: "s" }] }));
    await publishPlan(as.mia, id);
    expect(await codeOf(updatePlan(as.eve, id, { title: "x" }))).toBe("forbidden");
    expect(await codeOf(updatePlan(as.ben, id, { title: "x" }))).toBe("plan_not_yours");
    expect(await status(updatePlan(otherOrg, id, { title: "x" }))).toBe(404);
    expect((await updatePlan(as.admin, id, { title: "By the admin" })).title).toBe("By the admin");
    expect((await getPlan(as.ben, id)).canManage).toBe(false);
    expect((await getPlan(as.mia, id)).canManage).toBe(true);
  });
});

describe("marking steps done", () => {
  it("is for plan managers and the step's own owner; others who see the plan are refused, outsiders get 404", async () => {
    const { id } = await createPlan(
      as.mia,
      input({
        steps: [
          { title: "Eve's", ownerId: as.eve.userId },
          { title: "Mia's", ownerId: as.mia.userId },
        ],
      }),
    );
    await publishPlan(as.mia, id);
    const [eves, mias] = (await getPlan(as.eve, id)).steps;
    expect([eves!.canMark, mias!.canMark]).toEqual([true, false]);
    const ticked = await setStepDone(as.eve, id, eves!.id, true);
    expect([ticked.done, ticked.progress]).toEqual([true, { done: 1, total: 2 }]);
    expect(await codeOf(setStepDone(as.eve, id, mias!.id, true))).toBe("plan_step_not_yours");
    expect(await codeOf(setStepDone(as.kim, id, eves!.id, false))).toBe("plan_step_not_yours");
    expect(await status(setStepDone(as.sam, id, eves!.id, false))).toBe(404);
    expect(await status(setStepDone(otherOrg, id, eves!.id, false))).toBe(404);
    // A step of another plan named under this one is not found.
    const other = await createPlan(as.mia, input({ steps: [{ title: "x" }] }));
    const stranger = (await getPlan(as.mia, other.id)).steps[0]!.id;
    expect(await status(setStepDone(as.mia, id, stranger, true))).toBe(404);
    const cleared = await setStepDone(as.mia, id, eves!.id, false);
    expect([cleared.done, cleared.progress]).toEqual([false, { done: 0, total: 2 }]);
  });
});

describe("a step removed while it is ticked", () => {
  it("answers 404 for the step (never an unmapped error) when a concurrent edit of the steps removes it", async () => {
    const outcomes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await createPlan(as.mia, input({ steps: [{ title: "old" }] }));
      const stepId = (await getPlan(as.mia, id)).steps[0]!.id;
      const [tick, edit] = await Promise.allSettled([
        status(setStepDone(as.mia, id, stepId, true)),
        updatePlan(as.mia, id, { steps: [{ title: "new" }] }),
      ]);
      expect(tick.status === "fulfilled" ? null : tick.reason).toBeNull();
      expect(edit.status).toBe("fulfilled");
      outcomes.push((tick as PromiseFulfilledResult<number>).value);
      expect((await getPlan(as.mia, id)).steps.map((s) => [s.title, s.done])).toEqual([["new", false]]);
    }
    expect(outcomes.every((s) => s === 200 || s === 404)).toBe(true);
  });
});

describe("a deleted owner", () => {
  it("hands their plans to the team's manager (or the admin deleting them) and leaves their steps without an owner", async () => {
    const { orgId: o } = await createOrg();
    const ids = await withOrg(o, async (tx) => {
      const mk = async (firstName: string, role: Role) =>
        (
          await tx.user.create({
            data: { organizationId: o, firstName, lastName: "T", email: `${firstName}@x.example`, role },
            select: { id: true },
          })
        ).id;
      const admin = await mk("ada", "admin");
      const lead = await mk("lea", "manager");
      const helper = await mk("hal", "manager");
      const worker = await mk("wes", "employee");
      const team = await tx.team.create({
        data: { organizationId: o, name: "Ops", managerId: lead },
        select: { id: true },
      });
      await tx.user.update({
        where: { organizationId_id: { organizationId: o, id: worker } },
        data: { teamId: team.id },
      });
      return { admin, lead, helper, worker, team: team.id };
    });
    const ctx = (userId: string, role: Role): AuthContext => ({ orgId: o, userId, role, sessionId: randomUUID() });
    const admin = ctx(ids.admin, "admin");
    const base = { title: "t", dimension: "recognition", teamId: ids.team, dueAt: inDays(30) };
    const helperOwned = await createPlan(admin, planInputSchema.parse({ ...base, ownerId: ids.helper }));
    const leadOwned = await createPlan(
      admin,
      planInputSchema.parse({ ...base, steps: [{ title: "s", ownerId: ids.worker }] }),
    );
    await deleteUser(admin, ids.helper);
    expect((await getPlan(admin, helperOwned.id)).owner.id).toBe(ids.lead);
    await deleteUser(admin, ids.lead);
    expect((await getPlan(admin, leadOwned.id)).owner.id).toBe(ids.admin);
    await deleteUser(admin, ids.worker);
    expect((await getPlan(admin, leadOwned.id)).steps.map((s) => s.owner)).toEqual([null]);
  });
});

describe("a deleted team", () => {
  it("takes its plans with it, and the audit row says how many", async () => {
    const { orgId: o } = await createOrg();
    const { admin, team, other } = await withOrg(o, async (tx) => {
      const a = await userMaker(tx, o)("ada", "admin");
      const mk = async (name: string) =>
        (await tx.team.create({ data: { organizationId: o, name, managerId: a }, select: { id: true } })).id;
      return { admin: a, team: await mk("Ops"), other: await mk("Sales") };
    });
    const ctx: AuthContext = { orgId: o, userId: admin, role: "admin", sessionId: randomUUID() };
    const base = { title: "t", dimension: "recognition", dueAt: inDays(30) };
    const gone = [
      await createPlan(ctx, planInputSchema.parse({ ...base, teamId: team })),
      await createPlan(ctx, planInputSchema.parse({ ...base, teamId: team })),
    ];
    const kept = await createPlan(ctx, planInputSchema.parse({ ...base, teamId: other }));
    await deleteTeam(ctx, team);
    for (const p of gone) expect(await codeOf(getPlan(ctx, p.id))).toBe("not_found");
    expect((await getPlan(ctx, kept.id)).id).toBe(kept.id);
    const row = await withOrg(o, (tx) =>
      tx.auditLog.findFirst({ where: { organizationId: o, action: "team.delete" }, select: { details: true } }),
    );
    expect(row?.details).toEqual({ name: "Ops", actionPlans: 2 });
  });
});

describe("a read-only workspace", () => {
  it("refuses creating, publishing, changing and ticking, and writes nothing", async () => {
    const { id } = await createPlan(as.mia, input({ steps: [{ title: "s" }] }));
    const stepId = (await getPlan(as.mia, id)).steps[0]!.id;
    const setStatus = (s: string) =>
      owner().query(`UPDATE "Organization" SET "subscriptionStatus" = $1::"SubscriptionStatus" WHERE "id" = $2::uuid`, [
        s,
        orgId,
      ]);
    const count = async () =>
      (
        await owner().query<{ n: number }>(`SELECT count(*)::int AS n FROM "ActionPlan" WHERE "organizationId" = $1`, [
          orgId,
        ])
      ).rows[0]!.n;
    const plans = await count();
    await setStatus("canceled");
    try {
      expect(await codeOf(createPlan(as.mia, input()))).toBe("workspace_read_only");
      expect(await codeOf(publishPlan(as.mia, id))).toBe("workspace_read_only");
      expect(await codeOf(updatePlan(as.mia, id, { title: "x" }))).toBe("workspace_read_only");
      expect(await codeOf(setStepDone(as.mia, id, stepId, true))).toBe("workspace_read_only");
      // Reading still works.
      expect((await getPlan(as.mia, id)).status).toBe("draft");
    } finally {
      await setStatus("trialing");
    }
    expect(await count()).toBe(plans);
    expect(await checkBackRows(id)).toEqual([]);
    const plan = await getPlan(as.mia, id);
    expect([plan.title, plan.progress.done]).toEqual(["Weekly 1:1s for everyone", 0]);
  });
});
