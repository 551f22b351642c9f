"use client";

import { useLayoutEffect, useState } from "react";
import { ShieldCheck } from "lucide-react";
import type { SurveyForTaker, TakerQuestion } from "@/lib/surveys/take-schemas";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { ChoiceQuestion } from "@/components/survey-take/choice-question";
import { AlreadyAnswered, InvalidLink, SurveyClosed, ThankYou } from "@/components/survey-take/outcomes";
import { commentMinimum } from "@/lib/analytics/suppression";
import { pageHydrated } from "@/components/forms/early-submits";
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

export function SurveyForm({
  survey,
  questions,
  token,
  productName,
  textAnswerMax,
  groupNote,
}: {
  survey: SurveyForTaker;
  questions: TakerQuestion[];
  token: string;
  productName: string;
  textAnswerMax: number;
  groupNote: React.ReactNode;
}) {
  const [answers, setAnswers] = useState<Record<string, number | string>>({});
  const [outcome, setOutcome] = useState<Outcome>("answering");
  const set = (id: string, v: number | string) => setAnswers((a) => ({ ...a, [id]: v }));
  const complete = questions.every(
    (q) =>
      !q.isRequired ||
      (typeof answers[q.id] === "string" ? (answers[q.id] as string).trim() !== "" : answers[q.id] !== undefined),
  );

  const [pending, setPending] = useState(false);

  // A choice tapped (or a comment typed) before the page's scripts ran shows in the page but is
  // not in this state: React keeps the fields as they are while it hydrates. Taken in once, at
  // hydration, so the choice counts and Submit is ready, not stuck until it is tapped again.
  useLayoutEffect(() => {
    if (pageHydrated()) return;
    const early: Record<string, number | string> = {};
    for (const q of questions) {
      if (q.type === "text") {
        const box = document.getElementById(`q-${q.id}`);
        if (box instanceof HTMLTextAreaElement && box.value !== "") early[q.id] = box.value;
      } else {
        const picked = document.querySelector<HTMLInputElement>(`input[type="radio"][name="q-${q.id}"]:checked`);
        if (picked) early[q.id] = Number(picked.value);
      }
    }
    // The DOM is the outside source here, read once: the one re-render is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(early).length > 0) setAnswers((a) => ({ ...early, ...a }));
    // Once, at hydration, for the questions of the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit() {
    setPending(true);
    const result = await postAnswers({
      surveyId: survey.id,
      token,
      responses: questions
        .filter(
          (q) =>
            answers[q.id] !== undefined &&
            !(typeof answers[q.id] === "string" && (answers[q.id] as string).trim() === ""),
        )
        .map((q) => ({ questionId: q.id, answer: answers[q.id]!, submittedAt: new Date().toISOString() })),
    });
    setPending(false);
    if (result === "thanks") toast({ title: "Survey Submitted", description: "Thank you for your feedback!" });
    // The person was removed meanwhile, or the round is gone: "invalid".
    if (result !== "failed") return setOutcome(result);
    toast({ title: "Error", description: "Failed to submit survey. Please try again.", variant: "destructive" });
  }

  if (outcome === "thanks") return <ThankYou />;
  if (outcome === "answered") return <AlreadyAnswered />;
  if (outcome === "closed") return <SurveyClosed />;
  if (outcome === "invalid") return <InvalidLink />;

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete && !pending) void submit();
      }}
    >
      <header className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-semibold text-slate-900">{`${productName} Survey`}</h1>
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
                  id={`q-${q.id}`}
                  placeholder="Your response..."
                  maxLength={textAnswerMax}
                  rows={4}
                  value={typeof answers[q.id] === "string" ? (answers[q.id] as string) : ""}
                  onChange={(e) => set(q.id, e.target.value)}
                  aria-describedby={`q-${q.id}-count`}
                  className="w-full rounded-md border border-slate-300 p-3 text-base focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm"
                />
                <p
                  id={`q-${q.id}-count`}
                  className="text-right text-xs text-slate-500"
                >{`${String(answers[q.id] ?? "").length} / ${formatNumber(textAnswerMax)}`}</p>
              </div>
            ) : (
              <ChoiceQuestion
                id={q.id}
                number={i + 1}
                text={q.question}
                type={q.type}
                value={typeof answers[q.id] === "number" ? (answers[q.id] as number) : undefined}
                onChange={(v) => set(q.id, v)}
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
      <Button type="submit" size="lg" className="w-full" disabled={!complete || pending}>
        {pending ? "Submitting..." : "Submit Survey"}
      </Button>
      {!complete ? <p className="text-center text-xs text-slate-500">Answer every question to submit.</p> : null}
    </form>
  );
}
