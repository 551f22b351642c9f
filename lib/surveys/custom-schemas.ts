import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

// The 'Create Survey' request: shared by the dialog (checks before sending) and POST /api/surveys.
// Audience and send time are single objects refined by hand rather than z.union, so a mistake is
// reported on its own field ("Choose at least one team") instead of one "Invalid input".

export const QUESTION_TYPES = ["scale", "enps", "text"] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const QUESTION_TYPE_LABEL: Record<QuestionType, string> = {
  scale: "Scale 1-5",
  enps: "eNPS 0-10",
  text: "Text",
};

export const MAX_QUESTIONS = 30;
export const MAX_SCHEDULE_DAYS = 90;
// docs/decisions.md (Surveys and rounds): every survey has a close date; its creator chooses it, at most 30 days after
// the send, and results are released only then. A week, like the weekly pulse, unless told otherwise.
export const MIN_OPEN_DAYS = 1;
export const MAX_OPEN_DAYS = 30;
export const DEFAULT_OPEN_DAYS = 7;
const OPEN_DAYS_MESSAGE = `A survey stays open ${MIN_OPEN_DAYS} to ${MAX_OPEN_DAYS} days`;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a survey sent at `sendAt` closes: whole 24-hour days later, as the weekly pulse's 7 days
 * are counted (lib/surveys/send.ts). Shared so the dialog's preview and the server agree. */
export const closeInstant = (sendAt: Date, openDays: number) => new Date(sendAt.getTime() + openDays * DAY_MS);

const customQuestionSchema = z.object({
  type: z.enum(QUESTION_TYPES, "Choose Scale 1-5, eNPS 0-10 or Text"),
  text: z.string().trim().min(1, "Enter the question").max(500, "A question is at most 500 characters"),
  isRequired: z.boolean(),
});

type Audience = { all: true } | { teamIds: string[] };

const audienceSchema = z
  .object({
    all: z.boolean().optional(),
    teamIds: z.array(entityId("team", "Unknown team")).max(500).optional(),
  })
  .superRefine((a, ctx) => {
    if (a.all === true && a.teamIds?.length)
      ctx.addIssue({ code: "custom", path: ["teamIds"], message: "Choose everyone or some teams, not both" });
    if (a.all !== true && !a.teamIds?.length)
      ctx.addIssue({ code: "custom", path: ["teamIds"], message: "Choose at least one team" });
  })
  .transform((a): Audience => (a.all === true ? { all: true } : { teamIds: [...new Set(a.teamIds)] }));

type SendTime = { now: true } | { at: Date };

const sendSchema = z
  .object({
    now: z.boolean().optional(),
    at: z.iso.datetime({ offset: true, error: "Choose a valid date and time" }).optional(),
  })
  .superRefine((s, ctx) => {
    if (s.now === true) {
      if (s.at) ctx.addIssue({ code: "custom", path: ["at"], message: "Send now or at a time, not both" });
      return;
    }
    if (!s.at) return void ctx.addIssue({ code: "custom", path: ["at"], message: "Choose when to send the survey" });
    // The clock of whoever parses: the dialog warns early, the server decides.
    const at = Date.parse(s.at);
    if (at <= Date.now())
      ctx.addIssue({ code: "custom", path: ["at"], message: "The send time must be in the future" });
    else if (at > Date.now() + MAX_SCHEDULE_DAYS * DAY_MS)
      ctx.addIssue({
        code: "custom",
        path: ["at"],
        message: `The send time can be at most ${MAX_SCHEDULE_DAYS} days ahead`,
      });
  })
  .transform((s): SendTime => (s.now === true ? { now: true } : { at: new Date(s.at ?? "") }));

export const customSurveySchema = z.object({
  title: z.string().trim().min(1, "Enter a title").max(200, "The title is at most 200 characters"),
  questions: z
    .array(customQuestionSchema)
    .min(1, "Add at least one question")
    .max(MAX_QUESTIONS, `A survey has at most ${MAX_QUESTIONS} questions`),
  audience: audienceSchema,
  send: sendSchema,
  // One message for every mistake (empty, fractional, out of range): the rule is the fix.
  openDays: z
    .number({ error: OPEN_DAYS_MESSAGE })
    .int(OPEN_DAYS_MESSAGE)
    .min(MIN_OPEN_DAYS, OPEN_DAYS_MESSAGE)
    .max(MAX_OPEN_DAYS, OPEN_DAYS_MESSAGE)
    .default(DEFAULT_OPEN_DAYS),
  organizationId: z.string().optional(),
});

export type CustomSurveyRequest = z.input<typeof customSurveySchema>;
export type CustomSurveyInput = z.output<typeof customSurveySchema>;

export type CreateCustomSurveyResult = { surveyId: string; status: "scheduled" | "active"; invited: number };
