import Link from "next/link";
import { ListChecks } from "lucide-react";
import { SETUP_CHECKLIST_ID } from "@/lib/setup/steps";

/** The shell's compact entry to the setup checklist while it shows (admins only): how far the
 * setup is, linking to the checklist on the dashboard. A server component, no code shipped. */
export function SetupProgressLink({ progress }: { progress: { done: number; total: number } }) {
  return (
    <Link
      href={`/#${SETUP_CHECKLIST_ID}`}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-brand-200 bg-brand-50 px-3 text-xs font-medium text-brand-800 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
      aria-label={`Setup: ${progress.done} of ${progress.total} steps done. Open the setup checklist`}
    >
      <ListChecks aria-hidden="true" className="size-4" />
      <span className="hidden sm:inline">Setup</span>
      {/* "3 of 6", not "3/6": the visible words must be part of the link's name for people who
          speak to their screen reader by what they see ("3/6" is not in it). */}
      <span>{`${progress.done} of ${progress.total}`}</span>
    </Link>
  );
}
