import http from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible chat-completions server for the coach and classifier tests. Each request
// is answered by the current behaviour: streamed SSE chunks then [DONE], one non-streaming JSON
// completion (reply), an HTTP error status (429 with Retry-After), a stream cut midway (the socket
// is destroyed after some chunks), or a stall (no answer until the client gives up).
// The browser test runs it as a process of its own (tests/support/fake-openai-server.ts), where a
// `decide` function picks the behaviour per request and `delayMs` spaces the chunks so a reply
// can be seen arriving; GET .../models answers 200 so the test runner knows it is up.

export type FakeBehaviour =
  | { kind: "stream"; chunks: string[]; delayMs?: number }
  | { kind: "reply"; content: string }
  | { kind: "status"; status: number }
  | { kind: "cut"; chunks: string[]; delayMs?: number }
  | { kind: "stall" };

export type FakeOpenAiOptions = {
  /** Fixed port (default: any free one). */
  port?: number;
  /** The behaviour for one request from its JSON body; null: the current behaviour (set()). */
  decide?: (body: unknown) => FakeBehaviour | null;
};

export type FakeOpenAi = {
  baseURL: string;
  set(b: FakeBehaviour): void;
  /** The JSON bodies received, newest last. */
  requests: unknown[];
  close(): Promise<void>;
};

function chunk(id: string, delta: Record<string, unknown>, finish: string | null): string {
  const body = { id, object: "chat.completion.chunk", created: 1_790_000_000, model: "fake", choices: [{ index: 0, delta, finish_reason: finish }] };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startFakeOpenAi(initial: FakeBehaviour = { kind: "stream", chunks: ["Hello"] }, options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  let behaviour = initial;
  const requests: unknown[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.endsWith("/models")) {
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
        return;
      }
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {
        // kept as the raw text
      }
      requests.push(body);
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const b = options.decide?.(body) ?? behaviour;
      if (b.kind === "status") {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (b.status === 429) headers["retry-after"] = "1";
        res.writeHead(b.status, headers).end(JSON.stringify({ error: { message: b.status === 429 ? "Rate limit reached" : "Internal error", type: "server_error" } }));
        return;
      }
      if (b.kind === "stall") return; // never answers; the client times out
      if (b.kind === "reply") {
        const body = {
          id: "chatcmpl-fake",
          object: "chat.completion",
          created: 1_790_000_000,
          model: "fake",
          choices: [{ index: 0, message: { role: "assistant", content: b.content }, finish_reason: "stop" }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      const id = "chatcmpl-fake";
      res.write(chunk(id, { role: "assistant", content: "" }, null));
      const finish = () => {
        if (b.kind === "cut") {
          // Let the chunks reach the client, then drop the connection without [DONE].
          setTimeout(() => req.socket.destroy(), 30);
          return;
        }
        res.write(chunk(id, {}, "stop"));
        res.end("data: [DONE]\n\n");
      };
      if (!b.delayMs) {
        for (const c of b.chunks) res.write(chunk(id, { content: c }, null));
        finish();
        return;
      }
      const delayMs = b.delayMs;
      void (async () => {
        for (const c of b.chunks) {
          await sleep(delayMs);
          if (res.destroyed) return; // the client gave up (stopped or timed out)
          res.write(chunk(id, { content: c }, null));
        }
        finish();
      })();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(options.port ?? 0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    set: (b) => (behaviour = b),
    requests,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
