"use client";

import { useLayoutEffect, useState } from "react";
import { ShieldCheck } from "lucide-react";
import type { SurveyForTaker, TakerQuestion } from "@/lib/surveys/take-schemas";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { ChoiceQuestion } from "@/components/survey-take/choice-question";
import { OptionQuestion } from "@/components/survey-take/option-question";
import { AlreadyAnswered, InvalidLink, SurveyClosed, ThankYou } from "@/components/survey-take/outcomes";
import { commentMinimum } from "@/lib/analytics/suppression";
import { pageHydrated } from "@/components/forms/early-submits";
import type { Validator } from "@/components/forms/form-messages";
import { useFormFields } from "@/components/forms/use-form-fields";
import { FieldMessages, FormAlert, SubmitButton } from "@/components/forms/fields";
import { formatNumber } from "@/lib/format";

type Outcome = "answering" | "thanks" | "answered" | "closed" | "invalid";

// The survey page is the one most people open, often on a phone, so it stays light (its budget in
// tests/e2e/budgets.spec.ts): one plain fetch instead of TanStack Query and lib/api/client, which
// bring the query library and zod (about 40 KiB gz) for a single POST. The answer's problem
// document (lib/errors/problem.ts) is read for its stable code alone.
const OUTCOME_OF_CODE: Record<string, Outcome> = {
  survey_already_answered: "answered",
  survey_closed: "closed",
  survey_link_invalid: "invalid",
};

