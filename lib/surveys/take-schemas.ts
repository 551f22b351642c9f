import { formatNumber } from "@/lib/format";
import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

// What a survey submission may carry (the first client's fields plus the personal link's token). Shared by
// the API route and the survey page.
export const TEXT_ANSWER_MAX = 2000;

export const submissionSchema = z.object({
  surveyId: entityId("survey", "Invalid survey"),
  // Any length reaches the lookup, so a mangled link gets the same 404 as an unknown one.
  token: z.string().min(1).max(200).optional(),
  responses: z
    .array(
      z.object({
        questionId: entityId("question", "Invalid question"),
        answer: z.union([
          z.number(),
          z.string().max(TEXT_ANSWER_MAX, `Answers are at most ${formatNumber(TEXT_ANSWER_MAX)} characters`),
        ]),
        // The first client sends it; it is never stored (answers carry no time).
        submittedAt: z.string().max(64).optional(),
      }),
    )
    .min(1, "Answer the questions before submitting")
    .max(100),
});
export type Submission = z.output<typeof submissionSchema>;

export type SurveyForTaker = {
  id: string;
  title: string;
  status: "scheduled" | "active" | "closed";
  sentAt: string | null;
  closesAt: string | null;
  minGroupSize: number;
  /** Whether this link has answered (its marker is in the pool); false without a link. */
  alreadyAnswered: boolean;
  /** Signed in without the personal link: the survey is shown but answered only with the link. */
  linkNeeded: boolean;
  /** The e-mail that holds the link (its subject and the day it was sent, in the workspace's time
   * zone), for a person who came without it. */
  firstMail: { subject: string; sentOn: string; closesOn: string } | null;
  /** The groups the answers are reported in: the attributed team (null when below the minimum
   * when the survey was sent) and everyone asked. */
  reportedWith: { team: { name: string; people: number } | null; organisationPeople: number };
};

export type TakerQuestion = {
  id: string;
  question: string;
  type: "scale" | "enps" | "text" | "choice";
  isRequired: boolean;
  order: number;
  /** choice questions: the options, answered by index (empty otherwise). */
  options: string[];
};
