// Raw HTTP to one process of the cluster (the balancer or an instance) with any Host header: Node
// cannot resolve *.localhost here, and workspaces are told apart by their Host.
import http from "node:http";

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; json: () => unknown };

export function request(opts: {
  port: number;
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  cookie?: string;
}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: opts.host, ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) headers["content-length"] = String(Buffer.byteLength(opts.body));
    const req = http.request(
      { host: "127.0.0.1", port: opts.port, path: opts.path, method: opts.method ?? "GET", headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error(`${opts.method ?? "GET"} ${opts.path}: no answer in 60 s`)));
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

/** The name=value pairs of a response's Set-Cookie headers (cleared ones left out). */
export function cookiesFrom(res: HttpResponse): string[] {
  return (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));
}

/** A multipart/form-data body as a browser writes it. */
export function multipart(parts: { name: string; value: string }[], boundary: string): Buffer {
  const chunks = parts.map(
    (p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
  );
  return Buffer.from(`${chunks.join("")}--${boundary}--\r\n`, "utf8");
}
