// Attacker/victim entries for the action plan routes. The attacker is an admin of another
// organisation, so the role never hides a missing tenant check. Each workspace gets one published
// plan of its team with one step (made once, straight in the database); the attacker aims the
// victim's plan, step, team and people at the routes, on its own plan where the path must be its
// own, and the victim's plans, steps and check-backs stay as they were.
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import { oncePerWorkspace } from "./once-per-workspace";
import type { Attack, RouteEntry } from "./types";

type Plan = { planId: string; stepId: string };

/** A published plan of the workspace's team, owned by its manager, with a step the employee owns. */
const planOf = oncePerWorkspace<Plan>((w) =>
  runInOrg(e2eDb(), w.orgId, async (tx) => {
    const now = Date.now();
    const plan = await tx.actionPlan.create({
      data: {
        organizationId: w.orgId,
        title: `Secret plan of ${w.subdomain}`,
        dimension: "recognition",
        teamId: w.team.id,
        ownerId: w.manager.id,
        createdById: w.manager.id,
        dueAt: new Date(now + 60 * 86_400_000),
        status: "published",
        publishedAt: new Date(now),
      },
      select: { id: true },
    });
    const step = await tx.actionPlanStep.create({
      data: { organizationId: w.orgId, planId: plan.id, order: 0, title: "Secret step", ownerId: w.employee.id },
      select: { id: true },
    });
    return { planId: plan.id, stepId: step.id };
  }),
);

async function fingerprint(v: Workspace): Promise<string> {
  await planOf(v);
  return runInOrg(e2eDb(), v.orgId, async (tx) =>
    JSON.stringify({
      plans: await tx.actionPlan.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
      steps: await tx.actionPlanStep.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
      checkBacks: await tx.actionCheckBack.count({ where: { organizationId: v.orgId } }),
      notified: await tx.notification.count({ where: { organizationId: v.orgId, type: "plan_published" } }),
    }),
  );
}

const before = new Map<string, Promise<string>>();
/** The victim's plans as they were before the first attack on them. */
const baseline = (v: Workspace) => {
  let p = before.get(v.orgId);
  if (!p) before.set(v.orgId, (p = fingerprint(v)));
  return p;
};

async function untouched(v: Workspace): Promise<void> {
  const [was, now] = [await baseline(v), await fingerprint(v)];
  if (was !== now) throw new Error(`the victim's action plans changed:\n${was}\n${now}`);
}

/** An attack whose victim state is recorded before it is sent. A 200 naming the victim's plan is
 * refused whatever the status list says. */
const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send: async (x) => {
    await baseline(x.victim);
    const { planId } = await planOf(x.victim);
    const res = await send(x);
    if (res.body.includes(planId)) throw new Error(`the attacker saw the victim's plan: ${res.body.slice(0, 300)}`);
    return res;
  },
  expected,
  unchanged: untouched,
});

const due = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const newPlan = (w: Workspace, over: Record<string, unknown> = {}) => ({
  title: "Hijack",
  dimension: "feedback",
  teamId: w.team.id,
  dueAt: due(),
  steps: [],
  ...over,
});

export const planRoutes: RouteEntry[] = [
  {
    file: "app/api/action-plans/route.ts",
    method: "GET",
    attacks: [a("route", ({ call }) => call("GET", "/api/action-plans"), [200])],
  },
  {
    file: "app/api/action-plans/route.ts",
    method: "POST",
    attacks: [
      a("body:teamId", ({ victim, call }) => call("POST", "/api/action-plans", newPlan(victim)), [404]),
      a(
        "body:ownerId",
        ({ attacker, victim, call }) =>
          call("POST", "/api/action-plans", newPlan(attacker, { ownerId: victim.manager.id })),
        [400],
      ),
      a(
        "body:steps.ownerId",
        ({ attacker, victim, call }) =>
          call(
            "POST",
            "/api/action-plans",
            newPlan(attacker, { steps: [{ title: "x", ownerId: victim.employee.id }] }),
          ),
        [400],
      ),
    ],
  },
  {
    file: "app/api/action-plans/[id]/route.ts",
    method: "GET",
    attacks: [
      a(
        "path:id",
        async ({ victim, call }) => call("GET", `/api/action-plans/${(await planOf(victim)).planId}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/action-plans/[id]/route.ts",
    method: "PATCH",
    attacks: [
      a(
        "path:id",
        async ({ victim, call }) =>
          call("PATCH", `/api/action-plans/${(await planOf(victim)).planId}`, { title: "Hijacked", status: "dropped" }),
        [404],
      ),
      // On the attacker's own plan: the victim's step kept, or the victim's person made a step's owner.
      a(
        "body:steps.id",
        async ({ attacker, victim, call }) =>
          call("PATCH", `/api/action-plans/${(await planOf(attacker)).planId}`, {
            steps: [{ id: (await planOf(victim)).stepId, title: "Moved" }],
          }),
        [400],
      ),
      a(
        "body:steps.ownerId",
        async ({ attacker, victim, call }) =>
          call("PATCH", `/api/action-plans/${(await planOf(attacker)).planId}`, {
            steps: [{ title: "x", ownerId: victim.employee.id }],
          }),
        [400],
      ),
    ],
  },
  {
    file: "app/api/action-plans/[id]/publish/route.ts",
    method: "POST",
    attacks: [
      a(
        "path:id",
        async ({ victim, call }) => call("POST", `/api/action-plans/${(await planOf(victim)).planId}/publish`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/action-plans/[id]/steps/[stepId]/route.ts",
    method: "PATCH",
    attacks: [
      a(
        ["path:id", "path:stepId"],
        async ({ victim, call }) => {
          const { planId, stepId } = await planOf(victim);
          return call("PATCH", `/api/action-plans/${planId}/steps/${stepId}`, { done: true });
        },
        [404],
      ),
      // The victim's step under the attacker's own plan.
      a(
        "path:stepId",
        async ({ attacker, victim, call }) =>
          call("PATCH", `/api/action-plans/${(await planOf(attacker)).planId}/steps/${(await planOf(victim)).stepId}`, {
            done: true,
          }),
        [404],
      ),
    ],
  },
];
