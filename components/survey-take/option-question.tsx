"use client";

// A choice question ("Did this action happen?": Yes / Partly / No) as a native radio group: arrow
// keys move between the options, each option's own words are its label, and each is a large
// touch target. The answer is the option's index.
export function OptionQuestion({
  id,
  number,
  text,
  options,
  isRequired,
  value,
  onChange,
}: {
  id: string;
  number: number;
  text: string;
  options: string[];
  isRequired: boolean;
  value: number | undefined;
  onChange: (v: number) => void;
}) {
  return (
    <div role="radiogroup" aria-labelledby={`q-${id}`} className="space-y-3">
      <p id={`q-${id}`} className="font-medium text-slate-900">
        <span className="mr-1 text-brand-600">{number}.</span> {text}
        {isRequired ? null : <span className="ml-1 text-sm font-normal text-slate-500">(optional)</span>}
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {options.map((label, i) => (
          <label
            key={i}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 transition-colors hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:text-brand-700 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={`q-${id}`}
              value={i}
              checked={value === i}
              onChange={() => onChange(i)}
              className="size-4 shrink-0 accent-brand-600"
            />
            <span className="wrap-anywhere">{label}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
