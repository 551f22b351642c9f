import { problemOf } from "@/lib/api/client";

/** The toast text for a failed analysis (spec section 8): the owner rule for a 403 or an
 * 'Access denied' answer, sign-in for a 401, the failure's own message otherwise. */
export function analysisErrorText(err: unknown): string {
  const problem = problemOf(err);
  const message = problem?.message ?? (err instanceof Error ? err.message : String(err));
  if (problem?.status === 403 || /access denied/i.test(message)) return "Only the content owner can use AI analysis.";
  if (problem?.status === 401) return "Please sign in to use AI analysis.";
  return `Failed to analyze content: ${message}`;
}
