import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { Permission } from "@/lib/auth/permissions";
import { requireOwnOrg, requirePermission } from "@/lib/auth/authorize";
import { currentSession } from "@/lib/auth/current-session";
import { currentHost, currentTenant, type Tenant } from "@/lib/tenancy/resolve";
import { invalidInput, notFound, unauthenticated } from "@/lib/errors/domain-error";
import { toProblem, zodFieldErrors } from "@/lib/errors/problem";
import { lowerCaseUuids, lowerUuid, readJsonBody, refuseControlText } from "@/lib/api/body";
import { checkSameOrigin } from "@/lib/api/same-origin";
import { RATE_LIMITS, enforceRateLimit, type RateLimitName } from "@/lib/api/rate-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { log } from "@/lib/log/logger";

type Schema = z.ZodType;
type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

type Spec<P, Q, B> = {
  params?: P;
  query?: Q;
  body?: B;
  /** Refused with 400 above this many bytes (default 64 KiB). */
  maxBodyBytes?: number;
  /** A limit of lib/api/rate-limit.ts, counted once the workspace is known (a per-workspace limit
   * counts per organisation) and before the input is read; over it, 429 with Retry-After. */
  rateLimit?: RateLimitName;
};

type SessionSpec<P, Q, B> = Spec<P, Q, B> & {
  auth: "session";
  /** From the one permission map (lib/auth/permissions.ts); without it any signed-in role may call. */
  permission?: Permission;
};
type TenantSpec<P, Q, B> = Spec<P, Q, B> & { auth: "tenant" };
type PublicSpec<P, Q, B> = Spec<P, Q, B> & { auth: "public" };

type Input<P, Q, B> = { params: Out<P>; query: Out<Q>; body: Out<B>; req: NextRequest; requestId: string };
type RouteContext = { params: Promise<Record<string, string | string[]>> };
export type RouteHandler = (req: NextRequest, context: RouteContext) => Promise<Response>;

const DEFAULT_MAX_BODY = 64 * 1024;

function parse<S>(schema: S | undefined, value: unknown, where: string): Out<S> {
  if (!schema) return undefined as Out<S>;
  const r = (schema as unknown as Schema).safeParse(value);
  if (!r.success) throw invalidInput(`Invalid ${where}`, zodFieldErrors(r.error.issues));
  return r.data as Out<S>;
}

function errorResponse(err: unknown, requestId: string, req: NextRequest): Response {
  const { problem, headers, expected } = toProblem(err, requestId);
  if (!expected) log.error("api.unexpected", { requestId, method: req.method, path: req.nextUrl.pathname, err });
  return NextResponse.json(problem, {
    status: problem.status,
    headers: { ...headers, "Content-Type": "application/problem+json" },
  });
}

// The names under which a request may name an organisation. Wherever one appears (path
// parameter, query or the body's top level), it must be the caller's own: the one check.
const ORG_KEYS = ["orgId", "organizationId"] as const;

function checkNamedOrganizations(ctx: AuthContext, ...sources: unknown[]): void {
  for (const source of sources) {
    if (!source || typeof source !== "object" || Array.isArray(source)) continue;
    for (const key of ORG_KEYS) {
      const claimed = (source as Record<string, unknown>)[key];
      if (claimed !== undefined && claimed !== null) requireOwnOrg(ctx, claimed);
    }
  }
}

/** The query as the schemas see it (the last value of a repeated key wins), after every value
 * and key, repeated ones included, was checked for control characters. */
function readQuery(req: NextRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of req.nextUrl.searchParams) {
    refuseControlText({ [k]: v });
    out[k] = lowerUuid(v);
  }
  return out;
}

/** Path parameters as Next decoded them (a string, or a string array for catch-all segments). */
function readParams(raw: Record<string, string | string[]> | undefined): Record<string, string | string[]> {
  const params = raw ?? {};
  refuseControlText(params);
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(params)) out[k] = Array.isArray(v) ? v.map(lowerUuid) : lowerUuid(v);
  return out;
}

