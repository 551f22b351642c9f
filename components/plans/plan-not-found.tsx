import { FileQuestion } from "lucide-react";
import { z } from "zod";
import { EntityNotFound } from "@/components/status/entity-not-found";

const uuid = z.uuid();
/** Whether a page's id could name a plan at all (anything else is 'Plan Not Found' at once). */
export const isPlanId = (id: string): boolean => uuid.safeParse(id).success;

/** Missing, another organisation's and hidden plans alike (the server answers 404 for all three). */
export function PlanNotFound() {
  return (
    <EntityNotFound
      id="plan-not-found-title"
      icon={FileQuestion}
      title="Plan Not Found"
      text="This plan does not exist or is not shown to you."
      backHref="/commitments"
      backLabel="Back to Commitments"
    />
  );
}
