import "server-only";
import { orgKey, type Tx } from "@/lib/db/tenant";
import { invalidInput } from "@/lib/errors/domain-error";
import type { PlanInput, PlanPatch } from "@/lib/plans/schemas";

// A plan's steps: who may own one, and how an edited list replaces the stored one.

type NewStep = PlanInput["steps"][number];
type EditedStep = NonNullable<PlanPatch["steps"]>[number];

const dayOrNull = (day: string | null | undefined) => (day ? new Date(`${day}T00:00:00Z`) : null);

/** Plans are owned by people who plan actions: an admin or a manager of the organisation. */
export async function checkPlanOwner(tx: Tx, orgId: string, ownerId: string): Promise<void> {
  const owner = await tx.user.findUnique({ where: orgKey(orgId, ownerId), select: { role: true } });
  if (!owner || (owner.role !== "admin" && owner.role !== "manager"))
    throw invalidInput("Invalid request body", { ownerId: ["The owner must be an admin or a manager"] });
}

/**
 * A step's owner is someone of the plan's scope: a member of the team, its manager, or an admin or
 * manager of the organisation (for the whole organisation: anyone in it). Refuses with the
 * position of the first step whose owner is not.
 */
export async function checkStepOwners(
  tx: Tx,
  orgId: string,
  team: { id: string; managerId: string | null } | null,
  steps: readonly { ownerId?: string | null }[],
): Promise<void> {
  const wanted = [...new Set(steps.map((s) => s.ownerId).filter((id): id is string => !!id))];
  if (wanted.length === 0) return;
  const found = await tx.user.findMany({
    where: {
      organizationId: orgId,
      id: { in: wanted },
      ...(team
        ? {
            OR: [
              { teamId: team.id },
              { role: { in: ["admin", "manager"] } },
              ...(team.managerId ? [{ id: team.managerId }] : []),
            ],
          }
        : {}),
    },
    select: { id: true },
  });
  const allowed = new Set(found.map((u) => u.id));
  const bad = steps.findIndex((s) => s.ownerId && !allowed.has(s.ownerId));
  if (bad >= 0)
    throw invalidInput("Invalid request body", {
      [`steps.${bad}.ownerId`]: ["A step owner must be in the team, its manager, or an admin or manager"],
    });
}

/** The stored rows of new steps, numbered from `from`. */
export function newStepRows(orgId: string, planId: string, steps: readonly NewStep[], from = 0) {
  return steps.map((s, i) => ({
    organizationId: orgId,
    planId,
    order: from + i,
    title: s.title,
    ownerId: s.ownerId ?? null,
    dueAt: dayOrNull(s.dueAt),
  }));
}

/**
 * Replaces the plan's steps with `steps`, in that order: a step given with the `id` of one of
 * the plan's steps keeps its row (and its done mark); one without an id is added; a stored step
 * left out is removed. An omitted owner or due date of a kept step stays as it was; null clears it.
 */
export async function replaceSteps(tx: Tx, orgId: string, planId: string, steps: readonly EditedStep[]) {
  const stored = await tx.actionPlanStep.findMany({
    where: { organizationId: orgId, planId },
    select: { id: true, dueAt: true },
  });
  const storedDue = new Map(stored.map((s) => [s.id, s.dueAt?.getTime() ?? null]));
  const storedIds = new Set(storedDue.keys());
  const seen = new Set<string>();
  steps.forEach((s, i) => {
    if (!s.id) return;
    if (!storedIds.has(s.id) || seen.has(s.id))
      throw invalidInput("Invalid request body", { [`steps.${i}.id`]: ["A step of this plan is expected"] });
    seen.add(s.id);
  });
  await tx.actionPlanStep.deleteMany({ where: { organizationId: orgId, planId, id: { notIn: [...seen] } } });
  for (const [order, s] of steps.entries()) {
    if (s.id) {
      const due = s.dueAt === undefined ? undefined : dayOrNull(s.dueAt);
      // A new due date may be told about again (the reminder is once per date).
      const moved = due !== undefined && (due?.getTime() ?? null) !== storedDue.get(s.id);
      await tx.actionPlanStep.update({
        where: orgKey(orgId, s.id),
        data: {
          order,
          title: s.title,
          ...(s.ownerId !== undefined ? { ownerId: s.ownerId } : {}),
          ...(moved ? { dueAt: due, dueNotifiedAt: null } : {}),
        },
        select: { id: true },
      });
    } else {
      await tx.actionPlanStep.create({ data: newStepRows(orgId, planId, [s], order)[0]!, select: { id: true } });
    }
  }
}
