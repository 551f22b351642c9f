import { Check } from "lucide-react";
import { cn } from "@/lib/utils/cn";

export type SignupStep = "details" | "payment" | "welcome";

const STEPS: { key: SignupStep; label: string }[] = [
  { key: "details", label: "Company details" },
  { key: "payment", label: "Payment" },
  { key: "welcome", label: "Welcome" },
];

export function StepIndicator({ step }: { step: SignupStep }) {
  const current = STEPS.findIndex((s) => s.key === step);
  return (
    <ol className="flex items-center gap-2 text-xs sm:text-sm" aria-label="Signup progress">
      {STEPS.map((s, i) => (
        <li key={s.key} aria-current={i === current ? "step" : undefined} className="flex flex-1 items-center gap-2">
          <span
            className={cn(
              "flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
              i < current
                ? "bg-emerald-600 text-white"
                : i === current
                  ? "bg-brand-600 text-white"
                  : "bg-slate-200 text-slate-600",
            )}
            aria-hidden
          >
            {i < current ? <Check className="size-3.5" /> : i + 1}
          </span>
          <span className={cn("truncate", i === current ? "font-medium text-slate-900" : "text-slate-500")}>
            <span className="sr-only">Step {i + 1} of 3: </span>
            {s.label}
          </span>
        </li>
      ))}
    </ol>
  );
}
