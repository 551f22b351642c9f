import Link from "next/link";
import { ListChecks } from "lucide-react";
import { SETUP_CHECKLIST_ID } from "@/lib/setup/steps";

/** The shell's compact entry to the setup checklist while it shows (admins only): how far the
 * setup is, linking to the checklist on the dashboard. A server component, no code shipped. */
export function SetupProgressLink({ progress }: { progress: { done: number; total: number } }) {
  return (
    <Link
      href={`/#${SETUP_CHECKLIST_ID}`}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border border-brand-100 bg-brand-50 px-3 text-xs font-medium text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
    >
      <ListChecks aria-hidden="true" className="size-4" />
      {/* The name read out starts with what is shown ("Setup 2/6"), then says what it means. */}
      <span className="sr-only sm:not-sr-only">Setup</span>
      <span>{`${progress.done}/${progress.total}`}</span>
      <span className="sr-only">{` steps done: open the setup checklist`}</span>
    </Link>
  );
}
