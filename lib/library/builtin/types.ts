import type { ContentCategory, ContentType } from "@/lib/generated/prisma/enums";

/** One item of Pulsewell's built-in leadership library (our own writing). */
export type BuiltinItem = {
  /** kebab-case slug, stable: it is the BuiltinContent primary key. */
  id: string;
  title: string;
  contentType: ContentType;
  category: ContentCategory;
  tags: string[];
  priority: number;
  situation: string;
  approach: string;
  /** What the manager says; may contain {name} for the person's name. */
  script: string;
  nextSteps: string[];
  /**
   * Example questions a manager would type when this item is the right answer (doc2query
   * expansion). Sentence embeddings match a question best against other questions, so these are
   * embedded and compared with the manager's question; they are written in managers' own words
   * (names, fragments, typos, symptoms rather than the topic) and are not part of the stored content.
   */
  asks: string[];
};

/** The stored body of a built-in item: the four headings the coach composes from. */
export function builtinMarkdown(item: BuiltinItem): string {
  return [
    `## Situation\n${item.situation}`,
    `## Approach\n${item.approach}`,
    `## Script\n${item.script}`,
    `## Next steps\n${item.nextSteps.map((step) => `- ${step}`).join("\n")}`,
  ].join("\n\n");
}
