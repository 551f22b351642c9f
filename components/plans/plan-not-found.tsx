import Link from "next/link";
import { FileQuestion } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";

const uuid = z.uuid();
/** Whether a page's id could name a plan at all (anything else is 'Plan Not Found' at once). */
export const isPlanId = (id: string): boolean => uuid.safeParse(id).success;

/** Missing, another organisation's and hidden plans alike (the server answers 404 for all three). */
export function PlanNotFound() {
  return (
    <section
      aria-labelledby="plan-not-found-title"
      className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <FileQuestion aria-hidden="true" className="size-6" />
      </div>
      <h1 id="plan-not-found-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Plan Not Found
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">This plan does not exist or is not shown to you.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href="/commitments">Back to Commitments</Link>
      </Button>
    </section>
  );
}
