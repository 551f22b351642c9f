"use client";

import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from "react";
import { pageHydrated } from "@/components/forms/early-submits";
import type { FormState } from "@/lib/actions/form-state";
import type { ErrorCode } from "@/lib/errors/codes";
import {
  fieldMessages,
  formAlert,
  schemaMessages,
  type Answer,
  type Messages,
  type OutputOf,
  type Validator,
  type FormAlertView,
  type FormView,
} from "@/components/forms/form-messages";
import type { FieldValues, ListItem, ListKeys } from "@/components/forms/field-lists";
import { FLAT_PATHS, type PathOps } from "@/components/forms/flat-paths";

export type { FieldValues } from "@/components/forms/field-lists";

/** The names of V's text fields, of its checkboxes and of its lists. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
type CheckKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;
type ListKey<V> = { [K in keyof V]: V[K] extends readonly ListItem[] ? K : never }[keyof V] & string;
type ItemOf<L> = L extends readonly (infer I)[] ? I : never;
/** A list item's text field: "questions.2" in a list of strings, "questions.2.text" in a list of objects. */
type ItemTextPath<V> = {
  [K in ListKey<V>]: ItemOf<V[K]> extends string ? `${K}.${number}` : `${K}.${number}.${TextKey<ItemOf<V[K]>>}`;
}[ListKey<V>];
type ItemCheckPath<V> = {
  [K in ListKey<V>]: ItemOf<V[K]> extends string ? never : `${K}.${number}.${CheckKey<ItemOf<V[K]>>}`;
}[ListKey<V>];
/** Anything that shows messages: a field, a list, a list item's field. */
type FieldPath<V> = (keyof V & string) | ItemTextPath<V> | ItemCheckPath<V>;

export type FieldsOptions<V extends FieldValues = FieldValues> = {
  /** Values validated and sent along that no field shows (a link's token). */
  hidden?: Record<string, string>;
  /** Put before every id, when two forms can be on one page (dialogs over a settings page). */
  idPrefix?: string;
  /** Fields whose messages show from the first keystroke, not from the first blur (the
   * subdomain, whose availability is checked live). */
  live?: readonly string[];
  /** Fields that stay quiet when left untouched and unchanged: their messages wait for a submit
   * or an edit (the library's Title, which auto-analysis fills from the content pasted below it). */
  quietUntilEdited?: readonly string[];
  /** The form's own words for some error codes (the server's message otherwise). */
  codeMessages?: Partial<Record<ErrorCode, string>>;
  /** What the schema reads, when it is not the values as they are (a number field, a date sent
   * as an ISO instant, radio choices that select a branch); `hidden` is then not added. */
  toInput?: (values: V) => unknown;
  /** The field that shows the schema's (and the server's) messages for one of its paths, when
   * they differ ("send.at" under the "at" field); the path itself otherwise. `values` are the
   * ones the messages are about (the current ones, or those a server's answer was to). */
  fieldOf?: (path: string, values: V) => string;
};

type ControlEvent = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>;

