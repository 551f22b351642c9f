import "server-only";
import { isIP } from "node:net";
import { headers } from "next/headers";
import { db } from "@/lib/db/client";
import { clientAddress } from "@/lib/auth/client-address";
import { rateLimited } from "@/lib/errors/domain-error";

/**
 * Rate limits of the public endpoints, declared once here and named by the API wrapper
 * (`apiRoute({ rateLimit })`), the action wrapper (`formAction({ rateLimit })`) or an action that
 * calls `enforceRateLimit` itself. Each is a fixed window per client key, counted in PostgreSQL
 * ("RateLimit", through app_rate_limit_hit: one atomic upsert), so every instance shares the
 * counts and nothing lives in one process's memory.
 *
 * The client key is the address the nearest proxy saw (lib/auth/client-address.ts; scripts/serve.mjs
 * drops client-sent X-Forwarded-For unless TRUST_PROXY=1), with the workspace for limits that are
 * per workspace. One address is often a whole office behind NAT, so every limit below is set well
 * above what a real company does from one address; the limits stop scripts, not people.
 *
 * Failed sign-ins are not counted here: lib/auth/throttle.ts is a different mechanism on purpose
 * (per account and per address, exponential back-off, an attempt given back on success, inside the
 * sign-in's own transaction under the organisation's row-level security).
 */
type Scope =
  /** One counter per client address, whatever the Host (main-site endpoints). */
  | "address"
  /** One counter per workspace and address: one company's burst never uses up another's. */
  | "workspace"
  /** One counter per signed-in person (organisation and user id), whatever the address. */
  | "user";

export type RateLimitRule = { max: number; windowSeconds: number; scope: Scope };

export const RATE_LIMITS = {
  // POST /api/signup/complete creates a workspace and hashes a password (argon2, tens of ms of CPU).
  // A company signs up once; 20 in 10 minutes from one address allows colleagues trying it side
  // by side and mistyped forms, and caps a script at 120 junk workspaces an hour per address.
  signupComplete: { max: 20, windowSeconds: 600, scope: "address" },
  // POST /api/signup/setup-intent: one Stripe SetupIntent per card attempt of the signup's payment
  // step (a declined card or a reload asks again). Like signupComplete, 20 in 10 minutes per
  // address lets an office sign up side by side and keeps a script from using the installation's
  // Stripe account to test cards.
  signupSetupIntent: { max: 20, windowSeconds: 600, scope: "address" },
  // GET /api/signup/check-subdomain/{name}: the signup form asks while a person picks a name (a few
  // times each). 60 a minute lets several people sign up at once from one office and keeps a
  // script from walking the list of workspace names faster than one a second.
  signupCheckSubdomain: { max: 60, windowSeconds: 60, scope: "address" },
  // POST /api/auth/quick-login/{subdomain}: the signup's one-time handoff, used once right after
  // signup (maybe again after a flaky network). Its token is 256 random bits, so this only caps
  // the cost of junk requests: 10 in 10 minutes per workspace and address.
  quickLogin: { max: 10, windowSeconds: 600, scope: "workspace" },
  // POST /api/surveys/responses: when a pulse goes out, a whole office answers from one NAT
  // address within minutes. 200 people answering in the same minute is already a rare peak; 600
  // a minute per workspace and address leaves room for a 5,000-person site answering at once, and
  // still caps one address at 10 submissions a second (bench:surveys serves ~600 a second in all).
  surveyResponse: { max: 600, windowSeconds: 60, scope: "workspace" },
  // The 'forgot password' form (one queued job each; mails are capped per account separately,
  // RESET_MAILS_PER_HOUR). Even after a forced password change, an office's resets spread over
  // hours: 60 in 10 minutes per workspace and address is far above that.
  passwordResetRequest: { max: 60, windowSeconds: 600, scope: "workspace" },
  // The e-mail change's three forms: the request (signed in; its mails are capped per person
  // separately, EMAIL_CHANGE_MAILS_PER_HOUR), the confirmation and the undo link (public). A
  // person uses each once or twice; 30 in 10 minutes per workspace and address serves an office
  // and caps a script guessing links (256 random bits each) at three a minute.
  emailChange: { max: 30, windowSeconds: 600, scope: "workspace" },
  // The main site's company finder: people look up their workspace's address now and then; 30 a
  // minute per address serves a busy office and slows a script guessing workspace names.
  companyFinder: { max: 30, windowSeconds: 60, scope: "address" },
  // Boss Bot (docs/decisions.md (The coach and its privacy)): at most 30 messages per person per 10 minutes, counted
  // per signed-in person (lib/coach/limits.ts, enforceCoachMessageLimit), so a shared office address never stops a
  // colleague.
  coachMessage: { max: 30, windowSeconds: 600, scope: "user" },
  // POST /api/ai/categorize-content: the add dialog asks once a second of typing pause, plus
  // 'Re-analyze'; with an AI endpoint each call costs the company tokens. 120 per admin in 10
  // minutes is more than a person editing can use, and stops a script draining the provider.
  contentAnalysis: { max: 120, windowSeconds: 600, scope: "user" },
  // POST /api/vault/recover: a person enters their recovery key after a password reset, once or
  // twice (a typo). 10 in 10 minutes per person serves that and makes the route no use for
  // guessing (a key has 160 random bits anyway).
  vaultRecover: { max: 10, windowSeconds: 600, scope: "user" },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Who is asking: the client address (null when unknown), for per-workspace limits the
 * organisation of the Host, for per-user limits the signed-in person (organisation and user). */
export type RateLimitClient = { address: string | null; orgId?: string | null; userId?: string | null };

export type RateLimitResult = {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  limit: number;
  /** Whole seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
};

/**
 * The part of an address that names one client. An IPv6 client usually holds a whole /64 (it can
 * pick a fresh address in it for each request), so IPv6 addresses count by their /64; IPv4 and
 * IPv4-mapped IPv6 addresses count whole. Anything else (no address) shares one "unknown" key.
 */
export function addressKey(address: string | null): string {
  if (!address) return "unknown";
  const a = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "")
    .replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) return mapped[1]!;
  if (isIP(a) === 4) return a;
  if (isIP(a) !== 6) return "unknown";
  return `${ipv6Groups(a)
    .slice(0, 4)
    .map((g) => g.padStart(4, "0"))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, "::" expanded, an IPv4 tail in hex. */
function ipv6Groups(address: string): string[] {
  let s = address;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(s);
  if (v4) {
    const [b0, b1, b2, b3] = v4.slice(1).map(Number) as [number, number, number, number];
    s = `${s.slice(0, v4.index)}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  if (!s.includes("::")) return s.split(":");
  const [head = "", tail = ""] = s.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
}

