import http from "node:http";
import type { AddressInfo } from "node:net";

// A local OpenAI-compatible server answering POST /v1/chat/completions with one non-streaming
// JSON completion (the classifier's model path). Each request gets the current behaviour: a reply
// whose message content is the given text, an HTTP error status, or a stall until the client gives up.

export type FakeJsonBehaviour = { kind: "reply"; content: string } | { kind: "status"; status: number } | { kind: "stall" };

export type FakeOpenAiJson = {
  baseURL: string;
  set(b: FakeJsonBehaviour): void;
  /** The JSON bodies received, newest last. */
  requests: unknown[];
  close(): Promise<void>;
};

export async function startFakeOpenAiJson(initial: FakeJsonBehaviour = { kind: "reply", content: "{}" }): Promise<FakeOpenAiJson> {
  let behaviour = initial;
  const requests: unknown[] = [];
  const sockets = new Set<import("node:net").Socket>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      try {
        requests.push(JSON.parse(raw) as unknown);
      } catch {
        requests.push(raw);
      }
      const b = behaviour;
      if (b.kind === "stall") return;
      if (b.kind === "status") {
        res.writeHead(b.status, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "fake failure", type: "server_error" } }));
        return;
      }
      const body = {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: 1_790_000_000,
        model: "fake",
        choices: [{ index: 0, message: { role: "assistant", content: b.content }, finish_reason: "stop" }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    set: (b) => (behaviour = b),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
