import { Check } from "lucide-react";

const INCLUDED = [
  "Weekly 2-minute anonymous pulse surveys",
  "Culture dashboards, eNPS and engagement reports",
  "Boss Bot, a private AI leadership coach",
  "1:1 meeting tools and templates",
];

const TERMS = ["7-day free trial", "$6 per user per month after the trial", "No setup fees", "Cancel anytime"];

function List({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
          <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** What the trial and the plan include, beside the signup form. */
export function Benefits({ productName }: { productName: string }) {
  return (
    <aside aria-labelledby="benefits-heading" className="space-y-6 rounded-xl bg-brand-50 p-6">
      <div className="space-y-3">
        <h2 id="benefits-heading" className="text-lg font-semibold text-slate-900">
          Everything in {productName}
        </h2>
        <List items={INCLUDED} />
      </div>
      <div className="space-y-3 border-t border-brand-100 pt-5">
        <p className="text-2xl font-bold text-slate-900">
          $6 <span className="text-base font-normal text-slate-600">per user per month</span>
        </p>
        <List items={TERMS} />
      </div>
    </aside>
  );
}
