// The production web server: Next's request handler behind a plain node:http server, so that
// headers only a proxy may set are dropped before Next sees them. `next start` keeps a client's own
// X-Forwarded-For (it fills the header only when missing), which would let anyone pick the address
// that failed sign-ins are counted against. Behind a load balancer or reverse proxy that sets these
// headers itself, set TRUST_PROXY to the proxy's addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8) to keep
// them from those peers only; TRUST_PROXY=1 keeps them from every peer (scripts/trusted-proxy.mjs).
// BIND_ADDRESS picks the interface to listen on (every interface when unset).
import { createServer } from "node:http";
import next from "next";
import { actionBodyRefusal, actionRequest, checkActionOrigin, readBody, replayRequest } from "./action-gate.mjs";
import { bindAddress, trustedProxies } from "./trusted-proxy.mjs";

const PROXY_HEADERS = [
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-port",
  "x-forwarded-proto",
  "x-real-ip",
  "forwarded",
];

// The methods some page or route handler serves. Next answers any other one (TRACE, PROPFIND...)
// with a 500, so they are refused here with 405; a route handler still answers 405 itself for a
// known method it does not export.
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
// Control characters have no place in a path (decoded, they reach params and database queries).
const CONTROL = /[\u0000-\u001F\u007F]/;

/** Why the request line cannot be served, before Next sees it (Next answers a malformed
 * percent-escape in the path, such as /surveys/% or /api/users/%E0%A4%A, with a 500), or null. */
function refusal(method, url) {
  if (!METHODS.includes(method ?? ""))
    return { status: 405, message: "Method not allowed", headers: { Allow: METHODS.join(", ") } };
  // An asterisk-form request-target ("*", "*/login"): Next cannot parse it as a URL (a 500). Only
  // OPTIONS * means something (the server's own options): it is answered, everything else refused.
  if ((url ?? "").startsWith("*")) {
    if (method === "OPTIONS" && url === "*") return { status: 204, headers: { Allow: METHODS.join(", ") } };
    return { status: 400, message: "The request-target must be a path" };
  }
  const path = (url ?? "/").split(/[?#]/, 1)[0];
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return { status: 400, message: "Malformed percent-escape in the path" };
  }
  if (CONTROL.test(decoded)) return { status: 400, message: "The path may not contain control characters" };
  return null;
}

/** The refusal in the API's error shape ({ error }) under /api, as plain text elsewhere. */
function refuse(req, res, { status, message, headers = {} }) {
  if (status === 204) {
    res.writeHead(status, { ...headers, "Cache-Control": "no-store" });
    res.end();
    return;
  }
  const api = (req.url ?? "").startsWith("/api/");
  const body = api ? JSON.stringify({ error: message }) : `${message}\n`;
  res.writeHead(status, {
    ...headers,
    "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

// Next's internal response headers (x-middleware-rewrite names the internal /t/<workspace> path,
// x-middleware-next and others are signals between its layers): none of them is meant for a
// client, whatever Next version decides to leak. Dropped from every response before it is sent.
const INTERNAL_RESPONSE = /^x-middleware-/i;
// HSTS for a year, subdomains included (every workspace is a subdomain of the root).
const HSTS = "max-age=31536000; includeSubDomains";

/** Whether the client reached us over HTTPS: a TLS socket, or a proxy in front that says so.
 * The header is honoured for HSTS even without TRUST_PROXY: browsers ignore HSTS received over
 * plain HTTP, so a client that lies about it only sends itself a header it will discard. */
function overHttps(req) {
  if (req.socket.encrypted) return true;
  const proto = req.headers["x-forwarded-proto"];
  const first = (Array.isArray(proto) ? proto[0] : proto)?.split(",")[0]?.trim().toLowerCase();
  return first === "https";
}

/** Removes Next's internal headers from a response and adds HSTS over HTTPS, once, as the status
 * line and headers are written (writeHead is also what Node calls for an implicit header). */
function guardResponseHeaders(res, https) {
  const writeHead = res.writeHead;
  res.writeHead = function guardedWriteHead(status, ...rest) {
    for (const name of res.getHeaderNames()) if (INTERNAL_RESPONSE.test(name)) res.removeHeader(name);
    if (https) res.setHeader("Strict-Transport-Security", HSTS);
    const last = rest.at(-1);
    if (Array.isArray(last)) {
      // Raw [name, value, name, value, ...] pairs.
      const kept = [];
      for (let i = 0; i + 1 < last.length; i += 2)
        if (!INTERNAL_RESPONSE.test(String(last[i]))) kept.push(last[i], last[i + 1]);
      rest[rest.length - 1] = kept;
    } else if (last && typeof last === "object") {
      rest[rest.length - 1] = Object.fromEntries(
        Object.entries(last).filter(([name]) => !INTERNAL_RESPONSE.test(name)),
      );
    }
    return writeHead.call(this, status, ...rest);
  };
}

const port = Number(process.env.PORT ?? 3000);
const proxies = trustedProxies(process.env.TRUST_PROXY);
const host = bindAddress(process.env);
const app = next({ dev: false, port, dir: process.cwd() });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((req, res) => {
  guardResponseHeaders(res, overHttps(req));
  // Next then fills X-Forwarded-* from the connection itself.
  if (!proxies.trusts(req.socket.remoteAddress)) for (const h of PROXY_HEADERS) delete req.headers[h];
  const refused = refusal(req.method, req.url);
  if (refused) {
    // The body, if any, is drained rather than left on the socket, so keep-alive stays usable.
    req.resume();
    refuse(req, res, refused);
    return;
  }
  const action = actionRequest(req);
  if (action) {
    void gateAction(req, res, action);
    return;
  }
  void handle(req, res);
});

/** A request Next treats as a server action: its Origin checked, its body read (1 MB at most) and
 * checked to decode (scripts/action-gate.mjs), then handed to Next. */
async function gateAction(req, res, action) {
  const origin = checkActionOrigin(req);
  if (origin) {
    req.resume();
    refuse(req, res, origin);
    return;
  }
  // Form posts Next does not decode (URL-encoded) go through untouched.
  if (!action.multipart && !(action.fetch && !action.urlEncoded)) return void handle(req, res);
  let body;
  try {
    body = await readBody(req);
  } catch {
    return; // the client went away
  }
  if (body === "too large") {
    // The rest is drained, as for every refusal, so the client reads the answer, not a reset.
    req.resume();
    refuse(req, res, { status: 413, message: "The request body is too large" });
    return;
  }
  const why = await actionBodyRefusal(action, body);
  if (why) {
    refuse(req, res, { status: 400, message: why });
    return;
  }
  void handle(replayRequest(req, body), res);
}
const trustNote = proxies.all
  ? " (trusting X-Forwarded-* from every peer)"
  : proxies.none
    ? ""
    : ` (trusting X-Forwarded-* from ${process.env.TRUST_PROXY?.trim()} only)`;
server.listen(port, host, () => console.log(`✓ Ready on port ${port} (${host ?? "every interface"})${trustNote}`));

const shutdown = () => server.close(() => void app.close().finally(() => process.exit(0)));
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
