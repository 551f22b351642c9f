import { z } from "zod";

/** ?round= a survey id, 'latest' or 'recent' (the last four weeks); ?segment= all (the 'All
 * employees' row and the teams), teams, or organization. */
export const pulseQuery = z.object({
  round: z.union([z.literal("latest"), z.literal("recent"), z.uuid()]).default("latest"),
  segment: z.enum(["all", "teams", "organization"]).default("all"),
});
