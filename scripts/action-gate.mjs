// The server-action requests Next cannot decode, refused before Next sees them. Next's action
// handler (next/dist/server/app-render/action-handler.js) answers every error it meets with a 500:
// a foreign or unparsable Origin, a body over the size limit, multipart it cannot parse, a Flight
// reply React's client never writes (dangling references, arguments that are not a list). The
// body is read here once, checked, and handed to Next from memory (a copy of the request whose
// stream replays it).
import { IncomingMessage } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const Busboy = require("next/dist/compiled/busboy");

/** next.config.mjs's experimental.serverActions.bodySizeLimit ("1mb", read by Next as 1 MiB). */
const ACTION_BODY_LIMIT = 1024 * 1024;
// Next refuses more arguments than this with an Error (a 500).
const ARGS_LIMIT = 1000;

/** How Next's getServerActionRequestMetadata classifies the request, for paths that Next may serve
 * with a page (every path but /api/..., where only route handlers answer, and app/api/[...rest]
 * answers what no other route does); null when Next will not treat it as an action. */
export function actionRequest(req) {
  if (req.method !== "POST") return null;
  let pathname;
  try {
    pathname = new URL(req.url ?? "/", "http://x").pathname;
  } catch {
    return null;
  }
  if (pathname.startsWith("/api/")) return null;
  const contentType = req.headers["content-type"];
  const fetch = typeof req.headers["next-action"] === "string";
  const multipart = typeof contentType === "string" && contentType.startsWith("multipart/form-data");
  const urlEncoded = contentType === "application/x-www-form-urlencoded";
  if (!fetch && !multipart && !urlEncoded) return null;
  return { fetch, multipart, urlEncoded, contentType: contentType ?? "" };
}

/** The host Next compares the Origin with: X-Forwarded-Host's first value, else Host. */
function nextHost(req) {
  const xfh = req.headers["x-forwarded-host"];
  const first = (Array.isArray(xfh) ? xfh[0] : xfh?.split(",")[0])?.trim();
  return first || req.headers.host || "";
}

/**
 * Next's CSRF check, done first: an Origin whose host is not the Host is refused with 403 (Next
 * throws: a 500, or TypeError for an unparsable Origin). Hosts are case-insensitive, but Next
 * compares them as strings; a Host that differs from the Origin only in case is the same site,
 * so its Host is lower-cased (as the URL parser lower-cases the Origin's) rather than refused.
 */
export function checkActionOrigin(req) {
  const origin = req.headers.origin;
  if (origin === undefined) return null; // Next lets a request without Origin through
  let originHost;
  try {
    originHost = origin === "null" ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  const host = nextHost(req);
  if (originHost === null || originHost !== host.toLowerCase())
    return { status: 403, message: "Cross-site request refused" };
  if (originHost !== host) {
    if (req.headers.host) req.headers.host = req.headers.host.toLowerCase();
    if (req.headers["x-forwarded-host"]) req.headers["x-forwarded-host"] = originHost;
  }
  return null;
}

/** Reads the body up to the limit: the bytes, or "too large" as soon as it passes it. */
export function readBody(req, limit = ACTION_BODY_LIMIT) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk) => {
      if (over) return;
      size += chunk.length;
      if (size > limit) {
        over = true;
        chunks.length = 0;
        resolve("too large");
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => {
      if (!over) resolve(Buffer.concat(chunks));
    });
    req.on("error", reject);
  });
}

/** The fields of a multipart body as busboy (what Next uses for fetch actions) reads them: name ->
 * first value (a file as null); null when busboy refuses the body. */
function busboyFields(body, contentType) {
  return new Promise((resolve) => {
    let bb;
    try {
      bb = Busboy({
        defParamCharset: "utf8",
        headers: { "content-type": contentType },
        limits: { fieldSize: ACTION_BODY_LIMIT },
      });
    } catch {
      resolve(null);
      return;
    }
    const fields = new Map();
    let pending = 0;
    let finished = false;
    const done = () => {
      if (finished && pending === 0) resolve(fields);
    };
    // A part with no name, or name="" (busboy keeps a name only when it is non-empty), reaches
    // React's decodeReplyFromBusboy with the name undefined: its resolveField calls
    // key.startsWith(prefix) on it and throws a TypeError (a 500). React's client never writes
    // such a part (a FormData's entries go out as "_<ref>_<name>"), so the body is refused.
    bb.on("field", (name, value) => {
      if (typeof name !== "string") return resolve(null);
      if (!fields.has(name)) fields.set(name, value);
    });
    bb.on("file", (name, stream) => {
      if (typeof name !== "string") {
        stream.resume();
        return resolve(null);
      }
      if (!fields.has(name)) fields.set(name, null);
      pending++;
      stream.on("end", () => {
        pending--;
        done();
      });
      stream.on("error", () => resolve(null));
      stream.resume();
    });
    bb.on("error", () => resolve(null));
    bb.on("close", () => {
      finished = true;
      done();
    });
    bb.end(body);
  });
}

