import { problemOf } from "@/lib/api/client";
import type { FormState } from "@/lib/actions/form-state";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";

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

/** For a fixed failure text (a toast, an autosave's status line): the read-only workspace's
 * message when the read-only rule refused the call, which trying again cannot fix; else `fallback`. */
export function unlessReadOnly(err: unknown, fallback: string): string {
  return problemOf(err)?.code === "workspace_read_only" ? READ_ONLY_MESSAGE : fallback;
}
