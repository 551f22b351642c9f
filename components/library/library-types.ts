import type { ContentDto } from "@/lib/library/dto";
import type { ContentCategory, ContentType, ImportResult } from "@/lib/library/schemas";

// What the library screen reads from /api/leadership-content (the backend's DTO).
export type { ContentType, ImportResult };
export type LibraryItem = ContentDto;

/** POST /api/ai/categorize-content's answer. */
export type Analysis = {
  title: string;
  contentType: ContentType;
  category: ContentCategory;
  tags: string[];
  priority: number;
};

export type SourceFilter = "all" | "org" | "builtin";
