import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

/** GET /api/focus-areas?scope=team&teamId={id} (a team the caller may see) or ?scope=org (the whole
 * organisation, for those who see it). */
export const focusAreasQuery = z
  .object({
    scope: z.enum(["team", "org"], { error: "Scope must be team or org" }),
    teamId: entityId("team", "Team id must be a valid id").optional(),
  })
  .refine((q) => q.scope !== "team" || q.teamId !== undefined, {
    message: "A team scope needs a teamId",
    path: ["teamId"],
  })
  .refine((q) => q.scope !== "org" || q.teamId === undefined, {
    message: "The organisation scope takes no teamId",
    path: ["teamId"],
  });
