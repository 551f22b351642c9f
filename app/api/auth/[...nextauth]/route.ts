import { randomUUID } from "node:crypto";
import NextAuth from "next-auth";
import type { NextRequest } from "next/server";
import { SIGN_IN_UNAVAILABLE, authOptions } from "@/lib/auth/next-auth-options";
import { invalidInput, notFound, type DomainError } from "@/lib/errors/domain-error";
import { DATABASE_RETRY_AFTER_SECONDS, toProblem } from "@/lib/errors/problem";
import { splitHost } from "@/lib/tenancy/host";

// next-auth's own endpoints: /api/auth/csrf, /api/auth/callback/credentials, /api/auth/signout...
// The more specific /api/auth/session and /api/auth/logout routes take precedence over this one.
type Ctx = { params: Promise<{ nextauth: string[] }> };

// The names next-auth 4 gives its callback-URL cookie (the second over HTTPS).
const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];

function problemResponse(err: DomainError, headers: HeadersInit = {}): Response {
  const { problem } = toProblem(err, randomUUID());
  const h = new Headers(headers);
  h.set("Content-Type", "application/problem+json");
  h.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(problem), { status: problem.status, headers: h });
}

/** Whether a callback URL stays on this site: a path ("/x", never "//x" or "/\x"), or an http(s)
 * URL on the request's own Host. */
function isSameSiteUrl(value: string, host: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\");
  try {
    const u = new URL(value);
    return (u.protocol === "http:" || u.protocol === "https:") && u.host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** next-auth's own test of a callback URL (assert.js isValidHttpUrl): an http(s) URL, a path
 * read against this site. */
function isHttpUrl(value: string, host: string): boolean {
  try {
    return /^https?:$/.test(new URL(value, value.startsWith("/") ? `http://${host}` : undefined).protocol);
  } catch {
    return false;
  }
}

/**
 * What next-auth 4 would answer with a 500 (it throws, or refuses its own configuration), refused
 * here first, or null:
 * - a Host that is no host name: next-auth builds its URL from it; 404, as every route answers a
 *   Host that names no site;
 * - a callbackUrl query parameter that is not this site's own, or a callback-URL cookie that is no
 *   http(s) URL: next-auth's assertConfig answers 500 to either; 400, and such a cookie is cleared
 *   so the next try works;
 * - a POST sent as JSON whose body is not JSON: next-auth reads it with req.json(), unguarded; 400.
 */
async function refusal(req: NextRequest): Promise<Response | null> {
  const host = req.headers.get("host");
  if (!host || !splitHost(host)) return problemResponse(notFound("Site"));
  const query = req.nextUrl.searchParams.get("callbackUrl");
  if (query !== null && !isSameSiteUrl(query, host))
    return problemResponse(invalidInput("The callback URL must be a page of this site"));
  for (const name of CALLBACK_COOKIES) {
    const value = req.cookies.get(name)?.value;
    // The cookie only when next-auth itself would refuse it (next-auth's redirect callback keeps
    // whatever it names on this site), so a stale cookie never costs a working sign-in.
    if (value !== undefined && value !== "" && !isHttpUrl(value, host)) {
      const clear = `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${name.startsWith("__Secure-") ? "; Secure" : ""}`;
      return problemResponse(invalidInput("The callback URL must be a page of this site"), { "Set-Cookie": clear });
    }
  }
  if (
    req.method === "POST" &&
    req.body !== null &&
    (req.headers.get("content-type") ?? "").includes("application/json")
  ) {
    try {
      await req.clone().json();
    } catch {
      return problemResponse(invalidInput("The request body is not valid JSON"));
    }
  }
  return null;
}

async function handler(req: NextRequest, ctx: Ctx): Promise<Response> {
  const refused = await refusal(req);
  if (refused) return refused;
  return unavailableStatus((await NextAuth(authOptions())(req, ctx)) as Response);
}

/** A sign-in refused because the database cannot be reached: next-auth answers 200 with the error
 * in its URL, which the form reads; the status says 503 with Retry-After as well, so the balancer,
 * monitoring and any client see an outage and not a refused password. */
async function unavailableStatus(res: Response): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const body = await res.clone().text();
  if (!body.includes(`error=${SIGN_IN_UNAVAILABLE}`)) return res;
  const headers = new Headers(res.headers);
  headers.set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS));
  return new Response(body, { status: 503, headers });
}

/** GET /api/auth/callback/{provider}: our only providers are credentials, whose callback is a
 * POST of the sign-in form; next-auth 4 answers a GET of it with a 500 ('Callback for provider type
 * credentials not supported'), so it is refused here as the method it is. */
async function get(req: NextRequest, ctx: Ctx): Promise<Response> {
  const { nextauth } = await ctx.params;
  if (nextauth[0] === "callback") {
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  }
  return handler(req, ctx);
}

export { get as GET, handler as POST };
