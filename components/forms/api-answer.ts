import { problemOf } from "@/lib/api/client";
import type { FormState } from "@/lib/actions/form-state";

/**
 * A failed API call as a form's answer, for forms that post to /api routes (dialogs, signup)
 * instead of a server action: the server's message, code and field messages when it sent a
 * problem document, the form's fallback otherwise (a network failure, a proxy's error page).
 */
export function failedAnswer(err: unknown, fallback: string): FormState {
  const problem = problemOf(err);
  if (!problem) return { status: "error", message: fallback };
  return {
    status: "error",
    message: problem.message ?? fallback,
    fields: problem.fields,
    ...(problem.code ? { code: problem.code } : {}),
  };
}
