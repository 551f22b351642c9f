import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { notifyMany } from "@/lib/notifications/service";
import { formatDay } from "@/lib/format";
import { displayName, safeName } from "@/lib/mail/safe-name";
import { CHECK_BACK_DAYS } from "@/lib/plans/dto";
import { dimensionLabel } from "@/lib/surveys/dimensions";

// What publishing a plan does besides its own row (docs/decisions.md (Acting on results)): the
// three check-backs at 30, 60 and 90 days, and a notification to everyone the plan is shown to.
// Both run in the transaction that moved the plan from draft to published, so a second publish
// (another request, a retried one) that finds the plan no longer a draft adds neither; the unique
// (plan, ordinal) index is the wall behind that.

const DAY_MS = 24 * 60 * 60 * 1000;

/** Adds the plan's three check-backs; returns their due instants, first to last. */
export async function scheduleCheckBacks(tx: Tx, orgId: string, planId: string, publishedAt: Date): Promise<Date[]> {
  const due = CHECK_BACK_DAYS.map((days) => new Date(publishedAt.getTime() + days * DAY_MS));
  await tx.actionCheckBack.createMany({
    data: due.map((dueAt, i) => ({ organizationId: orgId, planId, ordinal: i + 1, dueAt, status: "scheduled" })),
  });
  return due;
}

type PublishedPlan = {
  id: string;
  title: string;
  dimension: string;
  teamId: string | null;
  ownerId: string;
  visibility: "team" | "organization";
  dueAt: Date;
  team: { name: string; managerId: string | null } | null;
};

/** Everyone the published plan is shown to, its owner and step owners, but not the person
 * publishing it. */
async function audience(tx: Tx, ctx: AuthContext, plan: PublishedPlan): Promise<string[]> {
  const org = { organizationId: ctx.orgId };
  const where =
    plan.visibility === "organization"
      ? org
      : plan.teamId
        ? { ...org, OR: [{ teamId: plan.teamId }, ...(plan.team?.managerId ? [{ id: plan.team.managerId }] : [])] }
        : // The organisation's plan for its leaders: every admin and manager.
          { ...org, role: { in: ["admin" as const, "manager" as const] } };
  const people = await tx.user.findMany({ where, select: { id: true } });
  const stepOwners = await tx.actionPlanStep.findMany({
    where: { ...org, planId: plan.id, ownerId: { not: null } },
    select: { ownerId: true },
  });
  const ids = new Set([...people.map((p) => p.id), plan.ownerId, ...stepOwners.map((s) => s.ownerId!)]);
  ids.delete(ctx.userId);
  return [...ids].sort();
}

/** Tells the plan's audience who published what. */
export async function notifyPublished(tx: Tx, ctx: AuthContext, plan: PublishedPlan): Promise<number> {
  const publisher = await tx.user.findUnique({
    where: orgKey(ctx.orgId, ctx.userId),
    select: { firstName: true, lastName: true, email: true },
  });
  // Names are data: a stored name or team name that could pass for a link or markup is left out
  // (lib/mail/safe-name.ts), as every notice and e-mail does.
  const who = publisher ? displayName(publisher.firstName, publisher.lastName, publisher.email) : "Someone";
  const label = dimensionLabel(plan.dimension);
  const scope = plan.team ? ` for ${safeName(plan.team.name) ?? "the team"}` : " for the whole organisation";
  const due = formatDay(plan.dueAt.toISOString().slice(0, 10), "dayMonthYear");
  const people = await audience(tx, ctx, plan);
  return notifyMany(
    tx,
    ctx.orgId,
    people.map((userId) => ({
      userId,
      type: "plan_published",
      title: "New action plan",
      message: `${who} published \u201c${plan.title}\u201d (${label})${scope}, due ${due}.`,
      actionUrl: `/commitments/${plan.id}`,
      actionText: "View plan",
    })),
  );
}
