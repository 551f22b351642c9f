import { formatNumber } from "@/lib/format";
import { z } from "zod";

// The leadership library's types, categories and request shapes (docs/decisions.md (The leadership library)), shared
// by the routes, the domain functions, the classifier and the content-library forms. Client-safe.

export const CONTENT_TYPES = [
  "framework",
  "script",
  "template",
  "methodology",
  "case_study",
  "book_chapter",
  "video_link",
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  framework: "Leadership Framework",
  script: "Conversation Script",
  template: "Coaching Template",
  methodology: "Methodology",
  case_study: "Case Study",
  book_chapter: "Book Chapter",
  video_link: "Training Video",
};

export const CATEGORIES = [
  "conflict_resolution",
  "delegation",
  "burnout_prevention",
  "team_building",
  "performance_management",
  "communication",
  "leadership_development",
  "culture_building",
  "change_management",
  "coaching_techniques",
  "difficult_conversations",
  "employee_engagement",
  "workplace_stress",
  "team_dynamics",
] as const;
export type ContentCategory = (typeof CATEGORIES)[number];

/** "conflict_resolution" -> "Conflict Resolution" (title-cased with spaces). */
export function categoryLabel(category: string): string {
  return category
    .split("_")
    .filter((w) => w.length > 0)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Tags as the form enters them: comma-separated, trimmed, empties dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(",")
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}

const MAX_TAGS = 20;
const MAX_TAG_LENGTH = 40;
export const MAX_TITLE_LENGTH = 200;
const MAX_CONTENT_LENGTH = 20_000;

const tagsSchema = z
  .array(
    z
      .string({ error: "Tags must be text" })
      .trim()
      .min(1, "Tags cannot be empty")
      .max(MAX_TAG_LENGTH, `Each tag is at most ${MAX_TAG_LENGTH} characters`),
    { error: "Tags must be a list" },
  )
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags`);

const PRIORITY_MESSAGE = "Priority must be a whole number from 1 to 5";
const prioritySchema = z
  .number({ error: PRIORITY_MESSAGE })
  .int(PRIORITY_MESSAGE)
  .min(1, PRIORITY_MESSAGE)
  .max(5, PRIORITY_MESSAGE);
export const DEFAULT_PRIORITY = 3;

/** The add and edit forms' shape (every field present; the add form starts priority at 3). */
export const contentInputSchema = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(MAX_TITLE_LENGTH, `Titles are at most ${MAX_TITLE_LENGTH} characters`),
  content: z
    .string({ error: "Content is required" })
    .trim()
    .min(1, "Content is required")
    .max(
      MAX_CONTENT_LENGTH,
      `Content is at most ${formatNumber(MAX_CONTENT_LENGTH)} characters; use Import to split longer texts`,
    ),
  contentType: z.enum(CONTENT_TYPES, "Please choose a content type"),
  category: z.enum(CATEGORIES, "Please choose a category"),
  tags: tagsSchema,
  priority: prioritySchema,
  organizationId: z.string().optional(),
});

/** The API's body: tags default to none; priority defaults to 3 on create and, on
 * update (the first client's PUT sends no priority), keeps the item's own when left out. */
export const contentBodySchema = contentInputSchema.extend({
  tags: tagsSchema.default([]),
  priority: prioritySchema.optional(),
});
export type ContentInput = z.output<typeof contentBodySchema>;

export const contentListQuerySchema = z.object({
  q: z.string().trim().max(200, "Search is at most 200 characters").optional(),
  type: z.enum(CONTENT_TYPES, "Please choose a content type").optional(),
  category: z.enum(CATEGORIES, "Please choose a category").optional(),
  source: z.enum(["org", "builtin", "all"], "Source must be org, builtin or all").optional(),
});

const MAX_IMPORT_ITEMS = 20;
const MAX_IMPORT_ITEM_LENGTH = 500_000;

export const importInputSchema = z.object({
  items: z
    .array(
      z.object({
        title: z
          .string({ error: "Title must be text" })
          .trim()
          .max(MAX_TITLE_LENGTH, `Titles are at most ${MAX_TITLE_LENGTH} characters`)
          .optional(),
        content: z
          .string({ error: "Content is required" })
          .trim()
          .min(1, "Content is required")
          .max(MAX_IMPORT_ITEM_LENGTH, "A file is at most 500,000 characters"),
        filename: z
          .string({ error: "File name must be text" })
          .trim()
          .max(255, "File names are at most 255 characters")
          .optional(),
      }),
      { error: "Please add text or files to import" },
    )
    .min(1, "Please add text or files to import")
    .max(MAX_IMPORT_ITEMS, `At most ${MAX_IMPORT_ITEMS} items per import`),
  organizationId: z.string().optional(),
});
export type ImportInput = z.output<typeof importInputSchema>;

export type ImportResult = { successful: number; failed: number; total: number; errors: string[] };
