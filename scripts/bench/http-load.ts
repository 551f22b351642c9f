// Plain keep-alive HTTP against the app on 127.0.0.1 with a workspace Host header (Node cannot
// resolve *.localhost here), and the percentile arithmetic of the benchmarks.
import http from "node:http";

export type Sent = { status: number; ms: number; body: string };

export function client(port: number, host: string, cookie?: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  /** `localAddress`: the loopback source address to send from (the server sees it as the client's). */
  return (
    method: string,
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    localAddress?: string,
  ): Promise<Sent> =>
    new Promise((resolve, reject) => {
      const t = performance.now();
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers: Record<string, string> = { host, origin: `http://${host}`, ...extra };
      if (cookie) headers.cookie = cookie;
      if (payload !== undefined)
        Object.assign(headers, {
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(payload)),
        });
      const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent, localAddress }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - t,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
      });
      req.on("error", reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
}

export function percentiles(ms: number[]): { p50: number; p95: number; max: number } {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil(s.length * p) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), max: s.at(-1) ?? 0 };
}

/** Runs `jobs` with at most `concurrency` in flight; returns the wall time in ms. */
export async function runConcurrently(jobs: (() => Promise<void>)[], concurrency: number): Promise<number> {
  const t = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < jobs.length) await jobs[next++]!();
    }),
  );
  return performance.now() - t;
}
