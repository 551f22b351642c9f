import "server-only";
import { orgKey, withOrg, type Tx } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import { requirePermission } from "@/lib/auth/authorize";
import { audit } from "@/lib/audit/audit";
import { assertWritable } from "@/lib/billing/access";
import { conflict, forbidden, invalidInput, notFound } from "@/lib/errors/domain-error";
import { fullName } from "@/lib/people/dto";
import { dimensionLabel, isDimensionKey, type DimensionKey } from "@/lib/surveys/dimensions";
import type { Prisma } from "@/lib/generated/prisma/client";
import { canManagePlan, canMarkStep, visiblePlanWhere, type PlanAccessFacts } from "@/lib/plans/access";
import { baselineForViewer, captureBaseline } from "@/lib/plans/baseline";
import { checkPlanOwner, checkStepOwners, newStepRows, replaceSteps } from "@/lib/plans/steps";
import { notifyPublished, scheduleCheckBacks } from "@/lib/plans/publish";
import { checkBackResults } from "@/lib/plans/results";
import type {
  BaselineDto,
  CheckBackDto,
  CreatedPlanDto,
  PlanDetailDto,
  PlanStatus,
  PlanStepDto,
  PlanSummaryDto,
  PublishedPlanDto,
} from "@/lib/plans/dto";
import { ORG_PLAN_VISIBILITY_MESSAGE, type PlanInput, type PlanPatch } from "@/lib/plans/schemas";

// Action plans (docs/decisions.md (Acting on results)): managers plan for the teams they lead,
// admins for any team or the organisation; the plan's audience sees it once published. Who sees
// and who changes which plan is lib/plans/access.ts.

const person = { select: { id: true, firstName: true, lastName: true, email: true } } as const;

const summarySelect = {
  id: true,
  title: true,
  dimension: true,
  teamId: true,
  ownerId: true,
  dueAt: true,
  visibility: true,
  status: true,
  publishedAt: true,
  createdAt: true,
  team: { select: { id: true, name: true, managerId: true } },
  owner: person,
  steps: { select: { doneAt: true } },
} as const satisfies Prisma.ActionPlanSelect;

type SummaryRow = Prisma.ActionPlanGetPayload<{ select: typeof summarySelect }>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const today = (now: Date) => day(now);
const personRef = (u: { id: string; firstName: string; lastName: string; email: string }) => ({
  id: u.id,
  name: fullName(u),
});
const facts = (row: { ownerId: string; teamId: string | null; team: { managerId: string | null } | null }) =>
  ({ ownerId: row.ownerId, teamId: row.teamId, teamManagerId: row.team?.managerId ?? null }) satisfies PlanAccessFacts;

function toSummary(ctx: AuthContext, row: SummaryRow): PlanSummaryDto {
  return {
    id: row.id,
    title: row.title,
    dimension: (isDimensionKey(row.dimension) ? row.dimension : "overall") as DimensionKey,
    dimensionLabel: dimensionLabel(row.dimension),
    team: row.team ? { id: row.team.id, name: row.team.name } : null,
    owner: personRef(row.owner),
    dueAt: day(row.dueAt),
    visibility: row.visibility,
    status: row.status,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    progress: { done: row.steps.filter((s) => s.doneAt).length, total: row.steps.length },
    canManage: canManagePlan(ctx, facts(row)),
  };
}

/** The plan as `ctx` may see it, or 404 (missing, foreign and hidden plans answer alike). */
async function visiblePlan<S extends Prisma.ActionPlanSelect>(tx: Tx, ctx: AuthContext, id: string, select: S) {
  const row = await tx.actionPlan.findFirst({ where: { AND: [await visiblePlanWhere(tx, ctx), { id }] }, select });
  if (!row) throw notFound("Action plan");
  return row;
}

function refuseUnlessManager(ctx: AuthContext, row: PlanAccessFacts): void {
  if (!canManagePlan(ctx, row))
    throw forbidden("plan_not_yours", "Only the plan's owner, the team's manager or an admin can change this plan");
}

const closed = () => conflict("plan_closed", "This plan is done or dropped and can no longer change");

function refusePastDay(dueAt: string, now: Date, field = "dueAt"): void {
  if (dueAt < today(now)) throw invalidInput("Invalid request body", { [field]: ["Due date cannot be in the past"] });
}

