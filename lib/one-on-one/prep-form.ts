import { formatNumber } from "@/lib/format";
import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

// The employee's prep form (the rich form of POST
// /api/one-on-one/prep-form): nine fields, saved as a draft on every change and then submitted.
// Client-safe and free of the database, shared by the form (it validates as the person types) and
// the routes. Control characters are refused before any schema by apiRoute/formAction
// (lib/api/body.ts).

/** Mood and stress are 1 to 5, step 1, defaults 4 and 3 (docs/decisions.md (1:1 meetings)). */
export const PREP_SCALE_MIN = 1;
export const PREP_SCALE_MAX = 5;
export const DEFAULT_MOOD = 4;
export const DEFAULT_STRESS_LEVEL = 3;

/** Our own limit. 5,000 characters is about two pages, far more than anyone writes before
 * a 30-minute meeting, and it keeps one form under the body limit below. */
export const PREP_TEXT_MAX = 5000;

export const PREP_TEXT_FIELDS = [
  "wins",
  "challenges",
  "goals",
  "feedback",
  "workloadConcerns",
  "careerDevelopment",
  "teamDynamics",
  "additionalNotes",
] as const;
export type PrepTextField = (typeof PREP_TEXT_FIELDS)[number];

/** The form's section labels, in the form's order. */
export const PREP_FIELD_LABELS: Record<PrepTextField | "mood" | "stressLevel", string> = {
  wins: "Wins",
  challenges: "Challenges",
  goals: "Goals",
  feedback: "Feedback for manager",
  mood: "Mood",
  stressLevel: "Stress level",
  workloadConcerns: "Workload concerns",
  careerDevelopment: "Career development",
  teamDynamics: "Team dynamics",
  additionalNotes: "Additional notes",
};

/** What a prep-form route should pass as apiRoute's maxBodyBytes. Eight full text fields are up
 * to 8 x 5,000 x 3 bytes of UTF-8 (about 117 KiB), more than the wrapper's 64 KiB default; with
 * the default, a long but legitimate form, or a 100 KB note, would be refused as a whole body
 * rather than with the field's own message. */
export const PREP_FORM_MAX_BODY_BYTES = 256 * 1024;

const textField = (field: PrepTextField) =>
  z
    .string({ error: `${PREP_FIELD_LABELS[field]} must be text` })
    // Trimmed so that a form of blank lines reads as empty, as the suggestions and the manager's
    // view treat it.
    .trim()
    .max(PREP_TEXT_MAX, `${PREP_FIELD_LABELS[field]} is at most ${formatNumber(PREP_TEXT_MAX)} characters`);

const scaleField = (label: "Mood" | "Stress level") => {
  const message = `${label} must be a whole number from ${PREP_SCALE_MIN} to ${PREP_SCALE_MAX}`;
  return z.number({ error: message }).int(message).min(PREP_SCALE_MIN, message).max(PREP_SCALE_MAX, message);
};

const fieldShapes = {
  wins: textField("wins"),
  challenges: textField("challenges"),
  goals: textField("goals"),
  feedback: textField("feedback"),
  mood: scaleField("Mood"),
  stressLevel: scaleField("Stress level"),
  workloadConcerns: textField("workloadConcerns"),
  careerDevelopment: textField("careerDevelopment"),
  teamDynamics: textField("teamDynamics"),
  additionalNotes: textField("additionalNotes"),
};

/**
 * A draft save (on every change): any subset of the fields, each checked as at submit, so a draft
 * cannot hold what a submission would refuse. Absent fields keep their stored value. Unknown keys
 * are refused so a typo in a client does not silently save nothing.
 */
export const prepFormDraftSchema = z.object(fieldShapes).partial().strict();
export type PrepFormDraft = z.output<typeof prepFormDraftSchema>;

/**
 * A submission. No field is required at submit (docs/decisions.md (1:1 meetings)), so every text may be empty and the
 * sliders default to 4 and 3: a submitted form always carries a mood and a stress level, which the trend chart and the
 * suggestions read.
 */
export const prepFormSubmitSchema = z
  .object({
    wins: fieldShapes.wins.default(""),
    challenges: fieldShapes.challenges.default(""),
    goals: fieldShapes.goals.default(""),
    feedback: fieldShapes.feedback.default(""),
    mood: fieldShapes.mood.default(DEFAULT_MOOD),
    stressLevel: fieldShapes.stressLevel.default(DEFAULT_STRESS_LEVEL),
    workloadConcerns: fieldShapes.workloadConcerns.default(""),
    careerDevelopment: fieldShapes.careerDevelopment.default(""),
    teamDynamics: fieldShapes.teamDynamics.default(""),
    additionalNotes: fieldShapes.additionalNotes.default(""),
  })
  .strict();
export type PrepForm = z.output<typeof prepFormSubmitSchema>;

/** POST /api/one-on-one/prep-form: the fields plus meetingId and employeeId.
 * employeeId is accepted because the first client sends it, but the server takes the employee from the
 * meeting and refuses one that differs; it is never trusted. */
export const prepFormSubmitBodySchema = prepFormSubmitSchema.extend({
  meetingId: entityId("meeting", "Meeting not found"),
  employeeId: entityId("user", "employeeId must be a UUID").optional(),
});
export type PrepFormSubmitBody = z.output<typeof prepFormSubmitBodySchema>;

/** The form's starting values for a new prep form. */
export function emptyPrepForm(): PrepForm {
  return {
    wins: "",
    challenges: "",
    goals: "",
    feedback: "",
    mood: DEFAULT_MOOD,
    stressLevel: DEFAULT_STRESS_LEVEL,
    workloadConcerns: "",
    careerDevelopment: "",
    teamDynamics: "",
    additionalNotes: "",
  };
}

/** A stored draft laid over the defaults: what the form shows when the person comes back. */
/** Only the form's own fields are taken: a stored form also carries id, meetingId, submittedAt and
 * updatedAt, which the strict submit schema would refuse. */
export function withPrepDefaults(draft: PrepFormDraft): PrepForm {
  const out = emptyPrepForm();
  const source = draft as Record<string, unknown>;
  for (const k of Object.keys(out) as (keyof PrepForm)[]) {
    const v = source[k];
    if (v !== undefined) (out as Record<keyof PrepForm, unknown>)[k] = v;
  }
  return out;
}
