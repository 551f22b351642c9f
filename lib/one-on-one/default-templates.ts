import { z } from "zod";

// The 1:1 agenda templates (id, name, description, isDefault, templateQuestions) and the set
// 'Add Default Templates' creates (docs/decisions.md (1:1 meetings)). Client-safe
// and free of the database: the seeding call maps these onto rows, the Templates tab's form and the
// template routes share `templateInputSchema`.
//
// Control characters are not checked here: apiRoute and formAction refuse them in every string of
// a request before any schema runs (lib/api/body.ts, which is server-only and so cannot be imported
// into a schema the browser also uses).

/** Our own limits for templates. A name fits a select
 * option and a card title; a question is one sentence or two; twenty questions is already more
 * than a 30-minute meeting holds. */
export const TEMPLATE_NAME_MAX = 100;
const TEMPLATE_DESCRIPTION_MAX = 500;
export const TEMPLATE_QUESTION_MAX = 300;
const TEMPLATE_QUESTIONS_MIN = 1;
export const TEMPLATE_QUESTIONS_MAX = 20;

const questionSchema = z
  .string({ error: "Each question must be text" })
  .trim()
  .min(1, "Questions cannot be empty")
  .max(TEMPLATE_QUESTION_MAX, `Each question is at most ${TEMPLATE_QUESTION_MAX} characters`);

/** A template as the Templates tab creates or edits it. isDefault is not input: only the seeded
 * templates carry the Default badge. Questions are trimmed and must be distinct (case-insensitive),
 * so an agenda never asks the same thing twice. */
export const templateInputSchema = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(TEMPLATE_NAME_MAX, `Names are at most ${TEMPLATE_NAME_MAX} characters`),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(TEMPLATE_DESCRIPTION_MAX, `Descriptions are at most ${TEMPLATE_DESCRIPTION_MAX} characters`)
    .default(""),
  templateQuestions: z
    .array(questionSchema, { error: "Add at least one agenda question" })
    .min(TEMPLATE_QUESTIONS_MIN, "Add at least one agenda question")
    .max(TEMPLATE_QUESTIONS_MAX, `At most ${TEMPLATE_QUESTIONS_MAX} agenda questions`)
    .superRefine((questions, ctx) => {
      const seen = new Set<string>();
      questions.forEach((q, i) => {
        const k = q.toLowerCase();
        if (seen.has(k)) ctx.addIssue({ code: "custom", path: [i], message: "This question is already on the agenda" });
        seen.add(k);
      });
    }),
});
export type TemplateInput = z.output<typeof templateInputSchema>;

export type DefaultTemplate = {
  /** Stable across releases: seeding twice skips the keys an organisation already has instead of
   * duplicating them, and a renamed default is still recognised. */
  key: string;
  name: string;
  description: string;
  isDefault: true;
  templateQuestions: readonly string[];
};

export const DEFAULT_TEMPLATES: readonly DefaultTemplate[] = [
  {
    key: "weekly-check-in",
    name: "Weekly Check-in",
    description:
      "A short regular conversation: how the week went, what is in the way, and what you can do to help before the next one.",
    isDefault: true,
    templateQuestions: [
      "What went well this week that you'd like me to know about?",
      "What is taking more of your time or energy than it should right now?",
      "Is anything blocked on a decision, a person or information you don't have?",
      "What are your top two priorities before we next meet, and are they the right two?",
      "Is there anything you expected from me this week that you didn't get?",
      "On a scale of 1 to 5, how sustainable does your workload feel, and what would move it up one point?",
      "What did we agree last time, and where does each item stand?",
    ],
  },
  {
    key: "career-conversation",
    name: "Career Conversation",
    description:
      "A longer, less frequent conversation about where the person wants to go and what would help them get there; not about current tasks.",
    isDefault: true,
    templateQuestions: [
      "Which parts of your work in the last few months gave you the most energy, and which drained it?",
      "Looking two or three years ahead, what would you like to be doing more of, and less of?",
      "Which skill, if you got noticeably better at it this year, would open the most doors for you?",
      "Is there a project, role or person here you'd like more exposure to?",
      "What feedback have you had recently that you're still thinking about?",
      "What support would make the biggest difference: time, training, a mentor, or a stretch assignment?",
      "Is anything about your current role making you question whether it's the right fit?",
      "What one step can we each take before our next career conversation?",
    ],
  },
  {
    key: "feedback-exchange",
    name: "Feedback Exchange",
    description:
      "Two-way feedback: specific observations in both directions, and what each of you will keep doing or change.",
    isDefault: true,
    templateQuestions: [
      "What is one thing I did recently that helped you do your best work?",
      "What is one thing I could do differently that would make your work easier?",
      "Which piece of your recent work are you proudest of, and why?",
      "Where would you like more specific feedback from me than you are getting?",
      "Here is one thing I have seen you do well lately; does it match how you saw it?",
      "Here is one thing I'd like you to try differently; what would get in the way of that?",
      "How do you prefer to receive difficult feedback: in the moment, in writing, or in our 1:1s?",
    ],
  },
  {
    key: "new-joiner-90-days",
    name: "New Joiner: First 90 Days",
    description:
      "For someone in their first three months: how settling in is going, what is still unclear, and whether expectations match on both sides.",
    isDefault: true,
    templateQuestions: [
      "How does the job compare with what you expected when you accepted the offer?",
      "What have you learned about how things really work here that nobody told you at the start?",
      "Who have you met that has been most helpful, and who haven't you met yet that you should?",
      "What is still unclear: tools, processes, who decides what, or what good looks like in your role?",
      "What would you like to have delivered or learned by the end of your first 90 days?",
      "Is there anything from your previous workplace that you think we should try here?",
      "Do you feel comfortable asking questions in team meetings? What would make it easier?",
      "What is one thing I could have done better in your onboarding so far?",
    ],
  },
  {
    key: "wellbeing-check-in",
    name: "Wellbeing Check-in",
    description:
      "A conversation about how the person is doing rather than what they are doing: energy, stress, balance and the support available.",
    isDefault: true,
    templateQuestions: [
      "How are you doing, honestly, outside of the work itself?",
      "When did you last finish a day feeling you had enough energy left for the rest of your life?",
      "What is causing you the most stress at the moment, at work or around it?",
      "Are you able to switch off in the evenings and on days off? What gets in the way?",
      "Is there anything about your hours, location or schedule that would help if we changed it?",
      "What can we take off your plate or postpone for the next few weeks?",
      "Do you know what support is available to you here, and would any of it help right now?",
    ],
  },
  {
    key: "goals-and-priorities",
    name: "Goals and Priorities Review",
    description: "A monthly or quarterly look at goals: progress, what changed, and whether the priorities still hold.",
    isDefault: true,
    templateQuestions: [
      "Which of your goals has made the most progress since we last reviewed them?",
      "Which goal has stalled, and what is the real reason?",
      "Has anything changed in the team or the business that makes one of your goals less relevant?",
      "If you could only finish one thing this month, which would it be and why?",
      "What are you doing today that doesn't serve any of your goals, and could we stop it?",
      "Where do you depend on someone else to reach a goal, and is that dependency on track?",
      "How will we both know, concretely, that each goal has been met?",
    ],
  },
];
