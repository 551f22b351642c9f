// List fields (a template's questions, a survey's questions): the pure half of useFormFields'
// lists, unit-tested without a browser. A list is an array value of the form; each item has a
// stable key, kept beside the values (never inside them, so the values stay what the schema
// reads), that follows the item when it moves. Paths address what the schema's messages address:
// "questions" (the list), "questions.2" (an item that is a string), "questions.2.text" (a field of
// an item that is an object).

import type { ListState, PathOps } from "@/components/forms/flat-paths";
import type { FieldList } from "@/components/forms/use-form-fields";

/** One item of a list: a string, or an object of text fields and checkboxes. */
export type ListItem = string | Readonly<Record<string, string | boolean>>;
type FieldValue = string | boolean | readonly ListItem[];
export type FieldValues = Record<string, FieldValue>;

/** The stable keys of each list's items, in the items' order. */
export type ListKeys = Readonly<Record<string, readonly string[]>>;

type Parsed = { field: string; index: number | null; rest: string | null };

function parse(path: string): Parsed {
  const [field = "", index, ...rest] = path.split(".");
  const i = index !== undefined && /^\d+$/.test(index) ? Number(index) : null;
  return { field, index: i, rest: i === null ? null : rest.join(".") || null };
}

/** The value at a path ("title", "questions.2", "questions.2.text"); undefined when there is none. */
export function valueAt(values: FieldValues, path: string): unknown {
  const { field, index, rest } = parse(path);
  const top = values[field];
  if (index === null) return path === field ? top : undefined;
  if (!Array.isArray(top)) return undefined;
  const item: unknown = top[index];
  if (rest === null) return item;
  return item !== null && typeof item === "object" ? (item as Record<string, unknown>)[rest] : undefined;
}

/** The values with the one at `path` replaced (unchanged when the path names nothing). */
export function withValueAt<V extends FieldValues>(values: V, path: string, value: string | boolean): V {
  const { field, index, rest } = parse(path);
  if (index === null) return { ...values, [field]: value };
  const list = values[field];
  if (!Array.isArray(list) || index >= list.length) return values;
  const next = list.map((item: ListItem, i) => {
    if (i !== index) return item;
    if (rest === null) return value;
    return typeof item === "object" ? { ...item, [rest]: value } : item;
  });
  return { ...values, [field]: next };
}

/** The names of the values that are lists. */
const listNames = (values: FieldValues): string[] => Object.keys(values).filter((k) => Array.isArray(values[k]));

/** Keys for the first render: the item's index, the same on the server and in the browser, so the
 * ids built from them match at hydration. `next` is where later keys start. */
export function initialKeys(values: FieldValues): { keys: ListKeys; next: number } {
  const keys: Record<string, string[]> = {};
  let next = 0;
  for (const name of listNames(values)) {
    const list = values[name] as readonly ListItem[];
    keys[name] = list.map((_, i) => String(i));
    next = Math.max(next, list.length);
  }
  return { keys, next };
}

/** Every path a control can show: the plain fields, each list, and each list item's fields. */
export function leafPaths(values: FieldValues): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (!Array.isArray(value)) {
      out.push(name);
      continue;
    }
    out.push(name);
    value.forEach((item: ListItem, i) => {
      if (typeof item === "string") out.push(`${name}.${i}`);
      else for (const sub of Object.keys(item)) out.push(`${name}.${i}.${sub}`);
    });
  }
  return out;
}

/** A path with the item's index replaced by its key ("questions.#7.text"): what "touched" is
 * remembered by, so that it stays with the item when the list changes. */
export function keyedPath(path: string, keys: ListKeys): string {
  const { field, index, rest } = parse(path);
  const key = index === null ? undefined : keys[field]?.[index];
  if (key === undefined) return path;
  return rest === null ? `${field}.#${key}` : `${field}.#${key}.${rest}`;
}

/**
 * Where the item now at `path` was when an answer's values were sent: the same path with the
 * item's index at that time (so a server's word about "questions.2.text" follows the question when
 * it moves), or null for an item added since. Paths outside lists are their own.
 */
