import { z } from "zod";
import { entityId } from "@/lib/validation/entity-id";

/** ?round= a survey id, 'latest' or 'recent' (the last four weeks, the default: a single round
 * asks only some dimensions); ?segment= all (the 'All
 * employees' row and the teams), teams, or organization. */
export const pulseQuery = z.object({
  round: z.union([z.literal("latest"), z.literal("recent"), entityId("survey")]).default("recent"),
  segment: z.enum(["all", "teams", "organization"]).default("all"),
});
