"use client";

import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { MAX_QUESTIONS, QUESTION_TYPES, QUESTION_TYPE_LABEL, type QuestionType } from "@/lib/surveys/custom-schemas";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/auth/form-feedback";

export type DraftQuestion = { key: number; type: QuestionType; text: string; isRequired: boolean };

type Props = {
  questions: DraftQuestion[];
  errors: Record<string, string[]>;
  disabled: boolean;
  onChange: (index: number, patch: Partial<Omit<DraftQuestion, "key">>) => void;
  onMove: (index: number, by: -1 | 1) => void;
  onRemove: (index: number) => void;
  onAdd: () => void;
};

/** The question builder: every control is a native one, so it works by keyboard as is; the parent
 * moves focus along with a question when it moves. */
export function QuestionBuilder({ questions, errors, disabled, onChange, onMove, onRemove, onAdd }: Props) {
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 text-sm font-medium text-slate-800">Questions</legend>
      <ol className="grid gap-3">
        {questions.map((q, i) => {
          const id = `question-${q.key}`;
          const textErrors = errors[`questions.${i}.text`];
          return (
            <li
              key={q.key}
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
                  <NativeSelect
                    id={`${id}-type`}
                    value={q.type}
                    disabled={disabled}
                    onChange={(e) => onChange(i, { type: e.target.value as QuestionType })}
                  >
                    {QUESTION_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {QUESTION_TYPE_LABEL[t]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor={`${id}-text`}>Question text</Label>
                  <Input
                    id={`${id}-text`}
                    value={q.text}
                    disabled={disabled}
                    maxLength={500}
                    onChange={(e) => onChange(i, { text: e.target.value })}
                    placeholder={
                      q.type === "enps"
                        ? "How likely are you to recommend us as a place to work?"
                        : q.type === "text"
                          ? "What could we do better?"
                          : "I feel recognised for my work."
                    }
                    aria-invalid={!!textErrors}
                    aria-describedby={`${id}-text-error`}
                  />
                  <FieldError id={`${id}-text-error`} messages={textErrors} />
                </div>
              </div>
              <label className="flex w-fit items-center gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  checked={q.isRequired}
                  disabled={disabled}
                  onChange={(e) => onChange(i, { isRequired: e.target.checked })}
                  className="size-4 accent-brand-600"
                />
                Required
              </label>
            </li>
          );
        })}
      </ol>
      <FieldError id="questions-error" messages={errors.questions} />
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
