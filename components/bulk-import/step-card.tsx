/** One numbered step of the import page (template, upload or paste, preview). */
export function StepCard({
  step,
  title,
  description,
  children,
}: {
  step: number;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const id = `bulk-import-step-${step}`;
  return (
    // A labelled section per step, so screen-reader users can jump between the three steps.
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-4 text-slate-900 shadow-sm sm:p-5"
    >
      <div className="flex items-center gap-3">
        <span
          aria-hidden="true"
          className="flex size-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        >
          {step}
        </span>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          <span className="sr-only">{`Step ${step}: `}</span>
          {title}
        </h2>
      </div>
      {/* Indented under the title from sm up; full width on phones, where every pixel counts. */}
      <div className="sm:pl-10">
        {description ? <p className="mt-2 text-sm text-slate-600">{description}</p> : null}
        <div className="mt-4">{children}</div>
      </div>
    </section>
  );
}