export function pathWhenSent(path: string, now: ListKeys, sent: ListKeys): string | null {
  const { field, index, rest } = parse(path);
  if (index === null) return path;
  const key = now[field]?.[index];
  // A list the keys do not know (values set wholesale): indexes are all there is.
  if (key === undefined || !sent[field]) return path;
  const then = sent[field].indexOf(key);
  if (then < 0) return null;
  return rest === null ? `${field}.${then}` : `${field}.${then}.${rest}`;
}

/** Whether two values are the same (lists and items compared by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

// The operations of a list, on its values and keys together (useFieldArray's names).

export function appendItem<V extends FieldValues>(values: V, name: string, item: ListItem): V {
  const list = (values[name] ?? []) as readonly ListItem[];
  return { ...values, [name]: [...list, item] };
}

export function removeItem<V extends FieldValues>(values: V, name: string, index: number): V {
  const list = (values[name] ?? []) as readonly ListItem[];
  return { ...values, [name]: list.filter((_, i) => i !== index) };
}

/** `list` with the item at `from` moved to `to` (unchanged when either is out of range). */
export function moveInList<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length || to < 0 || to >= list.length || from === to) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

export function moveItem<V extends FieldValues>(values: V, name: string, from: number, to: number): V {
  return { ...values, [name]: moveInList((values[name] ?? []) as readonly ListItem[], from, to) };
}

export function keysAfter(
  keys: ListKeys,
  name: string,
  op: { append: string } | { remove: number } | { move: [number, number] } | { replace: string[] },
): ListKeys {
  const list = keys[name] ?? [];
  let next: string[];
  if ("append" in op) next = [...list, op.append];
  else if ("remove" in op) next = list.filter((_, i) => i !== op.remove);
  else if ("move" in op) next = moveInList(list, op.move[0], op.move[1]);
  else next = op.replace;
  return { ...keys, [name]: next };
}

/** A control's id: "<prefix><list>-<key>[-<field>]" for an item's, "<prefix><name>" otherwise. */
function idOf(prefix: string, path: string, keys: ListKeys): string {
  const { field, index, rest } = parse(path);
  const key = index === null ? undefined : keys[field]?.[index];
  if (key === undefined) return prefix + path;
  return `${prefix}${field}-${key}${rest === null ? "" : `-${rest}`}`;
}

function renewKeys(keys: ListKeys, fresh: () => string): ListKeys {
  return Object.fromEntries(Object.entries(keys).map(([name, list]) => [name, list.map(fresh)]));
}

/** One list's items and operations, on the form's state. */
function list({ name, values, keys, update, updateKeys, fresh, idPrefix }: ListState): FieldList<unknown> {
  const current = (values[name] ?? []) as readonly ListItem[];
  const listKeys = keys[name] ?? [];
  return {
    items: current.map((value, index) => ({
      key: listKeys[index] ?? `${name}-${index}`,
      index,
      path: `${name}.${index}`,
      value,
    })),
    append(item) {
      const key = fresh();
      update((v) => appendItem(v, name, item as ListItem));
      updateKeys((k) => keysAfter(k, name, { append: key }));
      return key;
    },
    remove(index) {
      update((v) => removeItem(v, name, index));
      updateKeys((k) => keysAfter(k, name, { remove: index }));
    },
    move(from, to) {
      update((v) => moveItem(v, name, from, to));
      updateKeys((k) => keysAfter(k, name, { move: [from, to] }));
    },
    replace(items) {
      update((v) => ({ ...v, [name]: [...(items as ListItem[])] }));
      updateKeys((k) => keysAfter(k, name, { replace: items.map(fresh) }));
    },
    idOf: (key, sub) => `${idPrefix}${name}-${key}${sub === undefined ? "" : `-${sub}`}`,
  };
}

/** The path operations of a form with lists (useListFields). */
export const LIST_PATHS: PathOps = {
  valueAt,
  withValueAt,
  leafPaths,
  keyedPath,
  pathWhenSent,
  sameValue,
  initialKeys,
  renewKeys,
  idOf,
  list,
};
