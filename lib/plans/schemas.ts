import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";
import { calendarDay } from "@/lib/validation/calendar-day";
import { DIMENSION_KEYS, type DimensionKey } from "@/lib/surveys/dimensions";

// Request bodies of the action plan routes, shared by the routes and the plan form. Client-safe.

export const PLAN_TITLE_MAX = 200;
export const STEP_TITLE_MAX = 200;
export const PLAN_STEPS_MAX = 20;

export const ORG_PLAN_VISIBILITY_MESSAGE = "A plan for the whole organisation is visible to everyone";
const DUE_MESSAGE = "Due date must be a date (YYYY-MM-DD)";
const STEP_DUE_MESSAGE = "Step due date must be a date (YYYY-MM-DD)";

/** A due day: "YYYY-MM-DD", or a full ISO date-time whose UTC day is taken (what a client that
 * sends instants means by a deadline). Always the day's text afterwards. */
function dueDay(message: string) {
  const instant = z
    .string({ error: message })
    .trim()
    .pipe(z.iso.datetime({ offset: true, error: message }))
    .transform((v) => new Date(v).toISOString().slice(0, 10))
    .pipe(calendarDay(message));
  return z.union([calendarDay(message), instant], { error: message });
}

const planTitle = z
  .string({ error: "Title must be text" })
  .trim()
  .min(1, "Title is required")
  .max(PLAN_TITLE_MAX, `Title is at most ${PLAN_TITLE_MAX} characters`);

const stepTitle = z
  .string({ error: "Step must be text" })
  .trim()
  .min(1, "Each step needs a title")
  .max(STEP_TITLE_MAX, `A step is at most ${STEP_TITLE_MAX} characters`);

const dimension = z
  .string({ error: "Choose a dimension" })
  .refine((v): v is DimensionKey => (DIMENSION_KEYS as readonly string[]).includes(v), "Choose a dimension")
  .transform((v) => v as DimensionKey);

const stepOwner = entityId("user", "Choose a step owner from the team");
const stepDue = dueDay(STEP_DUE_MESSAGE).nullish();

const newStep = z.object({ title: stepTitle, ownerId: stepOwner.nullish(), dueAt: stepDue }).strict();

function stepList<T extends z.ZodType>(step: T) {
  return z
    .array(step, { error: "Steps must be a list" })
    .max(PLAN_STEPS_MAX, `A plan has at most ${PLAN_STEPS_MAX} steps`);
}

export const planInputSchema = z
  .object({
    title: planTitle,
    dimension,
    teamId: entityId("team", "Choose a team").nullable(),
    ownerId: entityId("user", "Choose an owner").nullish(),
    dueAt: dueDay(DUE_MESSAGE),
    visibility: z.enum(["team", "organization"], { error: "Choose who can see the plan" }).optional(),
    steps: stepList(newStep).default([]),
  })
  .strict()
  // An organisation-wide plan is shown to everyone: its check-backs ask everyone about it, so it
  // cannot be kept to the leaders. Left out, the visibility follows the scope.
  .superRefine((v, issue) => {
    if (v.teamId === null && v.visibility === "team")
      issue.addIssue({ code: "custom", path: ["visibility"], message: ORG_PLAN_VISIBILITY_MESSAGE });
  })
  .transform((v) => ({
    ...v,
    visibility: v.visibility ?? (v.teamId === null ? ("organization" as const) : ("team" as const)),
  }));
export type PlanInput = z.output<typeof planInputSchema>;

/** A step of the edited list: with `id` an existing step kept (and changed), without one a new step. */
const editedStep = newStep
  .extend({ id: entityId("actionPlanStep", "A step of this plan is expected").optional() })
  .strict();

export const planPatchSchema = z
  .object({
    title: planTitle.optional(),
    steps: stepList(editedStep).optional(),
    status: z.enum(["done", "dropped"], { error: "Status must be done or dropped" }).optional(),
    dueAt: dueDay(DUE_MESSAGE).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: "Nothing to change", path: ["title"] });
export type PlanPatch = z.output<typeof planPatchSchema>;

export const stepPatchSchema = z.object({ done: z.boolean({ error: "done must be true or false" }) }).strict();
