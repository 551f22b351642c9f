import { z } from "zod";
import { CATEGORIES, CONTENT_TYPES } from "@/lib/library/schemas";
import { entityId } from "@/lib/validation/entity-id";

// What auto-analysis answers (POST /api/ai/categorize-content returns
// title, contentType, category, tags, priority). The offline classifier and the model path both
// produce it; the model's JSON is parsed with it. Client-safe.

export const contentAnalysisSchema = z.object({
  title: z.string().trim().min(1).max(200),
  contentType: z.enum(CONTENT_TYPES),
  category: z.enum(CATEGORIES),
  tags: z.array(z.string().trim().toLowerCase().min(1).max(40)).max(10),
  priority: z.number().int().min(1).max(5),
});
export type ContentAnalysis = z.output<typeof contentAnalysisSchema>;

export const MAX_ANALYZE_LENGTH = 20_000;

/** The route's body: blank content is refused with a message in the product's words. */
export const categorizeBodySchema = z.object({
  content: z
    .string({ error: "Content is required" })
    .max(MAX_ANALYZE_LENGTH, "Content is at most 20,000 characters")
    .refine((s) => s.trim().length > 0, "Please enter some content to analyse"),
  organizationId: entityId("organization", "organizationId must be a UUID").optional(),
});
