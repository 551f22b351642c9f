/** A loading placeholder with the spec's loading text ('Loading dashboard...'). */
export function AnalyticsSkeleton({ text, cards = 4 }: { text: string; cards?: number }) {
  return (
    <div role="status" aria-live="polite">
      <p className="mb-4 text-sm text-slate-600">{text}</p>
      <div className="grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="h-32 rounded-xl border border-slate-200 bg-slate-100" />
        ))}
      </div>
      <div className="mt-6 h-64 animate-pulse rounded-xl border border-slate-200 bg-slate-100" />
    </div>
  );
}
