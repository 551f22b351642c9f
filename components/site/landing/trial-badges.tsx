import { CircleCheck } from "lucide-react";
import { TRIAL_DAYS } from "@/lib/billing/pricing";

export function TrialBadges() {
  const badges = [`${TRIAL_DAYS}-day free trial`, "No setup fees", "Cancel anytime"];
  return (
    <ul aria-label="Trial terms" className="flex flex-wrap gap-2">
      {badges.map((b) => (
        <li
          key={b}
          className="inline-flex items-center gap-1.5 rounded-full border border-emerald-200 bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800"
        >
          <CircleCheck aria-hidden="true" className="size-4" />
          {b}
        </li>
      ))}
    </ul>
  );
}
