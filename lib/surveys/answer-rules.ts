import { formatNumber } from "@/lib/format";
import { invalidInput } from "@/lib/errors/domain-error";
import { TEXT_ANSWER_MAX, type Submission } from "@/lib/surveys/take-schemas";

// How a submission's answers are judged against the questions asked of its link. Pure, so the
// rules are tested on their own; submit.ts reads the questions and stores what passes.

export type AskedQuestion = {
  id: string;
  type: "scale" | "enps" | "text" | "choice";
  isRequired: boolean;
  /** choice questions: the options, answered by index. */
  options: readonly string[];
  /** Asked only of invitations attributed to this team; null: of everyone the survey went to. */
  audienceTeamId: string | null;
};
export type Answer = { questionId: string; value: number | null; text: string | null };

/** Whether a question is asked of an invitation attributed to `teamId`: a question for everyone,
 * or one for that team only (null: the invitation counts for the organisation alone). Shared by
 * the survey page (survey-read.ts) and the submission's validation, so both see the same
 * questions. */
export function askedOf(q: { audienceTeamId: string | null }, teamId: string | null): boolean {
  return q.audienceTeamId === null || q.audienceTeamId === teamId;
}

/** Every answer checked against the questions asked of this link (the survey's questions for
 * everyone, and its team's own when it has any); field messages keyed by question. A question not
 * asked of the link is refused like one of another survey; only the asked ones can be required.
 * A choice answer is the index of one of the question's options. */
export function validateAnswers(questions: readonly AskedQuestion[], responses: Submission["responses"]): Answer[] {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const fields: Record<string, string[]> = {};
  const fail = (id: string, msg: string) => (fields[`responses.${id}`] ??= []).push(msg);
  const out: Answer[] = [];
  const seen = new Set<string>();
  for (const r of responses) {
    const q = byId.get(r.questionId);
    if (!q) {
      fail(r.questionId, "This question is not part of the survey");
      continue;
    }
    if (seen.has(q.id)) {
      fail(q.id, "Answered twice");
      continue;
    }
    seen.add(q.id);
    if (q.type === "text") {
      const text = typeof r.answer === "string" ? r.answer.trim() : "";
      if (typeof r.answer !== "string") fail(q.id, "Expected a text answer");
      else if (text.length > TEXT_ANSWER_MAX)
        fail(q.id, `Answers are at most ${formatNumber(TEXT_ANSWER_MAX)} characters`);
      else if (text) out.push({ questionId: q.id, value: null, text });
      continue;
    }
    if (q.type === "choice") {
      const last = q.options.length - 1;
      if (typeof r.answer !== "number" || !Number.isInteger(r.answer) || r.answer < 0 || r.answer > last)
        fail(q.id, "Choose one of the options");
      else out.push({ questionId: q.id, value: r.answer, text: null });
      continue;
    }
    const [min, max] = q.type === "scale" ? [1, 5] : [0, 10];
    if (typeof r.answer !== "number" || !Number.isInteger(r.answer) || r.answer < min || r.answer > max)
      fail(q.id, `Choose a whole number from ${min} to ${max}`);
    else out.push({ questionId: q.id, value: r.answer, text: null });
  }
  const answered = new Set(out.map((a) => a.questionId));
  for (const q of questions)
    if (q.isRequired && !answered.has(q.id) && !fields[`responses.${q.id}`])
      fail(q.id, "This question needs an answer");
  if (Object.keys(fields).length)
    throw invalidInput("Please answer every required question with a valid answer", fields);
  return out;
}
