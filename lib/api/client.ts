import type { z } from "zod";

/**
 * A non-OK answer from our API. The message follows the spec's error catalogue: the status code,
 * a colon, a space, then the response body text (or the status text when the body is empty).
 */
export class ApiRequestError extends Error {
  readonly status: number;
  /** The raw response body, kept so callers can show a server-provided message. */
  readonly bodyText: string;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = "ApiRequestError";
    this.status = status;
    this.bodyText = bodyText;
  }

  /** The server's human-readable message (`{ "error": "..." }` from our API wrapper), if any. */
  get serverMessage(): string | null {
    try {
      const parsed: unknown = JSON.parse(this.bodyText);
      if (parsed && typeof parsed === "object" && "error" in parsed && typeof parsed.error === "string") return parsed.error;
    } catch {
      // Not JSON: fall through to the plain text below.
    }
    return this.bodyText.trim() || null;
  }
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type BaseOptions<T> = {
  method?: ApiMethod;
  /** Sent as JSON. Leave undefined for no body (then no content type is sent either). */
  body?: unknown;
  /** Validates and types the parsed response; without it the JSON is trusted as T. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

export type ApiFetchOptions<T> = BaseOptions<T> & {
  /** 'null' resolves to null on 401 instead of throwing (for "is anyone signed in?" checks). */
  on401?: "null" | "throw";
};

/**
 * The one client-side fetch helper (spec sections 7 and 8): cookies always go along, JSON goes out
 * only when there is a body, JSON comes back parsed, and any non-OK status throws ApiRequestError.
 */
export async function apiFetch<T>(path: string, options: BaseOptions<T> & { on401: "null" }): Promise<T | null>;
export async function apiFetch<T>(path: string, options?: BaseOptions<T> & { on401?: "throw" }): Promise<T>;
export async function apiFetch<T>(path: string, options: ApiFetchOptions<T> = {}): Promise<T | null> {
  const { method = "GET", body, schema, signal, on401 = "throw" } = options;
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: hasBody ? { "Content-Type": "application/json" } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });

  if (res.status === 401 && on401 === "null") return null;
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
