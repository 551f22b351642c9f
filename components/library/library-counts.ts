import type { LibraryItem } from "@/components/library/library-types";
import { plural } from "@/lib/utils/plural";

/** The count line under the header: "12 items in your library · 64 built-in". */
export function countLine(items: readonly LibraryItem[]): string {
  const own = items.filter((i) => i.source === "org").length;
  const builtin = items.filter((i) => i.source === "builtin");
  const hidden = builtin.filter((i) => i.hidden).length;
  const parts = [`${plural(own, "item")} in your library`, `${builtin.length.toLocaleString("en-US")} built-in`];
  if (hidden > 0) parts.push(`${hidden.toLocaleString("en-US")} hidden from coach`);
  return parts.join(" · ");
}
