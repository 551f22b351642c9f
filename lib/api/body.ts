import "server-only";
import { HttpError, badRequest } from "@/lib/api/errors";

/** Reads a JSON body with a hard size limit, counting bytes as they stream in, so a client
 * cannot make the server buffer more than the limit whatever Content-Length claims. */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const type = req.headers.get("content-type") ?? "";
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw badRequest(`Request body is too large (at most ${maxBytes} bytes)`);
  if (!req.body) throw badRequest("A JSON request body is required");
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, "Content-Type must be application/json");

  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw badRequest(`Request body is too large (at most ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") throw badRequest("A JSON request body is required");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest("Malformed JSON in request body");
  }
}
