import type { ErrorCode } from "@/lib/errors/codes";
import { DomainError, type ErrorKind, type FieldErrors } from "@/lib/errors/domain-error";
import { databaseFault, logDatabaseFault } from "@/lib/db/errors";

/**
 * The one mapping from errors to what a caller sees, used by the API wrapper (as an RFC 9457
 * problem document) and by the action wrapper (as a failed action result). `error` repeats
 * `detail` under the name the first client reads ("status: body": docs/decisions.md (The API's addresses)).
 */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  error: string;
  fields?: FieldErrors;
  requestId?: string;
};

const STATUS: Record<ErrorKind, { status: number; title: string }> = {
  invalid: { status: 400, title: "Bad Request" },
  unauthenticated: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  not_found: { status: 404, title: "Not Found" },
  conflict: { status: 409, title: "Conflict" },
  unsupported_media: { status: 415, title: "Unsupported Media Type" },
  rate_limited: { status: 429, title: "Too Many Requests" },
  unavailable: { status: 503, title: "Service Unavailable" },
};

const UNEXPECTED_MESSAGE = "Something went wrong. Please try again.";
// The connection may have died after a write was committed, so this cannot promise that nothing
// was changed: it asks the user to look before doing it again.
const DATABASE_UNAVAILABLE_MESSAGE =
  "We couldn't reach the database. If you were saving something, check whether it was saved before trying again.";
/** How long a client is asked to wait while the database is unreachable: about what a restart of
 * PostgreSQL (or a failover behind the pooler) takes, short enough that nobody waits long after. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

function problem(
  status: number,
  title: string,
  code: ErrorCode,
  detail: string,
  fields?: FieldErrors,
  requestId?: string,
): Problem {
  return {
    type: `urn:pulsewell:problem:${code}`,
    title,
    status,
    detail,
    code,
    error: detail,
    ...(fields ? { fields } : {}),
    ...(requestId ? { requestId } : {}),
  };
}

/** The problem for a thrown value: a DomainError as itself, a database that cannot be reached as a
 * 503 with Retry-After (an outage, not a fault of this request: the same request succeeds once the
 * database is back; logged at most once a minute per cause, so a lasting outage or a leaked pool
 * shows in the logs), anything else as an opaque 500 (the caller logs it with the request id; its
 * message is never shown). */
export function toProblem(
  err: unknown,
  requestId: string,
): { problem: Problem; headers: Record<string, string>; expected: boolean } {
  if (err instanceof DomainError) {
    const { status, title } = STATUS[err.kind];
    const headers: Record<string, string> = err.retryAfterSeconds
      ? { "Retry-After": String(Math.max(1, Math.ceil(err.retryAfterSeconds))) }
      : {};
    return { problem: problem(status, title, err.code, err.message, err.fields), headers, expected: true };
  }
  const fault = databaseFault(err);
  if (fault?.kind === "outage") {
    logDatabaseFault(fault, "request", err);
    return {
      problem: problem(503, STATUS.unavailable.title, "database_unavailable", DATABASE_UNAVAILABLE_MESSAGE),
      headers: { "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS) },
      expected: true,
    };
  }
  return {
    problem: problem(500, "Internal Server Error", "internal", UNEXPECTED_MESSAGE, undefined, requestId),
    headers: {},
    expected: false,
  };
}

/** Field messages from a zod error, one list per dotted path ("_" for the whole input). */
export function zodFieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "_";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
