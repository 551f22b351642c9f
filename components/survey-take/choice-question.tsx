"use client";

// One scale (1-5) or eNPS (0-10) question as a native radio group: arrow keys move between the
// choices, and each choice is a large touch target.
const SCALE_LABELS = ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"];

// Screen readers hear the words the sighted see only at the ends of the row.
function choiceLabel(type: "scale" | "enps", c: number): string {
  if (type === "scale") return `${c}: ${SCALE_LABELS[c - 1]}`;
  return c === 0 ? "0: Not at all likely" : c === 10 ? "10: Extremely likely" : String(c);
}

export function ChoiceQuestion({
  id,
  number,
  text,
  type,
  value,
  onChange,
}: {
  id: string;
  number: number;
  text: string;
  type: "scale" | "enps";
  value: number | undefined;
  onChange: (v: number) => void;
}) {
  const choices = type === "scale" ? [1, 2, 3, 4, 5] : Array.from({ length: 11 }, (_, i) => i);
  const [low, high] =
    type === "scale" ? ["Strongly Disagree", "Strongly Agree"] : ["Not at all likely", "Extremely likely"];
  return (
    <div role="radiogroup" aria-labelledby={`q-${id}`} className="space-y-3">
      <p id={`q-${id}`} className="font-medium text-slate-900">
        <span className="mr-1 text-brand-600">{number}.</span> {text}
      </p>
      <div className={`grid gap-2 ${type === "scale" ? "grid-cols-5" : "grid-cols-6 sm:grid-cols-11"}`}>
        {choices.map((c) => (
          <label
            key={c}
            className="flex min-h-12 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 bg-white p-1.5 text-sm font-medium text-slate-800 transition-colors hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={`q-${id}`}
              value={c}
              checked={value === c}
              onChange={() => onChange(c)}
              className="size-4 accent-brand-600"
              aria-label={choiceLabel(type, c)}
            />
            <span aria-hidden="true">{c}</span>
          </label>
        ))}
      </div>
      <div className="flex justify-between text-xs text-slate-500" aria-hidden="true">
        <span>{low}</span>
        <span>{high}</span>
      </div>
    </div>
  );
}
