import { HttpError } from "@/lib/api/errors";

/** The HTTP status a domain call would answer with: `ok` when it succeeds, the HttpError's status
 * when it refuses; anything else is a real failure and is rethrown. */
export async function status(p: Promise<unknown>, ok = 200): Promise<number> {
  try {
    await p;
    return ok;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}
