import "server-only";
import { invalidInput, unsupportedMedia } from "@/lib/errors/domain-error";

const CONTROL_TEXT_MESSAGE = "Text may not contain control characters";

// What no string of a request may hold, decided once for every /api route:
// - NUL: PostgreSQL refuses it in text and jsonb, so it would surface as a 500 from the database.
// - The other C0 control characters except tab, line feed and carriage return: no field of the
//   product means them, and they hide text in logs, CSV exports and e-mails. Tab and newlines stay
//   allowed so multi-line free-text answers and comments keep working. DEL and C1 controls are
//   stored harmlessly and are left alone.
// - A lone UTF-16 surrogate (JSON's "\ud800"): it has no UTF-8 encoding, so the driver or a later
//   encoder fails on it.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isCleanText(s: string): boolean {
  return !CONTROL.test(s) && !LONE_SURROGATE.test(s);
}

/** A field's path as a linked list, so a deep walk does not copy a growing array at every level
 * (quadratic for deeply nested bodies); it is spelled out only for the error. */
type Path = { key: string | number; parent: Path | null } | null;

function fieldName(path: Path): string {
  const keys: (string | number)[] = [];
  for (let p = path; p; p = p.parent) keys.push(p.key);
  return keys.reverse().join(".") || "_";
}

/**
 * Refuses with 400 any string (value or object key) in `value` that holds a control character or
 * a lone surrogate, naming the field the way schema errors do (`a.0.b`).
 * Iterative rather than recursive: a 64 KiB body can nest tens of thousands of levels deep, which
 * would overflow the stack of a recursive walk and answer 500.
 */
export function refuseControlText(value: unknown): void {
  const stack: { value: unknown; path: Path }[] = [{ value, path: null }];
  const fail = (path: Path): never => {
    throw invalidInput(CONTROL_TEXT_MESSAGE, { [fieldName(path)]: [CONTROL_TEXT_MESSAGE] }, "control_characters");
  };
  while (stack.length) {
    const { value: v, path } = stack.pop()!;
    if (typeof v === "string") {
      if (!isCleanText(v)) fail(path);
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ value: item, path: { key: i, parent: path } }));
    } else if (v && typeof v === "object") {
      for (const [k, item] of Object.entries(v)) {
        // The offending key is not echoed back: the containing object is named instead.
        if (!isCleanText(k)) fail(path);
        stack.push({ value: item, path: { key: k, parent: path } });
      }
    }
  }
}

/** Reads a stream to its end, counting bytes as they arrive and giving up (cancelling the stream)
 * with `tooLarge()` at the first byte over `maxBytes`, so nothing above the limit is buffered. */
async function readLimited(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads a JSON body with a hard size limit, counting bytes as they stream in, so a client
 * cannot make the server buffer more than the limit whatever Content-Length claims. The text must
 * be valid UTF-8 and hold no control characters or lone surrogates (see refuseControlText). */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  const tooLarge = () =>
    invalidInput(`Request body is too large (at most ${maxBytes} bytes)`, undefined, "payload_too_large");
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!req.body) throw invalidInput("A JSON request body is required");
  if (!/^application\/json\b/i.test(type)) throw unsupportedMedia("Content-Type must be application/json");

  const bytes = await readLimited(req.body, maxBytes, tooLarge);
  let text: string;
  try {
    // Fatal: invalid UTF-8 is refused rather than silently turned into U+FFFD and stored.
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw invalidInput("Request body is not valid UTF-8");
  }
  if (text.trim() === "") throw invalidInput("A JSON request body is required");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    throw invalidInput("Malformed JSON in request body");
  }
  refuseControlText(parsed);
  return parsed;
}

/** Reads a body as text, byte for byte as sent (a webhook's signature covers the exact bytes),
 * with the same streamed hard limit as readJsonBody: above it, 400 payload_too_large. */
export async function readRawBody(req: Request, maxBytes: number): Promise<string> {
  const tooLarge = () =>
    invalidInput(`Request body is too large (at most ${maxBytes} bytes)`, undefined, "payload_too_large");
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) throw tooLarge();
  if (!req.body) return "";
  return (await readLimited(req.body, maxBytes, tooLarge)).toString("utf8");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// A password is a secret the user chose: its case is kept even when it happens to look like a UUID.
const KEEPS_CASE = /password/i;

export const lowerUuid = (s: string): string => (UUID.test(s) ? s.toLowerCase() : s);

/**
 * Lower-cases, in place, every string of a parsed JSON body that is exactly a UUID (in any case),
 * so that the domain compares ids as PostgreSQL does (case-insensitively) and an upper-case id
 * cannot slip past a string comparison such as 'a person cannot report to themselves'. A free-text
 * answer that is exactly an upper-case UUID is lower-cased too, which loses nothing. Iterative for
 * the same reason as refuseControlText: deep nesting must not overflow the stack.
 */
export function lowerCaseUuids(value: unknown): unknown {
  if (typeof value === "string") return lowerUuid(value);
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (Array.isArray(v)) {
      v.forEach((item, i) => {
        if (typeof item === "string") v[i] = lowerUuid(item);
        else stack.push(item);
      });
    } else if (v && typeof v === "object") {
      const record = v as Record<string, unknown>;
      for (const [k, item] of Object.entries(record)) {
        if (typeof item === "string") {
          if (!KEEPS_CASE.test(k)) record[k] = lowerUuid(item);
        } else stack.push(item);
      }
    }
  }
  return value;
}
