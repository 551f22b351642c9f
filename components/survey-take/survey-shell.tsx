// The frame of the public survey pages: the wordmark and a centred column that reads well on a phone.
export function SurveyShell({ productName, children }: { productName: string; children: React.ReactNode }) {
  return (
    <main className="min-h-dvh bg-slate-50 px-4 py-8 sm:py-12">
      <div className="mx-auto w-full max-w-2xl">
        <p className="mb-6 text-center text-2xl font-bold tracking-tight text-brand-600">{productName.toLowerCase()}</p>
        {children}
      </div>
    </main>
  );
}

/** A full-page message: not found, closed, already answered, thank you. */
export function SurveyMessage({
  title,
  children,
  tone = "neutral",
}: {
  title: string;
  children: React.ReactNode;
  tone?: "neutral" | "success";
}) {
  return (
    <section
      className={`rounded-xl border bg-white p-8 text-center shadow-sm ${tone === "success" ? "border-emerald-200" : "border-slate-200"}`}
    >
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      <div className="mt-3 text-slate-600">{children}</div>
    </section>
  );
}
