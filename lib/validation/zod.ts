import { z } from "zod";
import type { Rule, Validator } from "@/lib/validation/rules";

// The zod-free rules of lib/validation/rules.ts as zod schemas, for what takes zod (formAction,
// apiRoute, job payloads): the server parses with the same functions the browser validates
// with, and each broken rule is a zod issue with the rule's own message and the field's path.

/** A whole form's validator as a zod schema. */
export function zodSchema<Out>(validator: Validator<Out>) {
  return z.unknown().transform((input, ctx): Out => {
    const r = validator.safeParse(input);
    if (r.success) return r.data;
    for (const issue of r.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [...issue.path] });
    return z.NEVER;
  });
}

/** One field's rule as a zod schema (a field inside a zod object). */
export function zodRule<T>(rule: Rule<T>) {
  return z.unknown().transform((input, ctx): T => {
    const r = rule(input);
    if (r.ok) return r.value;
    for (const message of r.messages) ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  });
}
