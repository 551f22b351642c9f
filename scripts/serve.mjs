// The production web server: Next's request handler behind a plain node:http server, so that
// headers only a proxy may set are dropped before Next sees them. `next start` keeps a client's own
// X-Forwarded-For (it fills the header only when missing), which would let anyone pick the address
// that failed sign-ins are counted against. Behind a load balancer or reverse proxy that sets these
// headers itself, set TRUST_PROXY=1 to keep them.
import { createServer } from "node:http";
import next from "next";

const PROXY_HEADERS = ["x-forwarded-for", "x-forwarded-host", "x-forwarded-port", "x-forwarded-proto", "x-real-ip", "forwarded"];

const port = Number(process.env.PORT ?? 3000);
const trustProxy = process.env.TRUST_PROXY === "1";
const app = next({ dev: false, port, dir: process.cwd() });
const handle = app.getRequestHandler();

await app.prepare();
const server = createServer((req, res) => {
  // Next then fills X-Forwarded-* from the connection itself.
  if (!trustProxy) for (const h of PROXY_HEADERS) delete req.headers[h];
  void handle(req, res);
});
server.listen(port, () => console.log(`✓ Ready on port ${port}${trustProxy ? " (trusting X-Forwarded-* from the proxy in front)" : ""}`));

const shutdown = () => server.close(() => void app.close().finally(() => process.exit(0)));
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
