import http from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible chat-completions server for the coach and classifier tests. Each request
// is answered by the current behaviour: streamed SSE chunks then [DONE], one non-streaming JSON
// completion (reply), an HTTP error status (429 with Retry-After), a stream cut midway (the socket
// is destroyed after some chunks), or a stall (no answer until the client gives up).
// The browser test runs it as a process of its own (tests/support/fake-openai-server.ts), where a
// `decide` function picks the behaviour per request and `delayMs` spaces the chunks so a reply
// can be seen arriving; GET .../models answers 200 so the test runner knows it is up.
// `text` streams a whole answer in word-sized chunks; `once` queues behaviours for the next requests
// only (a test of a conversation can script each turn); `chats()` reads the recorded requests back as
// { model, stream, messages } with every message's content as one string, for assertions on the prompt.

export type FakeBehaviour =
  | { kind: "stream"; chunks: string[]; delayMs?: number }
  | { kind: "text"; text: string; delayMs?: number }
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
  /** Behaviours for the next requests, one each, before the current one (set()) applies again. */
  once(...b: FakeBehaviour[]): void;
  /** The JSON bodies received, newest last. */
  requests: unknown[];
  /** The chat-completion requests received, newest last, read as a chat. */
  chats(): FakeChatRequest[];
  close(): Promise<void>;
};

type FakeChatMessage = { role: string; content: string };
export type FakeChatRequest = { model: string; stream: boolean; messages: FakeChatMessage[]; system: string };

/** A message's content as one string (the client sends a string or text parts). */
function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((p: unknown) =>
      typeof p === "object" && p !== null && "text" in p && typeof p.text === "string" ? p.text : "",
    )
    .join("");
}

/** A recorded body read as a chat request; null for anything else (a raw text body, a GET). */
export function chatRequest(body: unknown): FakeChatRequest | null {
  if (typeof body !== "object" || body === null || !("messages" in body) || !Array.isArray(body.messages)) return null;
  const messages = (body.messages as unknown[]).map((m) => {
    const o = typeof m === "object" && m !== null ? (m as Record<string, unknown>) : {};
    return { role: typeof o.role === "string" ? o.role : "", content: contentText(o.content) };
  });
  const model = "model" in body && typeof body.model === "string" ? body.model : "";
  const stream = "stream" in body && body.stream === true;
  return {
    model,
    stream,
    messages,
    system: messages
      .filter((m) => m.role === "system")
      .map((m) => m.content)
      .join("\n"),
  };
}

/** A text in word-sized chunks (each word with the spaces before it), as a model streams tokens. */
function wordChunksOf(text: string): string[] {
  return text.match(/\s*\S+/g) ?? [];
}

function chunk(id: string, delta: Record<string, unknown>, finish: string | null): string {
  const body = {
    id,
    object: "chat.completion.chunk",
    created: 1_790_000_000,
    model: "fake",
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startFakeOpenAi(
  initial: FakeBehaviour = { kind: "stream", chunks: ["Hello"] },
  options: FakeOpenAiOptions = {},
): Promise<FakeOpenAi> {
  let behaviour = initial;
  const queued: FakeBehaviour[] = [];
  const requests: unknown[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (d: Buffer) => (raw += d.toString("utf8")));
    req.on("end", () => {
      if (req.method === "GET" && req.url?.endsWith("/models")) {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ object: "list", data: [{ id: "fake-model", object: "model" }] }));
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
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const chosen = options.decide?.(body) ?? queued.shift() ?? behaviour;
      const b =
        chosen.kind === "text"
          ? { kind: "stream" as const, chunks: wordChunksOf(chosen.text), delayMs: chosen.delayMs }
          : chosen;
      if (b.kind === "status") {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (b.status === 429) headers["retry-after"] = "1";
        res.writeHead(b.status, headers).end(
          JSON.stringify({
            error: { message: b.status === 429 ? "Rate limit reached" : "Internal error", type: "server_error" },
          }),
        );
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
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
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
    once: (...b) => void queued.push(...b),
    requests,
    chats: () => requests.map(chatRequest).filter((r): r is FakeChatRequest => r !== null),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
