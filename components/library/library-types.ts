import type { CATEGORIES, CONTENT_TYPES } from "@/lib/library/schemas";

export type ContentType = (typeof CONTENT_TYPES)[number];
export type ContentCategory = (typeof CATEGORIES)[number];

// What the library screen reads from /api/leadership-content (the backend's DTO, restated here
// so components stay free of server modules).

export type LibraryItem = {
  id: string;
  title: string;
  content: string;
  contentType: ContentType;
  category: ContentCategory;
  tags: string[];
  priority: number;
  createdAt: string;
  source: "org" | "builtin";
  hidden?: boolean;
};

export type ImportResult = { successful: number; failed: number; total: number; errors: string[] };

export type Analysis = { title: string; contentType: ContentType; category: ContentCategory; tags: string[]; priority: number };

export type SourceFilter = "all" | "org" | "builtin";
