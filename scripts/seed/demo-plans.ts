// The demo's action plan, through the product's own code (lib/plans): Customer Success's manager
// plans weekly 1:1s after a pulse round showed the team's relationship with its manager low, and
// publishes the plan; its 30-day check-back then rides along with a later round of the history
// (attachDueCheckBacks, called by demo-history.ts while it creates each round), whose answers
// show a modest improvement and a mix of 'did it happen' answers, folded at close like every
// round. Only the clock is moved, as in demo-history.ts: the plan is made and published as of the
// day after that round closed, so the plan page shows a measured result on first start.
//
// Called by demo-history.ts (same react-server process).
import type { AuthContext } from "@/lib/auth/context";
import { DEMO, demoEmail } from "./demo-data";
import { demoSession } from "./demo-vaults";

const DAY_MS = 24 * 60 * 60 * 1000;

const PLAN = {
  team: "Customer Success",
  dimension: "relationship_with_manager",
  title: "Weekly 1:1s with every team member",
} as const;

const team = DEMO.teams.find((t) => t.name === PLAN.team)!;

/** "Did this action happen?" as each of the team answers it (option index: Yes, Partly, No). */
const HAPPENED: Record<string, number> = {
  [team.manager.email]: 0,
  [demoEmail("Morgan", "Diaz")]: 0,
  [demoEmail("Jamie", "Fox")]: 1,
  [demoEmail("Avery", "Brooks")]: 2,
};

/** The plan's team's answers (1-5) on the plan's dimension, person by person, before the plan and
 * in the rounds after it was published: a modest improvement (about 4.4 to 6.3 on the 0-10
 * scale), fixed rather than drawn, since with four answers chance alone could swing it either
 * way. */
const BEFORE: Record<string, number> = {
  [team.manager.email]: 3,
  [demoEmail("Morgan", "Diaz")]: 3,
  [demoEmail("Jamie", "Fox")]: 2,
  [demoEmail("Avery", "Brooks")]: 3,
};
const AFTER: Record<string, number> = {
  [team.manager.email]: 4,
  [demoEmail("Morgan", "Diaz")]: 4,
  [demoEmail("Jamie", "Fox")]: 3,
  [demoEmail("Avery", "Brooks")]: 3,
};

let publishedAt: Date | null = null;

const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/**
 * After a round of the history has closed: if it asked the plan's dimension and there is no plan
 * yet, Customer Success's manager creates the plan (its baseline is that round) and publishes it,
 * as of the day after the round closed. Returns whether it did.
 */
export async function seedDemoPlanAfter(orgId: string, roundAsked: readonly (string | null)[], closedAt: Date) {
  if (publishedAt || !roundAsked.includes(PLAN.dimension)) return false;
  const { withOrg } = await import("@/lib/db/tenant");
  const { createPlan, publishPlan, setStepDone } = await import("@/lib/plans/plans");
  const { planInputSchema } = await import("@/lib/plans/schemas");
  const at = new Date(closedAt.getTime() + DAY_MS);
  const ctx: AuthContext = await demoSession(orgId, team.manager.email);
  const people = await withOrg(orgId, (tx) =>
    tx.user.findMany({ where: { organizationId: orgId }, select: { id: true, email: true, teamId: true } }),
  );
  const id = (email: string) => people.find((p) => p.email === email)!.id;
  const teamId = people.find((p) => p.email === team.manager.email)!.teamId;
  const plan = await createPlan(
    ctx,
    planInputSchema.parse({
      title: PLAN.title,
      dimension: PLAN.dimension,
      teamId,
      dueAt: dayOf(new Date(at.getTime() + 90 * DAY_MS)),
      visibility: "team",
      steps: [
        {
          title: "Book a recurring 30-minute 1:1 with each person",
          ownerId: ctx.userId,
          dueAt: dayOf(new Date(at.getTime() + 7 * DAY_MS)),
        },
        {
          title: "Use the shared 1:1 agenda in every meeting",
          ownerId: ctx.userId,
          dueAt: dayOf(new Date(at.getTime() + 45 * DAY_MS)),
        },
        {
          title: "Collect the topics the team wants more time for",
          ownerId: id(demoEmail("Morgan", "Diaz")),
          dueAt: dayOf(new Date(at.getTime() + 60 * DAY_MS)),
        },
      ],
    }),
    at,
  );
  await publishPlan(ctx, plan.id, at);
  const first = await withOrg(orgId, (tx) =>
    tx.actionPlanStep.findFirstOrThrow({
      where: { organizationId: orgId, planId: plan.id },
      orderBy: { order: "asc" },
      select: { id: true },
    }),
  );
  await setStepDone(ctx, plan.id, first.id, true, new Date(at.getTime() + 4 * DAY_MS));
  publishedAt = at;
  return true;
}

type AskedQuestion = { type: string; dimension: string | null; checkBackId: string | null };

/** A person's answer to a scale question of the plan's dimension (a round's own question or a
 * check-back's score question) when they are in the plan's team; null for every other answer,
 * which the history draws as usual. */
export function planAnswer(email: string, q: AskedQuestion, sentAt: Date): number | null {
  if (q.type !== "scale" || (q.dimension !== PLAN.dimension && q.checkBackId === null)) return null;
  const after = publishedAt !== null && sentAt > publishedAt;
  return (after ? AFTER : BEFORE)[email] ?? null;
}

/** A check-back's "Did this action happen?" answer (an option's index) of a person. */
export const happenedAnswer = (email: string): number => HAPPENED[email] ?? 1;
