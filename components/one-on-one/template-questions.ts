/** One row of the template dialog's question list: a stable key for React and focus, the text. */
export type Question = { key: number; text: string };

/** The list with the item at `from` moved to `to` (unchanged when either is out of range). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}
