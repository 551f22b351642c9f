"use client";

import { useState, useTransition, type FormEvent } from "react";
import { unstable_rethrow } from "next/navigation";
import { idleState, type FormAction, type FormState } from "@/lib/actions/form-state";
import type { OutputOf, Validator } from "@/components/forms/form-messages";
import {
  useFormFields,
  type FieldsOptions,
  type FieldValues,
  type FormFields,
} from "@/components/forms/use-form-fields";

const UNREACHABLE = "We could not reach the server. Please check your connection and try again.";

/** Whether a thrown value is Next's redirect (or another navigation), which the router is
 * already carrying out when the action's promise rejects with it. unstable_rethrow is the public
 * way to tell one apart. */
function isNavigation(err: unknown): boolean {
  try {
    unstable_rethrow(err);
    return false;
  } catch {
    return true;
  }
}

/** The values as the FormData a server action reads (a ticked box as "on", like a browser). */
function toFormData(values: FieldValues): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === "string") data.set(key, value);
    else if (value === true) data.set(key, "on");
  }
  return data;
}

export type ActionForm<V extends FieldValues, Out> = FormFields<V, Out> & {
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** Waiting for the server, or on the way to where it redirected. */
  pending: boolean;
  /** The action redirected and the browser is leaving the page. */
  navigating: boolean;
};

/**
 * A form posting to a server action made with formAction (lib/actions/action.ts): validates with
 * the action's own schema first, submits through onSubmit (React resets a `<form action>` after
 * its action; this keeps what was typed), and shows the answer through useFormFields' rules.
 */
export function useActionForm<S extends Validator, V extends FieldValues>(
  action: FormAction,
  schema: S,
  options: FieldsOptions<V> & { initial: V; onSuccess?: (state: FormState) => void },
): ActionForm<V, OutputOf<S>> {
  const form = useFormFields(schema, options.initial, options);
  const [pending, startTransition] = useTransition();
  const [navigating, setNavigating] = useState(false);

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (pending || navigating || form.check(e.currentTarget) === null) return;
    const sent = form.values;
    const data = toFormData({ ...options.hidden, ...sent });
    startTransition(async () => {
      let state: FormState;
      try {
        state = await action(idleState, data);
      } catch (err) {
        if (isNavigation(err)) {
          setNavigating(true);
          return;
        }
        state = { status: "error", message: UNREACHABLE };
      }
      // Updates after an await belong to the transition only when wrapped again.
      startTransition(() => {
        form.showAnswer(state, sent);
        if (state.status === "ok") options.onSuccess?.(state);
      });
    });
  }

  return { ...form, onSubmit, pending: pending || navigating, navigating };
}
