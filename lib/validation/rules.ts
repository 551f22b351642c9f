// Form rules as plain functions, without zod. The public pages (sign-in, password links, the
// company finder, signup) validate with them as the visitor types, and their first download must
// stay within the public budget: even zod/mini brings zod's core (~18 KiB gz). The server parses
// with the very same rules (lib/validation/zod.ts turns them into zod schemas for formAction and
// apiRoute), so each rule and its message is written once. Every rule carries its own message:
// a form shows them as they are, so none may be a library's default.

/** A broken rule: the field it is about (empty for the whole input) and the product's words. */
type Issue = { path: readonly PropertyKey[]; message: string };

/** zod's safeParse shape, which the forms (components/forms) and lib/validation/zod.ts take. */
export type Validator<Out> = {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: Issue[] } };
};

/** One field's verdict: its parsed value (trimmed, lower-cased...) or the messages of every rule
 * it breaks, in the order zod's checks used to give them. */
type Checked<T> = { ok: true; value: T } | { ok: false; messages: string[] };

/** One field's rules. */
export type Rule<T> = (input: unknown) => Checked<T>;

const valid = <T>(value: T): Checked<T> => ({ ok: true, value });
const broken = <T>(messages: string[]): Checked<T> => ({ ok: false, messages });

/** The messages of the checks that fail, in order; the parsed value when none does. */
function verdict<T>(value: T, checks: readonly (readonly [boolean, string])[]): Checked<T> {
  const messages = checks.filter(([fails]) => fails).map(([, message]) => message);
  return messages.length > 0 ? broken(messages) : valid(value);
}

export type TextOptions = {
  /** Said for anything but a string (a field missing from a hand-made request included). */
  message: string;
  trim?: boolean;
  lowerCase?: boolean;
  min?: { length: number; message: string };
  max: { length: number; message: string };
  /** Checked after the lengths; each one's message when the value does not match. */
  patterns?: readonly { test: (value: string) => boolean; message: string }[];
};

/** A text field: a string, trimmed and lower-cased first when asked, then every check on the
 * result (lengths count UTF-16 units, as `String.length` and zod do). */
export function text(o: TextOptions): Rule<string> {
  return (input) => {
    if (typeof input !== "string") return broken([o.message]);
    let value = o.trim ? input.trim() : input;
    if (o.lowerCase) value = value.toLowerCase();
    return verdict(value, [
      [o.min !== undefined && value.length < o.min.length, o.min?.message ?? ""],
      [value.length > o.max.length, o.max.message],
      ...(o.patterns ?? []).map((p) => [!p.test(value), p.message] as const),
    ]);
  };
}

/**
 * zod's e-mail pattern (z.email()'s default, `regexes.email` of zod/v4/core), copied: importing it
 * from zod would bring zod's runtime along. tests/unit/validation-rules.test.ts checks that the
 * copy is still zod's and that both agree on a corpus of addresses.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** An e-mail address, trimmed and lower-cased: one message for whatever is wrong with it (an
 * address over 254 characters is not looked at any further). */
export function email(message: string): Rule<string> {
  const base = text({ message, trim: true, lowerCase: true, max: { length: 254, message } });
  return (input) => {
    const r = base(input);
    return r.ok && !EMAIL_PATTERN.test(r.value) ? broken([message]) : r;
  };
}

/** One of a list of values. */
export function oneOf<const T extends string>(values: readonly T[], message: string): Rule<T> {
  return (input) => (values.includes(input as T) ? valid(input as T) : broken([message]));
}

/** A true/false field that may be left out. */
export function optionalBoolean(message: string): Rule<boolean | undefined> {
  return (input) => (input === undefined || typeof input === "boolean" ? valid(input) : broken([message]));
}

/** A field that may be left out; when given, `rule` decides. */
export function optional<T>(rule: Rule<T>): Rule<T | undefined> {
  return (input) => (input === undefined ? valid(undefined) : rule(input));
}

/** A rule about several fields, checked on the values as given (before each field's own rules). */
export type CrossCheck = (values: Readonly<Record<string, unknown>>) => Issue | null;

type Fields<Out> = { [K in keyof Out]-?: Rule<Out[K]> };

/**
 * The validator of a whole form: each field's rules in order, then the cross-field checks, every
 * broken rule reported at once (so a form shows every problem, not one per submit). The parsed
 * values hold only the form's own fields; a field left out of the input and allowed to be stays
 * left out. Anything but an object is read as an object without fields, so each field says what
 * it needs instead of a library's "expected object".
 */
export function form<Out>(fields: Fields<Out>, crossChecks: readonly CrossCheck[] = []): Validator<Out> {
  return {
    safeParse(input) {
      const values: Readonly<Record<string, unknown>> =
        typeof input === "object" && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
      const issues: Issue[] = [];
      const data: Record<string, unknown> = {};
      for (const key of Object.keys(fields) as (keyof Out & string)[]) {
        const r = fields[key](values[key]);
        if (!r.ok) issues.push(...r.messages.map((message) => ({ path: [key], message })));
        else if (r.value !== undefined || key in values) data[key] = r.value;
      }
      for (const check of crossChecks) {
        const issue = check(values);
        if (issue) issues.push(issue);
      }
      return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: data as Out };
    },
  };
}