/** POST /api/action-plans: a draft plan with its steps and the baseline of that moment. */
export async function createPlan(ctx: AuthContext, input: PlanInput, now = new Date()): Promise<CreatedPlanDto> {
  requirePermission(ctx, "plans.manage");
  refusePastDay(input.dueAt, now);
  if (input.teamId === null && input.visibility !== "organization")
    throw invalidInput("Invalid request body", { visibility: [ORG_PLAN_VISIBILITY_MESSAGE] });
  return withOrg(ctx.orgId, async (tx) => {
    let team: { id: string; managerId: string | null } | null = null;
    if (input.teamId === null) {
      if (ctx.role !== "admin")
        throw forbidden("plan_org_scope_admin_only", "Only admins can plan actions for the whole organisation");
    } else {
      team = await tx.team.findUnique({
        where: orgKey(ctx.orgId, input.teamId),
        select: { id: true, managerId: true },
      });
      if (!team) throw notFound("Team");
      if (ctx.role !== "admin" && team.managerId !== ctx.userId)
        throw forbidden("plan_team_not_led", "You can plan actions only for the teams you lead");
    }
    const ownerId = input.ownerId ?? team?.managerId ?? ctx.userId;
    await checkPlanOwner(tx, ctx.orgId, ownerId);
    await checkStepOwners(tx, ctx.orgId, team, input.steps);
    await assertWritable(tx, ctx.orgId);
    const baseline = await captureBaseline(tx, ctx, input.teamId, input.dimension, now);
    const plan = await tx.actionPlan.create({
      data: {
        organizationId: ctx.orgId,
        title: input.title,
        dimension: input.dimension,
        teamId: input.teamId,
        ownerId,
        createdById: ctx.userId,
        dueAt: new Date(`${input.dueAt}T00:00:00Z`),
        visibility: input.visibility,
        baselineSurveyId: baseline?.surveyId ?? null,
        baselineScore: baseline?.score ?? null,
        baselineN: baseline?.n ?? null,
        baselineAt: now,
      },
      select: { id: true },
    });
    if (input.steps.length > 0)
      await tx.actionPlanStep.createMany({ data: newStepRows(ctx.orgId, plan.id, input.steps) });
    await audit(
      tx,
      ctx,
      "plan.create",
      { type: "actionPlan", id: plan.id },
      {
        title: input.title,
        dimension: input.dimension,
        teamId: input.teamId,
        steps: input.steps.length,
      },
    );
    // The row keeps the group's figure; the answer shows it only as this person may see it.
    const shown = await baselineForViewer(tx, ctx, input.teamId, input.dimension, baseline);
    return { id: plan.id, status: "draft" as const, baseline: shown };
  });
}

