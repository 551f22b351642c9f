import { ApiRequestError } from "@/lib/api/client";

/** Field messages from our API's 400 answers ({ error, fields }), keyed by field name. */
export function fieldErrorsOf(err: unknown): Record<string, string[]> {
  if (!(err instanceof ApiRequestError)) return {};
  try {
    const body: unknown = JSON.parse(err.bodyText);
    if (body && typeof body === "object" && "fields" in body && body.fields && typeof body.fields === "object") {
      return body.fields as Record<string, string[]>;
    }
  } catch {
    // Not JSON: no field messages.
  }
  return {};
}

export function serverMessageOf(err: unknown): string | null {
  return err instanceof ApiRequestError ? err.serverMessage : null;
}
