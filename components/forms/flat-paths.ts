import type { FieldValues, ListKeys } from "@/components/forms/field-lists";
import type { FieldList } from "@/components/forms/use-form-fields";

/** What a list's operations work on: the form's state and how its ids are made. */
export type ListState = {
  name: string;
  values: FieldValues;
  keys: ListKeys;
  update: (fn: (values: FieldValues) => FieldValues) => void;
  updateKeys: (fn: (keys: ListKeys) => ListKeys) => void;
  fresh: () => string;
  idPrefix: string;
};

/**
 * How a form reads and writes its values by path. Most forms have plain fields only, and use the
 * few lines below; a form with list fields (useListFields) uses field-lists.ts, whose keys and
 * paths into items would otherwise be downloaded by every form page (the public pages' budget).
 */
export type PathOps = {
  valueAt: (values: FieldValues, path: string) => unknown;
  withValueAt: <V extends FieldValues>(values: V, path: string, value: string | boolean) => V;
  leafPaths: (values: FieldValues) => string[];
  keyedPath: (path: string, keys: ListKeys) => string;
  pathWhenSent: (path: string, now: ListKeys, sent: ListKeys) => string | null;
  sameValue: (a: unknown, b: unknown) => boolean;
  initialKeys: (values: FieldValues) => { keys: ListKeys; next: number };
  /** The same lists with a new key for every item. */
  renewKeys: (keys: ListKeys, fresh: () => string) => ListKeys;
  /** A control's id: an item's carries its key, so it stays with the item. */
  idOf: (prefix: string, path: string, keys: ListKeys) => string;
  list: (state: ListState) => FieldList<unknown>;
};

const listsNeeded = (): never => {
  throw new Error("List fields need useListFields");
};

/** Plain fields: a path is a field's name. */
export const FLAT_PATHS: PathOps = {
  valueAt: (values, path) => values[path],
  withValueAt: (values, path, value) => ({ ...values, [path]: value }),
  leafPaths: (values) => Object.keys(values),
  keyedPath: (path) => path,
  pathWhenSent: (path) => path,
  sameValue: (a, b) => a === b,
  initialKeys: () => ({ keys: {}, next: 0 }),
  renewKeys: (keys) => keys,
  idOf: (prefix, path) => prefix + path,
  list: listsNeeded,
};
