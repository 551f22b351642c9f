import { DomainError } from "@/lib/errors/domain-error";
import { toProblem } from "@/lib/errors/problem";

/** The HTTP status a refusal maps to (through the one mapper the routes use). */
export const statusOf = (err: DomainError): number => toProblem(err, "test").problem.status;

/** The HTTP status a domain call would answer with: `ok` when it succeeds, the DomainError's
 * status when it refuses; anything else is a real failure and is rethrown. */
export async function status(p: Promise<unknown>, ok = 200): Promise<number> {
  try {
    await p;
    return ok;
  } catch (err) {
    if (err instanceof DomainError) return statusOf(err);
    throw err;
  }
}