/** GET /api/action-plans: the plans `ctx` may see, open ones first, then by due date. */
export async function listPlans(ctx: AuthContext): Promise<PlanSummaryDto[]> {
  requirePermission(ctx, "plans.view");
  const rows = await withOrg(ctx.orgId, async (tx) =>
    tx.actionPlan.findMany({
      where: await visiblePlanWhere(tx, ctx),
      select: summarySelect,
      orderBy: [{ dueAt: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    }),
  );
  const rank: Record<PlanStatus, number> = { published: 0, draft: 1, done: 2, dropped: 3 };
  return rows.map((r) => toSummary(ctx, r)).sort((a, b) => rank[a.status] - rank[b.status]);
}

const detailSelect = {
  ...summarySelect,
  dimension: true,
  closedAt: true,
  baselineSurveyId: true,
  baselineScore: true,
  baselineN: true,
  baselineAt: true,
  steps: {
    select: { id: true, title: true, ownerId: true, dueAt: true, doneAt: true, owner: person },
    orderBy: [{ order: "asc" }, { id: "asc" }],
  },
  checkBacks: {
    select: {
      id: true,
      ordinal: true,
      dueAt: true,
      status: true,
      surveyId: true,
      scoreQuestionId: true,
      happenedQuestionId: true,
      sentAt: true,
    },
    orderBy: { ordinal: "asc" },
  },
} as const satisfies Prisma.ActionPlanSelect;

/** GET /api/action-plans/{id}: the plan with its steps, its baseline as `ctx` may see it, and its
 * check-backs with what each measured (only above the minimum; otherwise a reason). */
export async function getPlan(ctx: AuthContext, planId: string): Promise<PlanDetailDto> {
  requirePermission(ctx, "plans.view");
  return withOrg(ctx.orgId, (tx) => planDetail(tx, ctx, planId));
}

async function planDetail(tx: Tx, ctx: AuthContext, planId: string): Promise<PlanDetailDto> {
  const row = await visiblePlan(tx, ctx, planId, detailSelect);
  const access = facts(row);
  const stored: BaselineDto | null =
    row.baselineSurveyId && row.baselineScore !== null && row.baselineN !== null
      ? { score: row.baselineScore, n: row.baselineN, surveyId: row.baselineSurveyId }
      : null;
  const results = await checkBackResults(tx, ctx, row, row.checkBacks);
  const checkBacks: CheckBackDto[] = row.checkBacks.map((c) => {
    const r = results.get(c.id);
    return {
      id: c.id,
      ordinal: c.ordinal,
      dueAt: c.dueAt.toISOString(),
      status: c.status,
      sentAt: c.sentAt?.toISOString() ?? null,
      effect: r?.effect ?? null,
      happened: r?.happened ?? null,
      reason: r?.reason ?? null,
    };
  });
  const latest = [...checkBacks].reverse().find((c) => c.effect !== null || c.happened !== null);
  const next = [...checkBacks].reverse().find((c) => c.sentAt !== null) ?? checkBacks[0];
  const { steps: _steps, ...summaryRow } = row;
  const steps: PlanStepDto[] = row.steps.map((s) => ({
    id: s.id,
    title: s.title,
    owner: s.owner ? personRef(s.owner) : null,
    dueAt: s.dueAt ? day(s.dueAt) : null,
    done: s.doneAt !== null,
    doneAt: s.doneAt?.toISOString() ?? null,
    canMark: canMarkStep(ctx, access, s),
  }));
  return {
    ...toSummary(ctx, { ...summaryRow, steps: row.steps }),
    steps,
    baseline: await baselineForViewer(tx, ctx, row.teamId, row.dimension, stored),
    baselineAt: row.baselineAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    checkBacks,
    effect: latest?.effect ?? null,
    happened: latest?.happened ?? null,
    reason: latest ? latest.reason : (next?.reason ?? null),
    canMarkSteps: canManagePlan(ctx, access),
  };
}

/** The status moves a PATCH may make: a published plan is finished or dropped, a draft dropped. */
const MOVES: Record<PlanStatus, readonly PlanStatus[]> = {
  draft: ["dropped"],
  published: ["done", "dropped"],
  done: [],
  dropped: [],
};

/** PATCH /api/action-plans/{id}: title, steps (the whole list), due date, status. */
export async function updatePlan(
  ctx: AuthContext,
  planId: string,
  patch: PlanPatch,
  now = new Date(),
): Promise<PlanDetailDto> {
  requirePermission(ctx, "plans.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const row = await visiblePlan(tx, ctx, planId, {
      id: true,
      status: true,
      dueAt: true,
      ownerId: true,
      teamId: true,
      team: { select: { id: true, managerId: true } },
    });
    refuseUnlessManager(ctx, facts(row));
    if (row.status === "done" || row.status === "dropped") throw closed();
    if (patch.status && !MOVES[row.status].includes(patch.status))
      throw conflict("plan_status_not_allowed", "A draft can only be dropped; a published plan can be done or dropped");
    if (patch.dueAt !== undefined && patch.dueAt !== day(row.dueAt)) refusePastDay(patch.dueAt, now);
    if (patch.steps) await checkStepOwners(tx, ctx.orgId, row.team, patch.steps);
    await assertWritable(tx, ctx.orgId);
    // Conditional on the status read above, so two edits racing a status change cannot both win.
    const moved = await tx.actionPlan.updateMany({
      where: { organizationId: ctx.orgId, id: planId, status: row.status },
      data: {
        ...(patch.title !== undefined ? { title: patch.title } : {}),
        ...(patch.dueAt !== undefined ? { dueAt: new Date(`${patch.dueAt}T00:00:00Z`) } : {}),
        ...(patch.status ? { status: patch.status, closedAt: now } : {}),
      },
    });
    if (moved.count !== 1) throw closed();
    if (patch.steps) await replaceSteps(tx, ctx.orgId, planId, patch.steps);
    await audit(
      tx,
      ctx,
      "plan.update",
      { type: "actionPlan", id: planId },
      {
        fields: Object.keys(patch).filter((k) => patch[k as keyof PlanPatch] !== undefined),
        ...(patch.status ? { status: patch.status } : {}),
      },
    );
    return planDetail(tx, ctx, planId);
  });
}

/** POST /api/action-plans/{id}/publish: draft -> published, once; schedules the check-backs and
 * tells the plan's audience, in the same transaction. */
