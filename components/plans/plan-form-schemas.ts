import type { PlanDetailDto } from "@/lib/plans/dto";
import type { PlanInput, PlanPatch } from "@/lib/plans/schemas";

// The plan forms' values as the browser holds them (every control's text) and what they send:
// the routes' own schemas (lib/plans/schemas.ts) check them through these mappings.

export type PersonOption = { id: string; name: string };

export type PlanPeople = {
  /** The teams this person may plan for, with their managers (the default owner). */
  teams: { id: string; name: string; managerId: string | null }[];
  /** Who may own a plan: the organisation's admins and managers. */
  planners: PersonOption[];
  /** Members of those teams, for the steps' owners. */
  members: (PersonOption & { teamId: string })[];
  canPlanOrganisation: boolean;
};

/** The team select's value for a plan of the whole organisation. */
export const ORGANISATION = "organization";

export type StepValues = { id: string; title: string; ownerId: string; dueAt: string };

export type PlanValues = {
  title: string;
  dimension: string;
  teamId: string;
  ownerId: string;
  dueAt: string;
  visibility: string;
  steps: StepValues[];
};

export type PlanEditValues = { title: string; dueAt: string; steps: StepValues[] };

export const NEW_STEP: StepValues = { id: "", title: "", ownerId: "", dueAt: "" };

const stepOf = (s: StepValues) => ({ title: s.title, ownerId: s.ownerId || null, dueAt: s.dueAt || null });

/** POST /api/action-plans's body. */
export function planInputOf(v: PlanValues): Record<keyof PlanInput, unknown> {
  return {
    title: v.title,
    dimension: v.dimension,
    teamId: v.teamId === ORGANISATION ? null : v.teamId,
    ownerId: v.ownerId || undefined,
    dueAt: v.dueAt,
    visibility: v.visibility,
    steps: v.steps.map(stepOf),
  };
}

/** PATCH /api/action-plans/{id}'s body for an edit: title, due date and the whole list of steps
 * (a step with its id is kept, with its done mark; one without is new). */
export function planPatchOf(v: PlanEditValues): Record<Exclude<keyof PlanPatch, "status">, unknown> {
  return {
    title: v.title,
    dueAt: v.dueAt,
    steps: v.steps.map((s) => ({ ...(s.id ? { id: s.id } : {}), ...stepOf(s) })),
  };
}

export function editValuesOf(plan: PlanDetailDto): PlanEditValues {
  return {
    title: plan.title,
    dueAt: plan.dueAt,
    steps: plan.steps.map((s) => ({ id: s.id, title: s.title, ownerId: s.owner?.id ?? "", dueAt: s.dueAt ?? "" })),
  };
}

/** Who may own a step of a plan for this team (its members and the planners; the whole
 * organisation: everyone listed), by name. */
export function stepOwnerOptions(people: Pick<PlanPeople, "planners" | "members">, teamId: string | null) {
  const byId = new Map<string, PersonOption>();
  for (const m of people.members)
    if (teamId === null || m.teamId === teamId) byId.set(m.id, { id: m.id, name: m.name });
  for (const p of people.planners) byId.set(p.id, p);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}
