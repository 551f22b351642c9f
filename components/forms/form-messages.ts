import { CORRECT_FIELDS, type FormState } from "@/lib/actions/form-state";
import type { ErrorCode } from "@/lib/errors/codes";
import { zodFieldErrors } from "@/lib/errors/problem";
import type { FieldValues, ListKeys } from "@/components/forms/field-lists";
import { FLAT_PATHS, type PathOps } from "@/components/forms/flat-paths";

// What a form says, decided from its current state alone (pure, so it is unit-tested without a
// browser). The rules, for every form of the product:
// - A field's client messages are the schema's for its CURRENT value, shown once the field was
//   touched or a submit was tried: re-computed on every keystroke, so never stale.
// - A server's field messages are shown only while the field still holds the value they answered.
// - Beside a server's field messages the form-level line is "Please correct the highlighted
//   fields." (none when the server's message is a field's own), gone once no field shows the
//   server's word any more. A message about no field stays until the next answer.
// - Each message once, in the order the rules gave them; the components put one a line.
// - In a list, a field's messages belong to its item: "touched" and a server's word follow the
//   item when it moves (by its key, field-lists.ts), and an item added since the answer has none.

export type { FieldValues } from "@/components/forms/field-lists";
export type Messages = Record<string, string[]>;

/** A server's answer and the values it answered (what "unchanged since" is measured against),
 * with the lists' item keys at that time. */
export type Answer<V extends FieldValues = FieldValues> = { state: FormState; sent: V; sentKeys?: ListKeys };

export type FormView<V extends FieldValues = FieldValues> = {
  /** The fields the form shows; messages for any other key (a hidden token, the whole form)
   * cannot sit under a field and go to the form-level message instead. */
  fields: readonly string[];
  values: V;
  /** The schema's messages for the current values (`schemaMessages`). */
  client: Messages;
  /** By path, with list items by key (`keyedPath`). */
  touched: Readonly<Record<string, boolean>>;
  submitted: boolean;
  answer: Answer<V> | null;
  /** The lists' item keys now (none for a form without lists). */
  keys?: ListKeys;
  /** How paths are read: plain fields unless given (field-lists.ts' LIST_PATHS for lists). */
  paths?: PathOps;
};

export type FormAlertView = { tone: "error" | "ok"; lines: string[] } | null;

/** What a form validates with: a zod schema (app pages), or anything else with zod's safeParse
 * shape (the public pages' zod-free rules of lib/validation/rules.ts, whose first download must
 * stay small). */
export type Validator<Out = unknown> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Out }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
};
/** The parsed values a validator gives. */
export type OutputOf<S> = S extends Validator<infer O> ? O : never;

const unique = (list: readonly string[]): string[] => [...new Set(list)];

/** The schema's messages for these values, by field, each message once. */
export function schemaMessages(schema: Validator, input: unknown): Messages {
  const r = schema.safeParse(input);
  if (r.success) return {};
  const out: Messages = {};
  for (const [field, list] of Object.entries(zodFieldErrors(r.error.issues))) out[field] = unique(list);
  return out;
}

/** The server's messages for a field, while the field still holds the value they answered. */
function serverMessages<V extends FieldValues>(view: FormView<V>, name: string): string[] {
  const a = view.answer;
  if (!a || a.state.status !== "error") return [];
  const p = view.paths ?? FLAT_PATHS;
  const then = p.pathWhenSent(name, view.keys ?? {}, a.sentKeys ?? {});
  if (then === null || !p.sameValue(p.valueAt(a.sent, then), p.valueAt(view.values, name))) return [];
  return a.state.fields?.[then] ?? [];
}

/** What one field (or list, or list item's field) shows now. */
export function fieldMessages<V extends FieldValues>(view: FormView<V>, name: string): string[] {
  const touched = view.touched[(view.paths ?? FLAT_PATHS).keyedPath(name, view.keys ?? {})];
  const own = view.submitted || touched ? (view.client[name] ?? []) : [];
  return unique([...own, ...serverMessages(view, name)]);
}

/** What the form as a whole says now (beside, never instead of, the field messages). */
export function formAlert<V extends FieldValues>(
  view: FormView<V>,
  codeMessages: Partial<Record<ErrorCode, string>> = {},
): FormAlertView {
  // A list's items and their fields are the list's.
  const isList = (key: string) => view.fields.includes(key) && Array.isArray(view.values[key]);
  const isField = (key: string) => view.fields.includes(key) || isList(key.split(".")[0] ?? key);
  const errors: string[] = [];
  // Rules about keys no field shows (a link's token, the form as a whole) would block the
  // submit without a word; so they are said here.
  if (view.submitted) for (const [key, list] of Object.entries(view.client)) if (!isField(key)) errors.push(...list);

  const state = view.answer?.state;
  if (state?.status === "error") {
    const fields = state.fields ?? {};
    for (const [key, list] of Object.entries(fields)) if (!isField(key)) errors.push(...list);
    const message = (state.code && codeMessages[state.code]) || state.message;
    const aboutFields = Object.keys(fields).filter(isField);
    const paths = (view.paths ?? FLAT_PATHS).leafPaths(view.values).filter(isField);
    const shown = new Set(paths.flatMap((f) => fieldMessages(view, f)));
    if (aboutFields.length === 0) {
      if (message) errors.push(message);
    } else if (paths.some((f) => serverMessages(view, f).length > 0) && !(message && shown.has(message))) {
      // Beside field messages the form says one thing in the product's words, whatever summary
      // the server gave ("Invalid request body"), and nothing when its message is a field's own.
      errors.push(CORRECT_FIELDS);
    }
  }
  if (errors.length > 0) return { tone: "error", lines: unique(errors) };
  if (state?.status === "ok" && state.message) return { tone: "ok", lines: [state.message] };
  return null;
}

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * A schema with rules of the form's own added, for what the server decides with its clock or
 * data rather than its schema ("Choose a time in the future"), or a control's own words for a
 * value the schema describes in the wire's terms (an empty date picker): the browser says it as
 * the user types, the server's answer still has the last word. A rule's message replaces the
 * schema's for the same path.
 */
export function withRules<Out>(schema: Validator<Out>, rules: (input: unknown) => Issue[]): Validator<Out> {
  return {
    safeParse(input) {
      const r = schema.safeParse(input);
      const extra = rules(input);
      if (extra.length === 0) return r;
      const paths = new Set(extra.map((i) => i.path.join(".")));
      const own = r.success ? [] : r.error.issues.filter((i) => !paths.has(i.path.join(".")));
      return { success: false, error: { issues: [...own, ...extra] } };
    },
  };
}

/**
 * For a form whose server refuses nothing it sends (a button with no fields; the lead form, whose
 * server drops an odd value rather than refusing it): every value passes, as it does there.
 */
export const ANY_VALUES: Validator<FieldValues> = {
  safeParse: (input) => ({ success: true, data: (input ?? {}) as FieldValues }),
};