/** The fields of a multipart body as the fetch standard's parser (what Next uses for a form posted
 * without JavaScript) reads them; null when it refuses the body. */
async function standardFields(body, contentType) {
  try {
    const form = await new Request("http://x", {
      method: "POST",
      headers: { "content-type": contentType },
      body,
    }).formData();
    const fields = new Map();
    for (const [name, value] of form) if (!fields.has(name)) fields.set(name, typeof value === "string" ? value : null);
    return fields;
  } catch {
    return null;
  }
}

const INLINE = new Set(["$undefined", "$NaN", "$Infinity", "$-Infinity", "$-0"]);

/**
 * Whether a Flight reply (React's encodeReply) decodes: the chunk `id` (under `prefix`) is JSON,
 * and every reference in it is one React's client writes for the values our actions take (plain
 * JSON, dates, big integers, FormData) and resolves. Maps, sets, promises, streams, server and
 * temporary references are never arguments of ours, and are refused with the rest.
 */
function replyDecodes(fields, prefix, id, seen = new Set()) {
  if (seen.has(id)) return true;
  seen.add(id);
  const text = fields.get(`${prefix}${id}`);
  if (typeof text !== "string") return false;
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    return false;
  }
  const refOk = (s) => {
    if (s.startsWith("$$") || INLINE.has(s)) return true;
    if (s.startsWith("$D")) return true;
    if (s.startsWith("$n")) return /^-?\d+$/.test(s.slice(2));
    if (s.startsWith("$K")) return /^[0-9a-f]+$/.test(s.slice(2));
    // A model reference, "$<id>" or "$<id>:<key>:<key>" (an object written once, then referred to).
    const m = /^\$([0-9a-f]+)((?::[^:]*)*)$/.exec(s);
    if (!m) return false;
    const target = parseInt(m[1], 16);
    if (m[2]) return false; // a path into another chunk: not something our clients send
    return replyDecodes(fields, prefix, target, seen);
  };
  const walk = (v, depth) => {
    if (depth > 200) return false;
    if (typeof v === "string") return !v.startsWith("$") || refOk(v);
    if (Array.isArray(v)) return v.every((x) => walk(x, depth + 1));
    if (v && typeof v === "object") return Object.values(v).every((x) => walk(x, depth + 1));
    return true;
  };
  return walk(value, 0) && (id !== 0 || (Array.isArray(value) && value.length <= ARGS_LIMIT));
}

/** Why Next could not decode this action's body (a 400), or null. */
export async function actionBodyRefusal(kind, body) {
  if (kind.multipart) {
    const fields = kind.fetch
      ? await busboyFields(body, kind.contentType)
      : await standardFields(body, kind.contentType);
    if (!fields) return "The form data is malformed";
    if (kind.fetch) return replyDecodes(fields, "", 0) ? null : "The action's arguments are malformed";
    // A form posted without JavaScript: each $ACTION_REF_<n> names its action and bound arguments
    // in "$ACTION_<n>:0" ({ id, bound }), the bound arguments a reply under "$ACTION_<n>:".
    for (const name of fields.keys()) {
      if (!name.startsWith("$ACTION_REF_")) continue;
      const prefix = `$ACTION_${name.slice("$ACTION_REF_".length)}:`;
      let meta;
      try {
        meta = JSON.parse(fields.get(`${prefix}0`) ?? "");
      } catch {
        return "The form's action is malformed";
      }
      if (!meta || typeof meta !== "object" || typeof meta.id !== "string") return "The form's action is malformed";
      if (meta.bound === null || meta.bound === undefined) continue;
      const m = typeof meta.bound === "string" ? /^\$@([0-9a-f]+)$/.exec(meta.bound) : null;
      if (!m || !replyDecodes(fields, prefix, parseInt(m[1], 16))) return "The form's action is malformed";
    }
    return null;
  }
  if (!kind.fetch || kind.urlEncoded) return null; // Next does not decode these bodies
  // A reply written as one string: Next reads it as UTF-8 and decodes it as the root chunk.
  const fields = new Map([["0", body.toString("utf8")]]);
  return replyDecodes(fields, "", 0) ? null : "The action's arguments are malformed";
}

/** A request like `req` whose body is `body`, for Next to read in its place (the original's stream
 * is spent). It shares the original's socket, so addresses and TLS read the same. */
export function replayRequest(req, body) {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
