// Raw HTTP against the e2e server with any Host header: Node cannot resolve *.localhost on these
// machines, and the tests need to send hosts a browser never would (spoofed, unknown).
import http from "node:http";
import { E2E_PORT, ROOT } from "../../../playwright.config";

export type HttpResponse = { status: number; headers: http.IncomingHttpHeaders; body: string; json: () => unknown };

export function request(opts: {
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  cookie?: string;
}): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: opts.host, ...(opts.headers ?? {}) };
    if (opts.cookie) headers.cookie = opts.cookie;
    if (opts.body !== undefined) headers["content-length"] = String(Buffer.byteLength(opts.body));
    const req = http.request(
      { host: "127.0.0.1", port: E2E_PORT, path: opts.path, method: opts.method ?? "GET", headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      },
    );
    req.on("error", reject);
    if (opts.body !== undefined) req.write(opts.body);
    req.end();
  });
}

export const hostOf = (subdomain: string) => `${subdomain}.${ROOT}`;

function cookiesFrom(res: HttpResponse): string[] {
  const set = res.headers["set-cookie"] ?? [];
  return set.map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("="));
}

/** Signs in through next-auth's standard CSRF + credentials callback, as a script would, and
 * returns the Cookie header of the new session (or null when refused). */
export async function signIn(subdomain: string, email: string, password: string): Promise<string | null> {
  const session = cookiesFrom(await signInResponse(subdomain, email, password)).find((c) =>
    c.startsWith("next-auth.session-token="),
  );
  return session ?? null;
}

/** The credentials callback's raw response (its Set-Cookie headers, its redirect). */
export async function signInResponse(
  subdomain: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<HttpResponse> {
  const host = hostOf(subdomain);
  const csrf = await request({ host, path: "/api/auth/csrf" });
  const { csrfToken } = csrf.json() as { csrfToken: string };
  const jar = cookiesFrom(csrf);
  const body = new URLSearchParams({ csrfToken, email, password, json: "true" }).toString();
  return request({
    host,
    path: "/api/auth/callback/credentials",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    cookie: jar.join("; "),
  });
}

export async function json(opts: {
  host: string;
  path: string;
  method?: string;
  cookie?: string;
  body?: unknown;
}): Promise<HttpResponse> {
  return request({
    ...opts,
    headers: opts.body !== undefined ? { "content-type": "application/json" } : {},
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
}
