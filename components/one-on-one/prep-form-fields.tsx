"use client";

import { Label } from "@/components/ui/label";
import { FieldMessages } from "@/components/forms/fields";
import {
  PREP_FIELD_LABELS,
  PREP_SCALE_MAX,
  PREP_SCALE_MIN,
  PREP_TEXT_MAX,
  type PrepForm,
  type PrepTextField,
} from "@/lib/one-on-one/prep-form";
import { Textarea } from "@/components/ui/textarea";

// The prep form's controls in the product's order: wins, challenges, goals, feedback for manager,
// mood and stress, workload, career, team dynamics, additional notes.
const BEFORE_SCALES: PrepTextField[] = ["wins", "challenges", "goals", "feedback"];
const AFTER_SCALES: PrepTextField[] = ["workloadConcerns", "careerDevelopment", "teamDynamics", "additionalNotes"];

const HINTS: Record<PrepTextField, string> = {
  wins: "What went well since your last 1:1?",
  challenges: "What is getting in your way?",
  goals: "What do you want to achieve next?",
  feedback: "Anything your manager could do differently or keep doing?",
  workloadConcerns: "Too much, too little, or unclear priorities?",
  careerDevelopment: "Skills, responsibilities or growth you want to talk about.",
  teamDynamics: "How is working with the team going?",
  additionalNotes: "Anything else you want to raise.",
};

const MOOD_WORDS = ["", "Very low", "Low", "Okay", "Good", "Great"];
const STRESS_WORDS = ["", "Very low", "Low", "Moderate", "High", "Very high"];

type Props = {
  values: PrepForm;
  messages: Record<string, string[] | undefined>;
  disabled?: boolean;
  onChange: <K extends keyof PrepForm>(name: K, value: PrepForm[K]) => void;
};

export function PrepFormFields({ values, messages, disabled, onChange }: Props) {
  const text = (name: PrepTextField) => {
    const id = `prep-${name}`;
    const list = messages[name];
    return (
      <div key={name} className="min-w-0 space-y-1.5">
        <Label htmlFor={id}>{PREP_FIELD_LABELS[name]}</Label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {HINTS[name]}
        </p>
        <Textarea
          id={id}
          name={name}
          rows={3}
          value={values[name]}
          disabled={disabled}
          maxLength={PREP_TEXT_MAX * 2}
          onChange={(e) => onChange(name, e.target.value)}
          aria-invalid={list?.length ? true : undefined}
          aria-describedby={list?.length ? `${id}-hint ${id}-messages` : `${id}-hint`}
          className="min-h-20"
        />
        <FieldMessages id={`${id}-messages`} messages={list} />
      </div>
    );
  };
  return (
    <div className="grid gap-5">
      {BEFORE_SCALES.map(text)}
      <div className="grid gap-5 sm:grid-cols-2">
        <Scale
          name="mood"
          label={PREP_FIELD_LABELS.mood}
          words={MOOD_WORDS}
          ends={["Very low", "Great"]}
          value={values.mood}
          disabled={disabled}
          messages={messages.mood}
          onChange={(v) => onChange("mood", v)}
        />
        <Scale
          name="stressLevel"
          label={PREP_FIELD_LABELS.stressLevel}
          words={STRESS_WORDS}
          ends={["Very low", "Very high"]}
          value={values.stressLevel}
          disabled={disabled}
          messages={messages.stressLevel}
          onChange={(v) => onChange("stressLevel", v)}
        />
      </div>
      {AFTER_SCALES.map(text)}
    </div>
  );
}

/** A 1-5 slider: a native range input (arrow keys, Home/End work), its value said in words. */
function Scale({
  name,
  label,
  words,
  ends,
  value,
  disabled,
  messages,
  onChange,
}: {
  name: string;
  label: string;
  words: string[];
  ends: [string, string];
  value: number;
  disabled?: boolean;
  messages?: string[];
  onChange: (v: number) => void;
}) {
  const id = `prep-${name}`;
  return (
    <div className="min-w-0 space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <output
          htmlFor={id}
          className="text-sm font-semibold text-slate-900"
        >{`${value} / ${PREP_SCALE_MAX} · ${words[value] ?? ""}`}</output>
      </div>
      <input
        id={id}
        name={name}
        type="range"
        min={PREP_SCALE_MIN}
        max={PREP_SCALE_MAX}
        step={1}
        value={value}
        disabled={disabled}
        aria-valuetext={`${value} of ${PREP_SCALE_MAX}, ${words[value] ?? ""}`}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-brand-600"
      />
      <div aria-hidden="true" className="flex justify-between text-xs text-slate-500">
        <span>{ends[0]}</span>
        <span>{ends[1]}</span>
      </div>
      <FieldMessages id={`${id}-messages`} messages={messages} />
    </div>
  );
}
