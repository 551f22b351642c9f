import { problemOf } from "@/lib/api/client";

/** The toast text for a failed analysis, decided by the answer's code (never its status or text):
 * the owner rule when the role may not analyse, sign-in when nobody is signed in, the failure's own
 * message otherwise. */
export function analysisErrorText(err: unknown): string {
  const problem = problemOf(err);
  if (problem?.code === "forbidden") return "Only the content owner can use AI analysis.";
  if (problem?.code === "unauthenticated") return "Please sign in to use AI analysis.";
  const message = problem?.message ?? (err instanceof Error ? err.message : String(err));
  return `Failed to analyze content: ${message}`;
}
