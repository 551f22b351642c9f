import type { LibraryItem } from "@/components/library/library-types";
import { formatNumber, plural } from "@/lib/format";

/** The count line under the header: "12 items in your library · 64 built-in". */
export function countLine(items: readonly LibraryItem[]): string {
  const own = items.filter((i) => i.source === "org").length;
  const builtin = items.filter((i) => i.source === "builtin");
  const hidden = builtin.filter((i) => i.hidden).length;
  const parts = [`${plural(own, "item")} in your library`, `${formatNumber(builtin.length)} built-in`];
  if (hidden > 0) parts.push(`${formatNumber(hidden)} hidden from coach`);
  return parts.join(" · ");
}
