// The drill's steady load through the balancer: distinct survey submissions (each personal link
// once) at a fixed arrival rate, and sign-ins, recorded request by request with their times, so
// each fault's failures and recovery can be read off afterwards.
import http from "node:http";
import { loadAnswers, type LoadRound } from "../bench/surveys-seed";

export type Sample = {
  kind: "submit" | "sign-in";
  /** Start and end, ms since the load began. */
  t0: number;
  t1: number;
  /** The HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  ok: boolean;
  /** The link token's index in the round (submissions). */
  token?: number;
};

type Reply = { status: number; body: string; cookies: string[] };

function send(
  port: number,
  host: string,
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<Reply> {
  return new Promise((resolve) => {
    const h: Record<string, string> = { host, origin: `http://${host}`, ...headers };
    if (body !== undefined) h["content-length"] = String(Buffer.byteLength(body));
    // A connection of its own per request: a killed instance's kept-alive sockets would otherwise
    // fail requests that nginx never saw.
    const req = http.request({ host: "127.0.0.1", port, path, method, headers: h, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          cookies: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]!).filter((c) => !c.endsWith("=")),
        }),
      );
      res.on("error", () => resolve({ status: 0, body: "", cookies: [] }));
    });
    req.setTimeout(20_000, () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, body: "", cookies: [] }));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export type LoadOptions = {
  port: number;
  host: string;
  round: LoadRound;
  /** Accounts that sign in (email and password), taken in turn. */
  accounts: { email: string; password: string }[];
  submitsPerSecond: number;
  signInsPerSecond: number;
};

/** One submission with link `index`; what a survey page posts. */
export async function submit(opts: Pick<LoadOptions, "port" | "host" | "round">, index: number): Promise<number> {
  const { surveyId, questions, tokens } = opts.round;
  const r = await send(
    opts.port,
    opts.host,
    "POST",
    "/api/surveys/responses",
    JSON.stringify({ surveyId, token: tokens[index], responses: loadAnswers(questions) }),
    { "content-type": "application/json" },
  );
  return r.status;
}

/** Sign-in as the browser does it: the CSRF token, then the credentials. The status of the step
 * that failed, or 200 with a session cookie. */
async function signIn(opts: LoadOptions, account: { email: string; password: string }): Promise<number> {
  const csrf = await send(opts.port, opts.host, "GET", "/api/auth/csrf");
  if (csrf.status !== 200) return csrf.status;
  let csrfToken: string;
  try {
    csrfToken = (JSON.parse(csrf.body) as { csrfToken: string }).csrfToken;
  } catch {
    return 0;
  }
  const r = await send(
    opts.port,
    opts.host,
    "POST",
    "/api/auth/callback/credentials",
    new URLSearchParams({ csrfToken, email: account.email, password: account.password, json: "true" }).toString(),
    { "content-type": "application/x-www-form-urlencoded", cookie: csrf.cookies.join("; ") },
  );
  if (r.cookies.some((c) => c.startsWith("next-auth.session-token="))) return 200;
  if (r.status !== 200) return r.status;
  // next-auth answers a refused sign-in with the reason in its URL: the right password refused
  // as wrong is a 401 here, however the database was doing.
  let error: string | null = null;
  try {
    error = new URL((JSON.parse(r.body) as { url: string }).url).searchParams.get("error");
  } catch {
    return 0;
  }
  return error === "TooManyAttempts" ? 429 : 401;
}

/** The routes the load uses, once each on one instance (sent directly, as nginx would forward
 * them), so the steady phase measures a warm server and not its first requests. */
export async function warmUp(port: number, host: string, surveyId: string): Promise<void> {
  const headers = { "x-forwarded-proto": "http" };
  for (let i = 0; i < 3; i++) {
    await send(port, host, "GET", "/login", undefined, headers);
    await send(port, host, "GET", "/api/auth/csrf", undefined, headers);
    // A link that does not exist: the whole submission path up to its refusal.
    const token = "x".repeat(43);
    await send(port, host, "POST", "/api/surveys/responses", JSON.stringify({ surveyId, token, responses: [] }), {
      ...headers,
      "content-type": "application/json",
    });
  }
}

export type Load = {
  samples: Sample[];
  /** Links used so far (the next submission takes index `used`). */
  used: () => number;
  now: () => number;
  stop: () => Promise<Sample[]>;
};

/** Starts the load; stop() waits for the requests in flight and returns every sample. */
export function startLoad(opts: LoadOptions): Load {
  const started = performance.now();
  const now = () => performance.now() - started;
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let next = 0;
  let signIns = 0;
  let stopped = false;
  const track = (p: Promise<void>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const ticker = (perSecond: number, fire: () => void) => {
    if (perSecond <= 0) return null;
    return setInterval(() => {
      if (!stopped) fire();
    }, 1000 / perSecond);
  };
  const timers = [
    ticker(opts.submitsPerSecond, () => {
      if (next >= opts.round.tokens.length) return;
      const index = next++;
      const t0 = now();
      track(
        submit(opts, index).then((status) => {
          samples.push({ kind: "submit", t0, t1: now(), status, ok: status === 201 || status === 200, token: index });
        }),
      );
    }),
    ticker(opts.signInsPerSecond, () => {
      const account = opts.accounts[signIns++ % opts.accounts.length]!;
      const t0 = now();
      track(
        signIn(opts, account).then((status) => {
          samples.push({ kind: "sign-in", t0, t1: now(), status, ok: status === 200 });
        }),
      );
    }),
  ];
  return {
    samples,
    used: () => next,
    now,
    stop: async () => {
      stopped = true;
      for (const t of timers) if (t) clearInterval(t);
      while (inFlight.size) await Promise.all([...inFlight]);
      return samples.sort((a, b) => a.t0 - b.t0);
    },
  };
}