// Every string of the params, query and body is checked (refuseControlText) and every UUID
// lower-cased before any schema or handler sees them: once, here, for every /api route.
async function parseInput<P, Q, B>(spec: Spec<P, Q, B>, req: NextRequest, context: RouteContext, ctx?: AuthContext) {
  const rawParams = readParams(await context.params);
  const rawQuery = readQuery(req);
  const raw = spec.body ? lowerCaseUuids(await readJsonBody(req, spec.maxBodyBytes ?? DEFAULT_MAX_BODY)) : undefined;
  // Another organisation named anywhere is "not found", before any schema detail.
  if (ctx) checkNamedOrganizations(ctx, rawParams, rawQuery, raw);
  const params = parse(spec.params, rawParams, "path parameters");
  const query = parse(spec.query, rawQuery, "query");
  const body = parse(spec.body, raw, "request body");
  return { params, query, body };
}

async function limitRate(
  spec: { rateLimit?: RateLimitName },
  req: NextRequest,
  orgId?: string,
  userId?: string,
): Promise<void> {
  if (!spec.rateLimit) return;
  await enforceRateLimit(spec.rateLimit, {
    address: clientAddress(req.headers.get("x-forwarded-for"), req.headers.get("x-real-ip")),
    orgId,
    userId,
  });
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new NextResponse(null, { status: 204 });
  return NextResponse.json(result);
}

/**
 * The one wrapper for every /api route: it declares the auth mode, the zod schemas for params,
 * query and body, and the permission needed, and maps every error to a problem response
 * (lib/errors/problem.ts).
 * - session: a signed-in user of the workspace named by the Host header (else 401; wrong role 403).
 * - tenant:  no sign-in, but the Host must name an existing workspace (else 404).
 * - public:  anyone, any host.
 */
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: SessionSpec<P, Q, B>,
  handler: (input: Input<P, Q, B> & { ctx: AuthContext }) => Promise<R>,
): RouteHandler;
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: TenantSpec<P, Q, B>,
  handler: (input: Input<P, Q, B> & { tenant: Tenant }) => Promise<R>,
): RouteHandler;
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: PublicSpec<P, Q, B>,
  handler: (input: Input<P, Q, B>) => Promise<R>,
): RouteHandler;
export function apiRoute(
  spec: SessionSpec<Schema, Schema, Schema> | TenantSpec<Schema, Schema, Schema> | PublicSpec<Schema, Schema, Schema>,
  // Each overload narrows the handler's input; the implementation only passes it along.
  handlerArg: (input: never) => Promise<unknown>,
): RouteHandler {
  const handler = handlerArg as (
    input: Input<Schema, Schema, Schema> & { ctx?: AuthContext; tenant?: Tenant },
  ) => Promise<unknown>;
  // A per-person limit counts the signed-in user: refused when the route is defined, not on a request.
  if (spec.rateLimit && RATE_LIMITS[spec.rateLimit].scope === "user" && spec.auth !== "session") {
    throw new Error(`rate limit '${spec.rateLimit}' is per user: the route needs auth: "session"`);
  }
  return async (req, context) => {
    const requestId = randomUUID();
    try {
      if (spec.auth === "session") {
        checkSameOrigin(req);
        const session = await currentSession();
        if (!session) {
          // An unknown workspace is a 404 whether or not a cookie came along.
          if ((await currentHost()).kind !== "main" && !(await currentTenant())) throw notFound("Workspace");
          throw unauthenticated();
        }
        if (spec.permission) requirePermission(session.ctx, spec.permission);
        await limitRate(spec, req, session.ctx.orgId, session.ctx.userId);
        const input = await parseInput(spec, req, context, session.ctx);
        return toResponse(await handler({ ...input, req, requestId, ctx: session.ctx }));
      }
      if (spec.auth === "tenant") {
        const tenant = await currentTenant();
        if (!tenant) throw notFound("Workspace");
        await limitRate(spec, req, tenant.orgId);
        const input = await parseInput(spec, req, context);
        return toResponse(await handler({ ...input, req, requestId, tenant }));
      }
      await limitRate(spec, req);
      const input = await parseInput(spec, req, context);
      return toResponse(await handler({ ...input, req, requestId }));
    } catch (err) {
      return errorResponse(err, requestId, req);
    }
  };
}
