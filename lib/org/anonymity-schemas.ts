// The minimum reporting group's edge schema, shared by PATCH /api/organizations/{orgId}/anonymity
// and the settings form, so both give the same message for a number out of range.
import { z } from "zod";
import { commentMinimum } from "@/lib/analytics/suppression";
import { plural } from "@/lib/format";

/** 3 by default, configurable 3 to 10 per organisation (docs/decisions.md (Anonymity and the minimum group)). */
export const MIN_GROUP_SIZE_LOWEST = 3;
export const MIN_GROUP_SIZE_HIGHEST = 10;

const outOfRange = `Choose a whole number from ${MIN_GROUP_SIZE_LOWEST} to ${MIN_GROUP_SIZE_HIGHEST}`;

export const anonymitySchema = z.object({
  minGroupSize: z
    .number({ error: outOfRange })
    .int(outOfRange)
    .min(MIN_GROUP_SIZE_LOWEST, outOfRange)
    .max(MIN_GROUP_SIZE_HIGHEST, outOfRange),
  organizationId: z.string().optional(),
});

export type AnonymityInput = z.infer<typeof anonymitySchema>;

export type AnonymityDto = {
  minGroupSize: number;
  /** Comments need more respondents than scores: max(5, minGroupSize). */
  commentMinimum: number;
};

export const anonymityDto = (minGroupSize: number): AnonymityDto => ({
  minGroupSize,
  commentMinimum: commentMinimum(minGroupSize),
});

/** What the setting means, in the words the settings page shows. */
export const anonymitySummary = (d: AnonymityDto) =>
  `Results are shown only for groups of at least ${plural(d.minGroupSize, "person", "people")}; comments need at least ${d.commentMinimum}.`;
