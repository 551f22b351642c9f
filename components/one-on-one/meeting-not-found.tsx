import Link from "next/link";
import { CalendarX } from "lucide-react";
import { z } from "zod";
import { Button } from "@/components/ui/button";

const uuid = z.uuid();
/** Whether a page's id could name a meeting at all (anything else is 'Meeting Not Found' at once,
 * without asking the server). Plain module, so server pages may call it. */
export const isMeetingId = (id: string | null | undefined): id is string => !!id && uuid.safeParse(id).success;

/** Missing, foreign and not-yours meetings alike (the server answers 404 for all three). */
export function MeetingNotFound() {
  return (
    <section
      aria-labelledby="meeting-not-found-title"
      className="flex min-h-[50vh] flex-col items-center justify-center px-4 py-16 text-center"
    >
      <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <CalendarX aria-hidden="true" className="size-6" />
      </div>
      <h1 id="meeting-not-found-title" className="text-2xl font-semibold tracking-tight text-slate-900">
        Meeting Not Found
      </h1>
      <p className="mt-2 max-w-sm text-sm text-slate-600">This meeting does not exist or you are not part of it.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link href="/one-on-one">Back to 1:1 Meetings</Link>
      </Button>
    </section>
  );
}
