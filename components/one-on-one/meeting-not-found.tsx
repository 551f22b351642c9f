import { CalendarX } from "lucide-react";
import { z } from "zod";
import { EntityNotFound } from "@/components/status/entity-not-found";

const uuid = z.uuid();
/** Whether a page's id could name a meeting at all (anything else is 'Meeting Not Found' at once,
 * without asking the server). Plain module, so server pages may call it. */
export const isMeetingId = (id: string | null | undefined): id is string => !!id && uuid.safeParse(id).success;

/** Missing, foreign and not-yours meetings alike (the server answers 404 for all three). */
export function MeetingNotFound() {
  return (
    <EntityNotFound
      id="meeting-not-found-title"
      icon={CalendarX}
      title="Meeting Not Found"
      text="This meeting does not exist or you are not part of it."
      backHref="/one-on-one"
      backLabel="Back to 1:1 Meetings"
    />
  );
}
