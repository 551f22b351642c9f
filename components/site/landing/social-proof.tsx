// Sample names only, and labelled so: the site shows no invented customers, logos or quotes.
const SAMPLE_COMPANIES = [
  "Northwind Traders",
  "Contoso",
  "Fabrikam",
  "Tailspin Toys",
  "Woodgrove Bank",
  "Alpine Ski House",
] as const;

export function SocialProof() {
  return (
    <section aria-labelledby="examples-title" className="border-y border-slate-200 bg-slate-50 py-10">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="examples-title" className="text-center text-sm font-semibold text-slate-700">
          Built for teams of every size, like these
        </h2>
        <p className="mt-1 text-center text-xs text-slate-600">Sample company names, shown as examples.</p>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-8 gap-y-3">
          {SAMPLE_COMPANIES.map((c) => (
            <li key={c} className="text-lg font-semibold tracking-tight text-slate-500">
              {c}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
