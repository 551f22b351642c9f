import { ChevronDown } from "lucide-react";
import type { LucideIcon } from "lucide-react";

// A native <details>: collapsible by mouse, keyboard and screen reader without any script, and
// the content stays in the page for find-in-page.
export function CollapsibleSection({ id, title, description, icon: Icon, defaultOpen = true, children }: {
  id: string;
  title: string;
  description?: string;
  icon?: LucideIcon;
  defaultOpen?: boolean;
  children: React.ReactNode;
}) {
  return (
    <details id={id} open={defaultOpen} className="group rounded-xl border border-slate-200 bg-white shadow-sm">
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-xl p-5 [&::-webkit-details-marker]:hidden">
        {Icon ? (
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon aria-hidden="true" className="size-4" />
          </span>
        ) : null}
        <span className="min-w-0 flex-1">
          <span className="block text-lg font-semibold text-slate-900">{title}</span>
          {description ? <span className="block text-sm text-slate-600">{description}</span> : null}
        </span>
        <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
      </summary>
      <div className="border-t border-slate-200 p-5">{children}</div>
    </details>
  );
}
