import type { ErrorCode } from "@/lib/errors/codes";
import { DomainError, type ErrorKind, type FieldErrors } from "@/lib/errors/domain-error";

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

/** The problem for a thrown value: a DomainError as itself, anything else as an opaque 500 (the
 * caller logs it with the request id; its message is never shown). */
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
