"use client";

import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { apiFetch, problemOf } from "@/lib/api/client";
import { TEXT_ANSWER_MAX, type SurveyForTaker, type TakerQuestion } from "@/lib/surveys/take-schema";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toast";
import { ChoiceQuestion } from "@/components/survey-take/choice-question";
import { AlreadyAnswered, InvalidLink, SurveyClosed, ThankYou } from "@/components/survey-take/outcomes";
import { commentMinimum } from "@/lib/analytics/suppression";

type Outcome = "answering" | "thanks" | "answered" | "closed" | "invalid";

export function SurveyForm({ survey, questions, token, productName }: { survey: SurveyForTaker; questions: TakerQuestion[]; token: string | null; productName: string }) {
  const [answers, setAnswers] = useState<Record<string, number | string>>({});
  const [outcome, setOutcome] = useState<Outcome>("answering");
  const set = (id: string, v: number | string) => setAnswers((a) => ({ ...a, [id]: v }));
  const complete = questions.every((q) => !q.isRequired || (typeof answers[q.id] === "string" ? (answers[q.id] as string).trim() !== "" : answers[q.id] !== undefined));

  const submit = useMutation({
    mutationFn: () =>
      apiFetch("/api/surveys/responses", {
        method: "POST",
        body: {
          surveyId: survey.id,
          ...(token ? { token } : {}),
          responses: questions
            .filter((q) => answers[q.id] !== undefined && !(typeof answers[q.id] === "string" && (answers[q.id] as string).trim() === ""))
            .map((q) => ({ questionId: q.id, answer: answers[q.id]!, submittedAt: new Date().toISOString() })),
        },
      }),
    onSuccess: () => {
      toast({ title: "Survey Submitted", description: "Thank you for your feedback!" });
      setOutcome("thanks");
    },
    onError: (err) => {
      const code = problemOf(err)?.code;
      if (code === "survey_already_answered") return setOutcome("answered");
      if (code === "survey_closed") return setOutcome("closed");
      // The link was replaced (a reminder brings a new one) or the round is gone.
      if (code === "survey_link_invalid") return setOutcome("invalid");
      toast({ title: "Error", description: "Failed to submit survey. Please try again.", variant: "destructive" });
    },
  });

  if (outcome === "thanks") return <ThankYou />;
  if (outcome === "answered") return <AlreadyAnswered />;
  if (outcome === "closed") return <SurveyClosed />;
  if (outcome === "invalid") return <InvalidLink />;

  return (
    <form
      className="space-y-6"
      onSubmit={(e) => {
        e.preventDefault();
        if (complete && !submit.isPending) submit.mutate();
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
                  maxLength={TEXT_ANSWER_MAX}
                  rows={4}
                  value={typeof answers[q.id] === "string" ? (answers[q.id] as string) : ""}
                  onChange={(e) => set(q.id, e.target.value)}
                  aria-describedby={`q-${q.id}-count`}
                  className="w-full rounded-md border border-slate-300 p-3 text-base focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500/40 sm:text-sm"
                />
                <p id={`q-${q.id}-count`} className="text-right text-xs text-slate-500">{`${String(answers[q.id] ?? "").length} / ${TEXT_ANSWER_MAX.toLocaleString("en-US")}`}</p>
              </div>
            ) : (
              <ChoiceQuestion id={q.id} number={i + 1} text={q.question} type={q.type} value={typeof answers[q.id] === "number" ? (answers[q.id] as number) : undefined} onChange={(v) => set(q.id, v)} />
            )}
          </li>
        ))}
      </ol>
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
        <p className="flex items-start gap-2">
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {/* "Groups of N people": the group includes the respondent, so "N colleagues" would overstate it. */}
            {`Your answers are reported only in groups of at least ${survey.minGroupSize} people, comments only in groups of at least ${commentMinimum(survey.minGroupSize)}, and never with your name. They are released only when the survey closes, mixed with everyone else's, so nobody, admins included, can see who answered what.`}
          </span>
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={!complete || submit.isPending}>
        {submit.isPending ? "Submitting..." : "Submit Survey"}
      </Button>
      {!complete ? <p className="text-center text-xs text-slate-500">Answer every question to submit.</p> : null}
    </form>
  );
}
