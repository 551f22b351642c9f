import Link from "next/link";
import { CheckCircle2, Circle } from "lucide-react";
import { SETUP_CHECKLIST_ID, type SetupChecklist, type SetupStep } from "@/lib/setup/steps";
import { buttonVariants } from "@/components/ui/button-variants";
import { cn } from "@/lib/utils/cn";
import { DismissSetupButton } from "@/components/setup/dismiss-setup-button";

function StepLinks({ step, next }: { step: SetupStep; next: boolean }) {
  if (step.links.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
      {step.links.map((l, i) => (
        <Link
          key={l.href}
          href={l.href}
          className={
            i === 0 && next
              ? buttonVariants({ size: "sm" })
              : "text-sm font-medium text-brand-700 underline-offset-4 hover:underline"
          }
        >
          {l.label}
        </Link>
      ))}
    </div>
  );
}

/**
 * The setup checklist on the dashboard of a workspace still being set up (admins only). A server
 * component: only the Dismiss button ships code. Each step ticks itself from the workspace's data;
 * the next step to do leads with a button.
 */
export function SetupChecklistCard({ checklist }: { checklist: SetupChecklist }) {
  const next = checklist.steps.find((s) => !s.done)?.key;
  const percent = Math.round((checklist.done / checklist.total) * 100);
  return (
    <section
      id={SETUP_CHECKLIST_ID}
      aria-labelledby="setup-checklist-title"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="setup-checklist-title" className="text-lg font-semibold text-slate-900">
            Set up your workspace
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="setup-progress">
            {`${checklist.done} of ${checklist.total} done. Each step ticks itself once it is done.`}
          </p>
        </div>
        <DismissSetupButton />
      </div>
      <div aria-hidden="true" className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-2 divide-y divide-slate-100">
        {checklist.steps.map((s) => (
          <li key={s.key} data-step={s.key} data-done={s.done} className="flex gap-3 py-3">
            {s.done ? (
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-300" />
            )}
            <div className="min-w-0 flex-1">
              <h3 className={cn("text-sm font-medium", s.done ? "text-slate-500" : "text-slate-900")}>
                <span className="sr-only">{s.done ? "Done: " : "To do: "}</span>
                {s.title}
              </h3>
              <p className="mt-0.5 text-sm text-slate-600">{s.detail}</p>
              <StepLinks step={s} next={s.key === next} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