function keyOf(rule: RateLimitRule, client: RateLimitClient): string {
  if (rule.scope === "user") {
    if (!client.orgId || !client.userId) throw new Error("a per-user rate limit needs the organisation and user ids");
    return `user|${client.orgId}|${client.userId}`;
  }
  const address = addressKey(client.address);
  return rule.scope === "workspace" ? `${client.orgId ?? "-"}|${address}` : address;
}

/** Counts one request against the named limit and says whether it may proceed. `now` is for
 * tests; by default the database's clock decides, the same for every instance. */
export async function hitRateLimit(name: RateLimitName, client: RateLimitClient, now?: Date): Promise<RateLimitResult> {
  const rule: RateLimitRule = RATE_LIMITS[name];
  const rows = await db().$queryRaw<{ counted: number; reset_in_ms: bigint }[]>`
    SELECT counted, reset_in_ms FROM app_rate_limit_hit(${name}, ${keyOf(rule, client)}, make_interval(secs => ${rule.windowSeconds}), ${now ?? null}::timestamptz)`;
  const row = rows[0];
  if (!row) throw new Error("app_rate_limit_hit returned no row");
  const count = Number(row.counted);
  return {
    allowed: count <= rule.max,
    count,
    limit: rule.max,
    retryAfterSeconds: Math.max(1, Math.ceil(Number(row.reset_in_ms) / 1000)),
  };
}

/** Counts the request and throws `rateLimited` (429 with Retry-After) once the limit is used up. */
export async function enforceRateLimit(name: RateLimitName, client: RateLimitClient, now?: Date): Promise<void> {
  const r = await hitRateLimit(name, client, now);
  if (!r.allowed) throw rateLimited(r.retryAfterSeconds);
}

/** The client address of the current request (route handler, page or server action). */
export async function requestAddress(): Promise<string | null> {
  const h = await headers();
  return clientAddress(h.get("x-forwarded-for"), h.get("x-real-ip"));
}

/** Deletes the windows that have ended (the rate-limit-prune job, lib/jobs/worker.ts). */
export async function pruneRateLimits(now?: Date): Promise<number> {
  const rows = await db().$queryRaw<{ n: number }[]>`SELECT app_rate_limit_prune(${now ?? null}::timestamptz) AS n`;
  return Number(rows[0]?.n ?? 0);
}