export async function publishPlan(ctx: AuthContext, planId: string, now = new Date()): Promise<PublishedPlanDto> {
  requirePermission(ctx, "plans.manage");
  return withOrg(ctx.orgId, async (tx) => {
    const row = await visiblePlan(tx, ctx, planId, {
      id: true,
      title: true,
      dimension: true,
      status: true,
      teamId: true,
      ownerId: true,
      visibility: true,
      dueAt: true,
      team: { select: { name: true, managerId: true } },
    });
    refuseUnlessManager(ctx, facts(row));
    const alreadyPublished = () => conflict("plan_already_published", "This plan is already published");
    if (row.status === "dropped") throw closed();
    if (row.status !== "draft") throw alreadyPublished();
    // A draft left past its due day would be published already late: the date is moved first.
    refusePastDay(day(row.dueAt), now);
    await assertWritable(tx, ctx.orgId);
    // The one move from draft: a concurrent publish waits on this row and then finds no draft.
    const moved = await tx.actionPlan.updateMany({
      where: { organizationId: ctx.orgId, id: planId, status: "draft" },
      data: { status: "published", publishedAt: now },
    });
    if (moved.count !== 1) throw alreadyPublished();
    const due = await scheduleCheckBacks(tx, ctx.orgId, planId, now);
    const told = await notifyPublished(tx, ctx, row);
    await audit(tx, ctx, "plan.publish", { type: "actionPlan", id: planId }, { notified: told });
    return { status: "published" as const, checkBacks: due.map((d) => ({ dueAt: d.toISOString() })) };
  });
}

/** PATCH /api/action-plans/{id}/steps/{stepId}: ticks a step (or clears it). */
export async function setStepDone(
  ctx: AuthContext,
  planId: string,
  stepId: string,
  done: boolean,
  now = new Date(),
): Promise<PlanStepDto & { progress: { done: number; total: number } }> {
  requirePermission(ctx, "plans.view");
  return withOrg(ctx.orgId, async (tx) => {
    const row = await visiblePlan(tx, ctx, planId, {
      status: true,
      ownerId: true,
      teamId: true,
      team: { select: { managerId: true } },
    });
    const step = await tx.actionPlanStep.findFirst({
      where: { organizationId: ctx.orgId, planId, id: stepId },
      select: { id: true, ownerId: true, doneAt: true },
    });
    if (!step) throw notFound("Step");
    const access = facts(row);
    if (!canMarkStep(ctx, access, step))
      throw forbidden(
        "plan_step_not_yours",
        "Only the step's owner, the plan's owner, the team's manager or an admin can mark this step",
      );
    if (row.status === "done" || row.status === "dropped") throw closed();
    await assertWritable(tx, ctx.orgId);
    // Ticking again keeps the first time it was done.
    const doneAt = done ? (step.doneAt ?? now) : null;
    // A concurrent edit of the steps may have removed this one since it was read: then it is gone.
    const ticked = await tx.actionPlanStep.updateMany({
      where: { organizationId: ctx.orgId, planId, id: stepId },
      data: { doneAt },
    });
    if (ticked.count !== 1) throw notFound("Step");
    // The update holds the row's lock until the end, so it is still there.
    const saved = await tx.actionPlanStep.findUniqueOrThrow({
      where: orgKey(ctx.orgId, stepId),
      select: { id: true, title: true, ownerId: true, dueAt: true, doneAt: true, owner: person },
    });
    if ((step.doneAt !== null) !== done)
      await audit(tx, ctx, "plan.step", { type: "actionPlanStep", id: stepId }, { planId, done });
    const all = await tx.actionPlanStep.findMany({
      where: { organizationId: ctx.orgId, planId },
      select: { doneAt: true },
    });
    return {
      id: saved.id,
      title: saved.title,
      owner: saved.owner ? personRef(saved.owner) : null,
      dueAt: saved.dueAt ? day(saved.dueAt) : null,
      done: saved.doneAt !== null,
      doneAt: saved.doneAt?.toISOString() ?? null,
      canMark: true,
      progress: { done: all.filter((s) => s.doneAt).length, total: all.length },
    };
  });
}

/**
 * Before a person is deleted: the plans they own go to their team's manager (or, for a team they
 * managed themselves and the organisation's plans, to the admin deleting them), and their steps
 * keep going without an owner. Runs in the deletion's transaction.
 */
export async function handOverPlansOf(tx: Tx, ctx: AuthContext, userId: string): Promise<void> {
  const owned = await tx.actionPlan.findMany({
    where: { organizationId: ctx.orgId, ownerId: userId },
    select: { id: true, team: { select: { managerId: true } } },
  });
  const byHeir = new Map<string, string[]>();
  for (const p of owned) {
    const manager = p.team?.managerId;
    const heir = manager && manager !== userId ? manager : ctx.userId;
    byHeir.set(heir, [...(byHeir.get(heir) ?? []), p.id]);
  }
  for (const [heir, ids] of byHeir)
    await tx.actionPlan.updateMany({ where: { organizationId: ctx.orgId, id: { in: ids } }, data: { ownerId: heir } });
  await tx.actionPlanStep.updateMany({
    where: { organizationId: ctx.orgId, ownerId: userId },
    data: { ownerId: null },
  });
}
