import { z } from "zod";

// What every form server action returns to its useActionState hook.
export type FormState = {
  status: "idle" | "ok" | "error";
  message?: string;
  fields?: Record<string, string[]>;
};

export const idleState: FormState = { status: "idle" };

/** Parses FormData with a zod schema (never `formData.get(...) as string`). */
export function parseForm<S extends z.ZodType>(schema: S, form: FormData): { ok: true; data: z.output<S> } | { ok: false; state: FormState } {
  const raw: Record<string, unknown> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") raw[k] = v;
  const r = schema.safeParse(raw);
  if (r.success) return { ok: true, data: r.data };
  const fields: Record<string, string[]> = {};
  for (const issue of r.error.issues) (fields[issue.path.join(".") || "_"] ??= []).push(issue.message);
  return { ok: false, state: { status: "error", message: "Please correct the highlighted fields.", fields } };
}
