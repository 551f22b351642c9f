import type { ContentCategory, ContentType } from "@/lib/library/schemas";

/** The fields every library item has, stored or built in. */
type ContentFields = {
  id: string;
  title: string;
  content: string;
  contentType: ContentType;
  category: ContentCategory;
  tags: string[];
  priority: number;
};

// What the content-library screen reads: an organisation item, or a built-in one (read-only, with
// whether this organisation has hidden it from its coach).
export type ContentDto = ContentFields & {
  source: "org" | "builtin";
  readOnly: boolean;
  hidden: boolean;
  organizationId: string | null;
  createdAt: string | null;
};

export type OrgContentRow = ContentFields & { organizationId: string; createdAt: Date };

export type BuiltinContentRow = ContentFields;

export const orgContentSelect = {
  id: true,
  organizationId: true,
  title: true,
  content: true,
  contentType: true,
  category: true,
  tags: true,
  priority: true,
  createdAt: true,
} as const;

export const builtinContentSelect = {
  id: true,
  title: true,
  content: true,
  contentType: true,
  category: true,
  tags: true,
  priority: true,
} as const;

export function toOrgContentDto(r: OrgContentRow): ContentDto {
  return { ...r, source: "org", readOnly: false, hidden: false, createdAt: r.createdAt.toISOString() };
}

export function toBuiltinContentDto(r: BuiltinContentRow, hidden: boolean): ContentDto {
  return { ...r, source: "builtin", readOnly: true, hidden, organizationId: null, createdAt: null };
}
