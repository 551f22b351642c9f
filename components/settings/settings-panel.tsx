import type { LucideIcon } from "lucide-react";

/**
 * One settings section on its own page: a labelled region with the section's heading (the page's
 * h1 is "Settings"). The id is the section's old anchor, kept for tests and deep links in the page.
 */
export function SettingsPanel({
  id,
  title,
  description,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  icon?: LucideIcon;
  children: React.ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="flex items-center gap-3 p-5">
        {Icon ? (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon aria-hidden="true" className="size-4" />
          </span>
        ) : null}
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        </div>
      </div>
      <div className="border-t border-slate-200 p-4 sm:p-5">{children}</div>
    </section>
  );
}
