import type { ErrorCode } from "@/lib/errors/codes";

/**
 * What went wrong, in the domain's terms: the kind says how the caller is at fault (or not), the
 * code says exactly what, the message says it in the product's words. Domain functions throw
 * these and know nothing of HTTP; lib/errors/problem.ts maps them, once, for routes and actions.
 */
export type ErrorKind =
  | "invalid" // the input is wrong: fix it and try again
  | "unauthenticated" // nobody (valid) is signed in
  | "forbidden" // signed in, but this role may not do it
  | "not_found" // missing, or another organisation's (the two answer alike)
  | "conflict" // the input is fine but the state does not allow it now
  | "unsupported_media"
  | "rate_limited"
  | "unavailable"; // a service we depend on (Stripe) failed: nothing changed, try again later

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** For rate_limited: seconds until a retry can succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalidInput = (message: string, fields?: FieldErrors, code: ErrorCode = "invalid_input") =>
  new DomainError("invalid", code, message, fields);
export const unauthenticated = (message = "Authentication required", code: ErrorCode = "unauthenticated") =>
  new DomainError("unauthenticated", code, message);
// Signed in, but not allowed: the code says which rule refused, so a client can tell "this role
// may not" from "only the meeting's manager may" without reading the message.
export const forbidden = (code: ErrorCode, message: string) => new DomainError("forbidden", code, message);
// Missing and foreign ids answer alike, so ids of other organisations cannot be probed.
export const notFound = (what = "Resource", code: ErrorCode = "not_found") =>
  new DomainError("not_found", code, `${what} not found`);
export const notFoundWith = (code: ErrorCode, message: string) => new DomainError("not_found", code, message);
export const conflict = (code: ErrorCode, message: string, fields?: FieldErrors) =>
  new DomainError("conflict", code, message, fields);
export const unsupportedMedia = (message: string) =>
  new DomainError("unsupported_media", "unsupported_media_type", message);
export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError(
    "rate_limited",
    "rate_limited",
    "Too many requests. Please wait a moment and try again.",
    undefined,
    retryAfterSeconds,
  );

export const unavailable = (code: ErrorCode, message: string) => new DomainError("unavailable", code, message);

export const isDomainError = (err: unknown, code?: ErrorCode): err is DomainError =>
  err instanceof DomainError && (code === undefined || err.code === code);

/** The work's result, or null where it failed as not found: for a page that shows its own 'not
 * found' for an id that is missing or another organisation's (the same answer, so ids cannot be
 * probed). Every other error is thrown on. */
export async function nullWhenNotFound<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (isDomainError(err) && err.kind === "not_found") return null;
    throw err;
  }
}
