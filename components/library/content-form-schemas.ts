import { z } from "zod";
import { contentInputSchema, parseTags } from "@/lib/library/schemas";

/** The add/edit form's values: what the controls hold (tags as comma-separated text). */
export type ContentFormValues = {
  title: string;
  contentType: string;
  category: string;
  tags: string;
  content: string;
  priority: string;
};

/** What the server's schema reads, with the selects' values still unchecked strings. */
type Loose = Omit<z.input<typeof contentInputSchema>, "contentType" | "category"> & {
  contentType: string;
  category: string;
};

/** The server's own schema, fed from the form's text values, so the form says what the API would. */
export const contentFormSchema = z
  .object({
    title: z.string(),
    contentType: z.string(),
    category: z.string(),
    tags: z.string(),
    content: z.string(),
    priority: z.string(),
  })
  .transform((v): Loose => ({ ...v, tags: parseTags(v.tags), priority: Number(v.priority) }))
  .pipe(contentInputSchema);
