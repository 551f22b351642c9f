import { isErrorCode, type ErrorCode } from "@/lib/errors/codes";

// A problem document (RFC 9457) as our API wrapper writes it (lib/errors/problem.ts); every
// member is optional here because a proxy or the platform may answer with something else.
// Checked by hand rather than with zod: this file is in every page's first download.
type ProblemDocument = { code?: string; detail?: string; error?: string; fields?: Record<string, string[]> };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): value is string | undefined {
  return value === undefined || typeof value === "string";
}

function isFieldMessages(value: unknown): value is Record<string, string[]> {
  return (
    isRecord(value) && Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === "string"))
  );
}

function isProblemDocument(value: unknown): value is ProblemDocument {
  return (
    isRecord(value) &&
    isOptionalString(value.code) &&
    isOptionalString(value.detail) &&
    isOptionalString(value.error) &&
    (value.fields === undefined || isFieldMessages(value.fields))
  );
}

/** What the client shows of a failure: the stable code to decide by, the message in the
 * product's words, and the messages per field. The one parser of error bodies. `status` is for
 * logs and tests: a client decides by `code` (scripts/lint/error-contract.mjs holds it to that). */
export type ClientProblem = {
  status: number;
  code: ErrorCode | null;
  message: string | null;
  fields: Record<string, string[]>;
};

/**
 * A non-OK answer from our API. The message follows docs/decisions.md (The API's addresses): the status code,
 * a colon, a space, then the response body text (or the status text when the body is empty).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The raw response body, kept for the `status: body` message. */
  readonly bodyText: string;
  readonly problem: ClientProblem;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.bodyText = bodyText;
    this.problem = parseProblem(status, bodyText);
  }

  /** The server's human-readable message, if any. */
  get serverMessage(): string | null {
    return this.problem.message;
  }
}

function parseProblem(status: number, bodyText: string): ClientProblem {
  let parsed: ProblemDocument | null = null;
  try {
    const json: unknown = JSON.parse(bodyText);
    if (isProblemDocument(json)) parsed = json;
  } catch {
    // Not JSON: the plain text below is the message.
  }
  if (!parsed) return { status, code: null, message: bodyText.trim() || null, fields: {} };
  return {
    status,
    code: isErrorCode(parsed.code) ? parsed.code : null,
    message: parsed.detail ?? parsed.error ?? null,
    fields: parsed.fields ?? {},
  };
}

/** The problem behind any thrown value of an API call (null for anything that is not one, such
 * as a network failure, whose own message the caller shows). */
export function problemOf(err: unknown): ClientProblem | null {
  return err instanceof ApiRequestError ? err.problem : null;
}

type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type ApiFetchOptions<T> = {
  method?: ApiMethod;
  /** Sent as JSON. Leave undefined for no body (then no content type is sent either). */
  body?: unknown;
  /** Validates and types the parsed response (a zod schema, or a zod-free validator of the same
   * safeParse shape on public pages); without it the JSON is trusted as T. */
  schema?: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown } };
  signal?: AbortSignal;
};

/**
 * The one client-side fetch helper (docs/decisions.md (The API's addresses)): cookies always go along, JSON goes out
 * only when there is a body, JSON comes back parsed, and any non-OK status throws ApiRequestError.
 */
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T> {
  const { method = "GET", body, schema, signal } = options;
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });

  const text = await res.text();
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, text);

  // 204 and other empty answers carry no JSON; callers of such endpoints type T as void/undefined.
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch (cause) {
      throw new Error(`Invalid JSON in the response to ${method} ${path}`, { cause });
    }
  }
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  // A shape mismatch is a bug between client and server, not a user error: fail loudly.
  if (!parsed.success) throw new Error(`Unexpected response shape from ${method} ${path}`, { cause: parsed.error });
  return parsed.data;
}