export type InputProps = {
  id: string;
  name: string;
  value: string;
  onChange: (e: ControlEvent) => void;
  onBlur: () => void;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/** One list's items and operations (react-hook-form's useFieldArray, on this hook's state). */
export type FieldList<T> = {
  /** In order: `key` is stable for the item's life (React's key, its controls' ids), `path` is
   * where its values and messages are now ("questions.2"). */
  items: { key: string; index: number; path: string; value: T }[];
  /** Adds an item at the end and returns its key. */
  append: (item: T) => string;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
  /** A new set of items, each with a new key (a template chosen from a menu). */
  replace: (items: readonly T[]) => void;
  /** The id of an item's control, by key: `sub` names the field of an object item. */
  idOf: (key: string, sub?: string) => string;
};

export type FormFields<V extends FieldValues, Out = unknown> = {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** One list item's field, by path ("questions.2.text"). */
  setAt: (path: ItemTextPath<V> | ItemCheckPath<V>, value: string | boolean) => void;
  /** Several fields at once (one field driving another, as the company name the subdomain). */
  update: (fn: (values: V) => V) => void;
  id: (name: string) => string;
  messagesId: (name: string) => string;
  /** What the field shows now (form-messages.ts decides). */
  messages: (name: FieldPath<V>) => string[];
  input: (name: TextKey<V> | ItemTextPath<V>) => InputProps;
  checkbox: (name: CheckKey<V> | ItemCheckPath<V>) => {
    id: string;
    name: string;
    checked: boolean;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  };
  /** For a submit of this <form>: the parsed values, or null once every message shows and the
   * first field in trouble has focus. */
  check: (form: HTMLFormElement) => Out | null;
  /** The server's answer to the values that were sent; `focus: false` leaves focus where it is
   * (an autosave's answer, which must not pull the user out of the field being typed in). */
  showAnswer: (state: FormState, sent: V, how?: { focus?: boolean }) => void;
  alert: FormAlertView;
  /** Back to these values (the initial ones by default) with nothing touched. */
  reset: (values?: V) => void;
  /** A list's items and operations. */
  list: <K extends ListKey<V>>(name: K) => FieldList<ItemOf<V[K]>>;
  /** Moves focus to this id once the next render is in the DOM (the item a button added, the
   * neighbour of one removed). */
  focusAfterRender: (id: string) => void;
};

/**
 * The state of one form: its values (controlled, so nothing typed is lost after a failed submit),
 * which fields were touched, whether a submit was tried, and the server's last answer. Messages are
 * derived on every render from the zod schema the server uses, never stored, so they always
 * describe the current values. A form with list fields uses useListFields (use-list-fields.ts):
 * `list(name)` keeps a stable key per item beside the values (field-lists.ts), by which an item's
 * "touched" and the server's word about it follow it.
 */
export function useFormFields<S extends Validator, V extends FieldValues>(
  schema: S,
  initial: V,
  options: FieldsOptions<V> = {},
): FormFields<V, OutputOf<S>> {
  return useFields(schema, initial, options, FLAT_PATHS);
}

/** useFormFields with the way its values are read by path: useListFields passes the lists' one. */
export function useFields<S extends Validator, V extends FieldValues>(
  schema: S,
  initial: V,
  options: FieldsOptions<V>,
  paths: PathOps,
): FormFields<V, OutputOf<S>> {
  const { initialKeys, keyedPath, leafPaths, valueAt, withValueAt } = paths;
  const { hidden, idPrefix = "", live = [], quietUntilEdited = [], codeMessages, toInput, fieldOf } = options;
  const [values, setValues] = useState<V>(initial);
  const [fields] = useState(() => Object.keys(initial));
  const [first] = useState(() => initialKeys(initial));
  const [keys, setKeys] = useState<ListKeys>(first.keys);
  const nextKey = useRef(first.next);
  // The keys when the values last checked for a submit were taken (what the answer will be to).
  const sentKeys = useRef<ListKeys>(first.keys);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<Answer<V> | null>(null);
  // The form last submitted (taken from the submit, not a ref prop, so that components can read
  // this hook's result during render).
  const formElement = useRef<HTMLFormElement | null>(null);
  // Set by a failed check or a server error; the effect below acts on it once the messages are
  // in the DOM, so the field's description is there when focus lands. An id instead: that element.
  const focusNext = useRef<"invalid" | { id: string } | null>(null);

  // Whether a pointer is pressed right now (see `blur`).
  const pressing = useRef(false);
  useEffect(() => {
    const down = () => {
      pressing.current = true;
    };
    const up = () => {
      pressing.current = false;
    };
    document.addEventListener("pointerdown", down, true);
    document.addEventListener("pointerup", up, true);
    document.addEventListener("pointercancel", up, true);
    return () => {
      document.removeEventListener("pointerdown", down, true);
      document.removeEventListener("pointerup", up, true);
      document.removeEventListener("pointercancel", up, true);
    };
  }, []);

  const idIn = (name: string, k: ListKeys) => paths.idOf(idPrefix, name, k);
  const fresh = () => String(nextKey.current++);

  // What was typed into the server's HTML before hydration is in the fields but not in this state
  // (React keeps a field's value as it hydrates, and no change event was seen): take it, once,
  // before a held submit is replayed (components/forms/early-submits.ts). Forms mounted later
  // show this state's values, so there is nothing to take.
  useLayoutEffect(() => {
    if (pageHydrated()) return;
    let typed: V = initial;
    for (const path of leafPaths(initial)) {
      const el = document.getElementById(idIn(path, first.keys));
      if (
        !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
        el.name !== path
      )
        continue;
      const was = valueAt(initial, path);
      if (el instanceof HTMLInputElement && el.type === "checkbox") {
        if (typeof was === "boolean" && el.checked !== was) typed = withValueAt(typed, path, el.checked);
      } else if (typeof was === "string" && el.value !== was) typed = withValueAt(typed, path, el.value);
    }
    // The DOM is the outside source here, read once: the one re-render is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed !== initial) setValues(typed);
    // Once, at hydration: the initial values and fields of the first render are the ones compared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    focusNext.current = null;
    const el =
      next === "invalid"
        ? formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
        : document.getElementById(next.id);
    el?.focus();
  });

  const renamed = (messages: Messages, about: V): Messages => {
    if (!fieldOf) return messages;
    const out: Messages = {};
    for (const [path, list] of Object.entries(messages)) (out[fieldOf(path, about)] ??= []).push(...list);
    return out;
  };
  const input = () => (toInput ? toInput(values) : { ...hidden, ...values });
  const view: FormView<V> = {
    fields,
    values,
    client: renamed(schemaMessages(schema, input()), values),
    touched,
    submitted,
    answer,
    keys,
    paths,
  };
  const touch = (name: string) => {
    const key = keyedPath(name, keys);
    setTouched((t) => (t[key] ? t : { ...t, [key]: true }));
  };
  // Leaving a field by pressing a button or link below it: the field's messages wait until the
  // press is over. Shown at once, they would push that button down between the press and the
  // release, and the click (a submit, a Cancel, 'Forgot password?') would be lost.
  const blur = (name: string) => {
    if (quietUntilEdited.includes(name) && values[name] === initial[name]) return;
    if (!pressing.current) return touch(name);
    document.addEventListener("pointerup", () => setTimeout(() => touch(name), 0), { once: true, capture: true });
  };
  const id = (name: string) => idIn(name, keys);
  const messagesId = (name: string) => `${id(name)}-messages`;
  const messages = (name: string) => fieldMessages(view, name);

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    if (live.includes(name)) touch(name);
  }
  function setAt(path: string, value: string | boolean) {
    setValues((v) => withValueAt(v, path, value));
    if (live.includes(path.split(".")[0] ?? path)) touch(path);
  }

  function list<K extends ListKey<V>>(name: K): FieldList<ItemOf<V[K]>> {
    const update = (fn: (v: FieldValues) => FieldValues) => setValues((v) => fn(v) as V);
    return paths.list({ name, values, keys, update, updateKeys: setKeys, fresh, idPrefix }) as FieldList<ItemOf<V[K]>>;
  }

  return {
    values,
    set,
    setAt,
    update: setValues,
    id,
    messagesId,
    messages,
    input(name) {
      const list = messages(name);
      return {
        id: id(name),
        name,
        value: String(valueAt(values, name) ?? ""),
        onChange: (e) => setAt(name, e.target.value),
        onBlur: () => blur(name),
        "aria-invalid": list.length > 0 || undefined,
        "aria-describedby": list.length > 0 ? messagesId(name) : undefined,
      };
    },
    checkbox(name) {
      return {
        id: id(name),
        name,
        checked: valueAt(values, name) === true,
        onChange: (e) => setAt(name, e.target.checked),
      };
    },
    check(form) {
      formElement.current = form;
      sentKeys.current = keys;
      setSubmitted(true);
      const r = schema.safeParse(input());
      if (r.success) return r.data as OutputOf<S>;
      focusNext.current = "invalid";
      return null;
    },
    showAnswer(state, sent, how) {
      const fields = state.status === "error" && state.fields ? renamed(state.fields, sent) : undefined;
      setAnswer({ state: fields ? { ...state, fields } : state, sent, sentKeys: sentKeys.current });
      if (state.status === "error" && how?.focus !== false) focusNext.current = "invalid";
    },
    alert: formAlert(view, codeMessages),
    reset(next = initial) {
      setValues(next);
      // New keys, never the first render's again: an item of the old list keeps none of its state.
      setKeys(paths.renewKeys(initialKeys(next).keys, fresh));
      setTouched({});
      setSubmitted(false);
    },
    list,
    focusAfterRender(target) {
      focusNext.current = { id: target };
    },
  };
}
