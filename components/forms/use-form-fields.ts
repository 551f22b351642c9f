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
  type OutputOf,
  type Validator,
  type FieldValues,
  type FormAlertView,
  type FormView,
} from "@/components/forms/form-messages";

export type { FieldValues } from "@/components/forms/form-messages";

/** The names of V's text fields and of its checkboxes. */
export type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;
export type CheckKey<V> = { [K in keyof V]: V[K] extends boolean ? K : never }[keyof V] & string;

export type FieldsOptions = {
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

export type FormFields<V extends FieldValues, Out = unknown> = {
  values: V;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Several fields at once (one field driving another, as the company name the subdomain). */
  update: (fn: (values: V) => V) => void;
  id: (name: string) => string;
  messagesId: (name: string) => string;
  /** What the field shows now (form-messages.ts decides). */
  messages: (name: keyof V & string) => string[];
  input: (name: TextKey<V>) => InputProps;
  checkbox: (name: CheckKey<V>) => {
    id: string;
    name: string;
    checked: boolean;
    onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  };
  /** For a submit of this <form>: the parsed values, or null once every message shows and the
   * first field in trouble has focus. */
  check: (form: HTMLFormElement) => Out | null;
  /** The server's answer to the values that were sent. */
  showAnswer: (state: FormState, sent: V) => void;
  alert: FormAlertView;
  /** Back to these values (the initial ones by default) with nothing touched. */
  reset: (values?: V) => void;
};

/**
 * The state of one form: its values (controlled, so nothing typed is lost after a failed submit),
 * which fields were touched, whether a submit was tried, and the server's last answer. Messages are
 * derived on every render from the zod schema the server uses, never stored, so they always
 * describe the current values.
 */
export function useFormFields<S extends Validator, V extends FieldValues>(
  schema: S,
  initial: V,
  options: FieldsOptions = {},
): FormFields<V, OutputOf<S>> {
  const { hidden, idPrefix = "", live = [], quietUntilEdited = [], codeMessages } = options;
  const [values, setValues] = useState<V>(initial);
  const [fields] = useState(() => Object.keys(initial));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [answer, setAnswer] = useState<Answer<V> | null>(null);
  // The form last submitted (taken from the submit, not a ref prop, so that components can read
  // this hook's result during render).
  const formElement = useRef<HTMLFormElement | null>(null);
  // Set by a failed check or a server error; the effect below acts on it once the messages are
  // in the DOM, so the field's description is there when focus lands.
  const focusInvalid = useRef(false);

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

  // What was typed into the server's HTML before hydration is in the fields but not in this state
  // (React keeps a field's value as it hydrates, and no change event was seen): take it, once,
  // before a held submit is replayed (components/forms/early-submits.ts). Forms mounted later
  // show this state's values, so there is nothing to take.
  useLayoutEffect(() => {
    if (pageHydrated()) return;
    const typed: Partial<FieldValues> = {};
    for (const name of fields) {
      const el = document.getElementById(`${idPrefix}${name}`);
      if (
        !(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) ||
        el.name !== name
      )
        continue;
      const was = initial[name];
      if (el instanceof HTMLInputElement && el.type === "checkbox") {
        if (typeof was === "boolean" && el.checked !== was) typed[name] = el.checked;
      } else if (typeof was === "string" && el.value !== was) typed[name] = el.value;
    }
    // The DOM is the outside source here, read once: the one re-render is the point.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }) as V);
    // Once, at hydration: the initial values and fields of the first render are the ones compared.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  });

  const view: FormView<V> = {
    fields,
    values,
    client: schemaMessages(schema, { ...hidden, ...values }),
    touched,
    submitted,
    answer,
  };
  const touch = (name: string) => setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
  // Leaving a field by pressing a button or link below it: the field's messages wait until the
  // press is over. Shown at once, they would push that button down between the press and the
  // release, and the click (a submit, a Cancel, 'Forgot password?') would be lost.
  const blur = (name: string) => {
    if (quietUntilEdited.includes(name) && values[name] === initial[name]) return;
    if (!pressing.current) return touch(name);
    document.addEventListener("pointerup", () => setTimeout(() => touch(name), 0), { once: true, capture: true });
  };
  const id = (name: string) => `${idPrefix}${name}`;
  const messagesId = (name: string) => `${id(name)}-messages`;
  const messages = (name: keyof V & string) => fieldMessages(view, name);

  function set<K extends keyof V & string>(name: K, value: V[K]) {
    setValues((v) => ({ ...v, [name]: value }));
    if (live.includes(name)) touch(name);
  }

  return {
    values,
    set,
    update: setValues,
    id,
    messagesId,
    messages,
    input(name) {
      const list = messages(name);
      return {
        id: id(name),
        name,
        value: String(values[name]),
        // A text key's value is a string, so the cast only restates TextKey for the compiler.
        onChange: (e) => set(name, e.target.value as V[typeof name]),
        onBlur: () => blur(name),
        "aria-invalid": list.length > 0 || undefined,
        "aria-describedby": list.length > 0 ? messagesId(name) : undefined,
      };
    },
    checkbox(name) {
      return {
        id: id(name),
        name,
        checked: values[name] === true,
        onChange: (e) => set(name, e.target.checked as V[typeof name]),
      };
    },
    check(form) {
      formElement.current = form;
      setSubmitted(true);
      const r = schema.safeParse({ ...hidden, ...values });
      if (r.success) return r.data as OutputOf<S>;
      focusInvalid.current = true;
      return null;
    },
    showAnswer(state, sent) {
      setAnswer({ state, sent });
      if (state.status === "error") focusInvalid.current = true;
    },
    alert: formAlert(view, codeMessages),
    reset(next = initial) {
      setValues(next);
      setTouched({});
      setSubmitted(false);
    },
  };
}
