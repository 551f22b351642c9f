import { ApiRequestError } from "@/lib/api/client";
import {
  NDJSON,
  importEventSchema,
  importResultSchema,
  type ImportProgress,
  type ImportRequestRow,
  type ImportResult,
} from "@/lib/people/bulk-import-schemas";

// The browser side of POST /api/users/bulk-import. apiFetch reads whole bodies, so this reads
// the application/x-ndjson answer line by line to report progress; failures still surface as
// ApiRequestError ('status: body'), including an error line sent mid-stream.

const PATH = "/api/users/bulk-import";

function parseLine(line: string) {
  const parsed = importEventSchema.safeParse(JSON.parse(line));
  // A shape mismatch is a bug between client and server, not a user error: fail loudly.
  if (!parsed.success) throw new Error(`Unexpected progress line from POST ${PATH}`, { cause: parsed.error });
  return parsed.data;
}

export async function postBulkImport(
  body: { users: ImportRequestRow[]; organizationId?: string; includeSampleRows?: boolean },
  onProgress: (p: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const res = await fetch(PATH, {
    method: "POST",
    credentials: "include",
    headers: { "Content-Type": "application/json", Accept: `${NDJSON}, application/json` },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) throw new ApiRequestError(res.status, res.statusText, await res.text());
  if (!res.body || !(res.headers.get("content-type") ?? "").includes(NDJSON)) {
    return importResultSchema.parse(await res.json());
  }

  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += value;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl).trim();
      buffer = buffer.slice(nl + 1);
      if (!line) continue;
      const event = parseLine(line);
      if (event.type === "progress") onProgress(event);
      else if (event.type === "error")
        throw new ApiRequestError(
          event.status,
          "",
          JSON.stringify({ code: event.code, error: event.message, detail: event.message }),
        );
      else {
        const { type: _type, ...result } = event;
        return result;
      }
    }
    if (done) break;
  }
  throw new Error(
    "The connection ended before the import finished. Reload the page to see whether the people were added.",
  );
}
