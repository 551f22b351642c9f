"use client";

import { LIST_PATHS, type FieldValues } from "@/components/forms/field-lists";
import type { OutputOf, Validator } from "@/components/forms/form-messages";
import { useFields, type FieldsOptions, type FormFields } from "@/components/forms/use-form-fields";

/**
 * useFormFields for a form with list fields (react-hook-form's useFieldArray): `form.list(name)`
 * gives the items with stable keys and append/remove/move/replace; `form.input("questions.2.text")`
 * and `form.messages(...)` address an item's field by path. Its own hook so that the list code
 * stays out of the pages whose forms have none.
 */
export function useListFields<S extends Validator, V extends FieldValues>(
  schema: S,
  initial: V,
  options: FieldsOptions<V> = {},
): FormFields<V, OutputOf<S>> {
  return useFields(schema, initial, options, LIST_PATHS);
}
