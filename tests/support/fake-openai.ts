import http from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible chat-completions server for the coach and classifier tests. Each request
// is answered by the current behaviour: streamed SSE chunks then [DONE], one non-streaming JSON
// completion (reply), an HTTP error status (429 with Retry-After), a stream cut midway (the socket
// is destroyed after some chunks), or a stall (no answer until the client gives up).

export type FakeBehaviour =
  | { kind: "stream"; chunks: string[] }
  | { kind: "reply"; content: string }
  | { kind: "status"; status: number }
  | { kind: "cut"; chunks: string[] }
  | { kind: "stall" };

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

export async function startFakeOpenAi(initial: FakeBehaviour = { kind: "stream", chunks: ["Hello"] }): Promise<FakeOpenAi> {
  let behaviour = initial;
  const requests: unknown[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString("utf8")));
    req.on("end", () => {
      try {
        requests.push(JSON.parse(raw));
      } catch {
        requests.push(raw);
      }
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const b = behaviour;
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
      for (const c of b.chunks) res.write(chunk(id, { content: c }, null));
      if (b.kind === "cut") {
        // Let the chunks reach the client, then drop the connection without [DONE].
        setTimeout(() => req.socket.destroy(), 30);
        return;
      }
      res.write(chunk(id, {}, "stop"));
      res.end("data: [DONE]\n\n");
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
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