async function postAnswers(body: unknown): Promise<Outcome | "failed"> {
  try {
    const res = await fetch("/api/surveys/responses", {
      method: "POST",
      credentials: "include",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (res.ok) return "thanks";
    const problem: unknown = await res.json().catch(() => null);
    const code =
      problem && typeof problem === "object" && "code" in problem && typeof problem.code === "string"
        ? problem.code
        : "";
    return OUTCOME_OF_CODE[code] ?? "failed";
  } catch {
    return "failed";
  }
}

type Answers = Record<string, string>;

/**
 * The answers' rules, without zod (this page's budget): a required question needs an answer, a
 * comment fits the limit. The server checks the same and more (that each question is the
 * survey's, each choice in range); its refusals are about the whole survey (answered, closed, a
 * bad link) and show as their own screens.
 */
function answerRules(questions: TakerQuestion[], textAnswerMax: number): Validator<Answers> {
  return {
    safeParse(input) {
      const answers = input as Answers;
      const issues = questions.flatMap((q) => {
        const a = (answers[q.id] ?? "").trim();
        if (q.isRequired && a === "") return [{ path: [q.id], message: "Answer this question" }];
        if (q.type === "text" && a.length > textAnswerMax)
          return [{ path: [q.id], message: `A comment is at most ${formatNumber(textAnswerMax)} characters` }];
        return [];
      });
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: answers };
    },
  };
}

export function SurveyForm({
  survey,
  questions,
  token,
  heading,
  textAnswerMax,
  groupNote,
}: {
  survey: SurveyForTaker;
  questions: TakerQuestion[];
  token: string;
  /** "Acme Ltd Survey": the company asking. */
  heading: string;
  textAnswerMax: number;
  groupNote: React.ReactNode;
}) {
  // On useFormFields for its values, rules and the early-submit hold, with deliberate
  // differences: it is anonymous, so nothing about the person is kept or sent back; Submit stays
  // disabled until every required question is answered (the hint says so) rather than listing
  // what is missing; a comment speaks once left, a choice cannot be wrong.
  const [rules] = useState(() => answerRules(questions, textAnswerMax));
  const form = useFormFields(rules, Object.fromEntries(questions.map((q) => [q.id, ""])) as Answers, {
    idPrefix: "q-",
  });
  const answers = form.values;
  const [outcome, setOutcome] = useState<Outcome>("answering");
  const complete = questions.every((q) => !q.isRequired || (answers[q.id] ?? "").trim() !== "");

  const [pending, setPending] = useState(false);

  // A choice tapped before the page's scripts ran shows in the page but is not in this state:
  // React keeps the fields as they are while it hydrates. Taken in once, at hydration, so the
  // choice counts and Submit is ready, not stuck until it is tapped again. (useFormFields takes
  // the comments, whose boxes carry their question's id; a radio group has no one element.)
  useLayoutEffect(() => {
    if (pageHydrated()) return;
    const early: Answers = {};
    for (const q of questions) {
      if (q.type === "text") continue;
      const picked = document.querySelector<HTMLInputElement>(`input[type="radio"][name="q-${q.id}"]:checked`);
      if (picked) early[q.id] = picked.value;
    }
    if (Object.keys(early).length > 0) form.update((a) => ({ ...a, ...early }));
    // Once, at hydration, for the questions of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!complete || pending || form.check(e.currentTarget) === null) return;
    const sent = form.values;
    setPending(true);
    const result = await postAnswers({
      surveyId: survey.id,
      token,
      responses: questions
        .filter((q) => (sent[q.id] ?? "").trim() !== "")
        .map((q) => ({
          questionId: q.id,
          answer: q.type === "text" ? sent[q.id]! : Number(sent[q.id]),
          submittedAt: new Date().toISOString(),
        })),
    });
    setPending(false);
    if (result === "thanks") toast({ title: "Survey Submitted", description: "Thank you for your feedback!" });
    // The person was removed meanwhile, or the round is gone: "invalid".
    if (result !== "failed") return setOutcome(result);
    const message = "Failed to submit survey. Please try again.";
    form.showAnswer({ status: "error", message }, sent);
    toast({ title: "Error", description: message, variant: "destructive" });
  }

  if (outcome === "thanks") return <ThankYou />;
  if (outcome === "answered") return <AlreadyAnswered />;
  if (outcome === "closed") return <SurveyClosed />;
  if (outcome === "invalid") return <InvalidLink />;

  return (
    <form className="space-y-6" onSubmit={(e) => void submit(e)} noValidate>
      <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">{heading}</h1>
        <p className="mt-1 text-lg text-slate-800">{survey.title}</p>
        <p className="mt-2 text-sm text-slate-600">This survey is anonymous and takes 2-3 minutes.</p>
      </header>
      <ol className="space-y-4">
        {questions.map((q, i) => (
          <li key={q.id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            {q.type === "text" ? (
              <div className="space-y-2">
                <Label htmlFor={`q-${q.id}`} className="text-base leading-snug font-medium">
                  <span className="mr-1 text-brand-600">{i + 1}.</span> {q.question}
                  {q.isRequired ? null : <span className="ml-1 text-sm font-normal text-slate-500">(optional)</span>}
                </Label>
                <textarea
                  {...form.input(q.id)}
                  placeholder="Your response..."
                  maxLength={textAnswerMax}
                  rows={4}
                  aria-describedby={[form.input(q.id)["aria-describedby"], `q-${q.id}-count`].filter(Boolean).join(" ")}
                  className="w-full rounded-md border border-slate-300 p-3 text-base focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm"
                />
                <p
                  id={`q-${q.id}-count`}
                  className="text-right text-xs text-slate-500"
                >{`${(answers[q.id] ?? "").length} / ${formatNumber(textAnswerMax)}`}</p>
                <FieldMessages id={form.messagesId(q.id)} messages={form.messages(q.id)} />
              </div>
            ) : q.type === "choice" ? (
              <OptionQuestion
                id={q.id}
                number={i + 1}
                text={q.question}
                options={q.options}
                isRequired={q.isRequired}
                value={answers[q.id] ? Number(answers[q.id]) : undefined}
                onChange={(v) => form.set(q.id, String(v))}
              />
            ) : (
              <ChoiceQuestion
                id={q.id}
                number={i + 1}
                text={q.question}
                type={q.type}
                value={answers[q.id] ? Number(answers[q.id]) : undefined}
                onChange={(v) => form.set(q.id, String(v))}
              />
            )}
          </li>
        ))}
      </ol>
      <div className="space-y-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        {groupNote}
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {/* "Groups of N people": the group includes the respondent, so "N colleagues" would overstate it. */}
            {`Your answers are reported only in groups of at least ${survey.minGroupSize} people, comments only in groups of at least ${commentMinimum(survey.minGroupSize)}, and never with your name. They are released only when the survey closes, mixed with everyone else's, so nobody, admins included, can see who answered what.`}
          </span>
        </p>
      </div>
      <FormAlert alert={form.alert} />
      <SubmitButton pending={pending} pendingLabel="Submitting..." size="lg" className="w-full" disabled={!complete}>
        Submit Survey
      </SubmitButton>
      {!complete ? <p className="text-center text-xs text-slate-500">Answer every question to submit.</p> : null}
    </form>
  );
}
