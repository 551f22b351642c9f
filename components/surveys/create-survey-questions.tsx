"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { MAX_QUESTIONS, QUESTION_TYPES, QUESTION_TYPE_LABEL } from "@/lib/surveys/custom-schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldMessages } from "@/components/forms/fields";
import type { FormFields } from "@/components/forms/use-form-fields";
import type { SurveyValues } from "@/components/surveys/create-survey-dialog";

type Props = {
  form: FormFields<SurveyValues>;
  disabled: boolean;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
};

/** The question builder, on the dialog's list field "questions": every control is a native one,
 * so it works by keyboard as is; the parent moves focus along with a question when it moves. */
export function QuestionBuilder({ form, disabled, onMove, onRemove, onAdd }: Props) {
  const questions = form.list("questions").items;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Questions</legend>
      <ol className="grid gap-3">
        {questions.map(({ key, value: q }, i) => {
          const id = form.id(`questions.${i}`);
          const text = form.input(`questions.${i}.text`);
          const textPath = `questions.${i}.text` as const;
          return (
            <li
              key={key}
              className="grid gap-3 rounded-lg border border-slate-200 p-3"
              aria-label={`Question ${i + 1}`}
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-sm font-semibold text-slate-900">{`Question ${i + 1}`}</span>
                <div className="flex gap-1">
                  <Button
                    id={`${id}-up`}
                    size="icon-sm"
                    variant="ghost"
                    disabled={disabled || i === 0}
                    onClick={() => onMove(i, -1)}
                    aria-label={`Move question ${i + 1} up`}
                  >
                    <ArrowUp />
                  </Button>
                  <Button
                    id={`${id}-down`}
                    size="icon-sm"
                    variant="ghost"
                    disabled={disabled || i === questions.length - 1}
                    onClick={() => onMove(i, 1)}
                    aria-label={`Move question ${i + 1} down`}
                  >
                    <ArrowDown />
                  </Button>
                  <Button
                    size="icon-sm"
                    variant="ghost"
                    disabled={disabled || questions.length === 1}
                    onClick={() => onRemove(i)}
                    aria-label={`Remove question ${i + 1}`}
                    className="text-red-700 hover:bg-red-50 hover:text-red-800"
                  >
                    <Trash2 />
                  </Button>
                </div>
              </div>
              <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-type`}>Type</Label>
                  <NativeSelect {...form.input(`questions.${i}.type`)} disabled={disabled}>
                    {QUESTION_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {QUESTION_TYPE_LABEL[t]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor={text.id}>Question text</Label>
                  <Input
                    {...text}
                    disabled={disabled}
                    maxLength={500}
                    placeholder={
                      q.type === "enps"
                        ? "How likely are you to recommend us as a place to work?"
                        : q.type === "text"
                          ? "What could we do better?"
                          : "I feel recognised for my work."
                    }
                  />
                  <FieldMessages id={form.messagesId(textPath)} messages={form.messages(textPath)} />
                </div>
              </div>
              <label className="flex w-fit items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  {...form.checkbox(`questions.${i}.isRequired`)}
                  disabled={disabled}
                  className="size-4 accent-brand-600"
                />
                Required
              </label>
            </li>
          );
        })}
      </ol>
      <FieldMessages id={form.messagesId("questions")} messages={form.messages("questions")} />
      <Button
        variant="outline"
        onClick={onAdd}
        disabled={disabled || questions.length >= MAX_QUESTIONS}
        className="w-fit"
      >
        <Plus /> Add question
      </Button>
      {questions.length >= MAX_QUESTIONS ? (
        <p className="text-xs text-slate-500">{`A survey has at most ${MAX_QUESTIONS} questions.`}</p>
      ) : null}
    </fieldset>
  );
}
