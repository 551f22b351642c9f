import "server-only";
import { randomUUID } from "node:crypto";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import type { Permission } from "@/lib/auth/permissions";
import { requirePermission } from "@/lib/auth/authorize";
import { currentSession } from "@/lib/auth/current-session";
import { currentHost, currentTenant, type Tenant } from "@/lib/tenancy/resolve";
import { invalidInput, notFound, unauthenticated } from "@/lib/errors/domain-error";
import { toProblem, zodFieldErrors } from "@/lib/errors/problem";
import { lowerCaseUuids, lowerUuid, readJsonBody, refuseControlText } from "@/lib/api/body";
import { checkSameOrigin } from "@/lib/api/same-origin";
import { RATE_LIMITS, enforceRateLimit, type RateLimitName } from "@/lib/api/rate-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { log } from "@/lib/log/logger";
import { entitiesOf } from "@/lib/validation/entity-id";
import { recordingRouteWrites } from "@/lib/db/read-routing";
import { refuseWhenReadOnly, type ReadOnlyRule } from "@/lib/billing/access";

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
  /** Whether a request that passes every declared check may change data (default: every method but
   * GET and HEAD). A route that writes only for a secret the request must carry and no test or
   * attacker can have (a sign-in link's token, a recovery key, a survey link's token) says false:
   * the fuzz test then checks that even its valid requests change nothing. */
  writes?: boolean;
  /** The message of the 400 a body that fails its schema gets (default "Invalid request body"); the
   * field messages are the schema's own either way. */
  invalidBodyMessage?: string;
};

/** Routes of a workspace (session and tenant) say what they do once it is read-only. */
type WorkspaceRule = {
  /** What this method does in a read-only workspace (its subscription ended): "allow" runs it,
   * "refuse" answers 409 workspace_read_only after the sign-in, permission and rate limit and
   * before the input is read, so nothing is written or sent. Every method that may change data
   * declares it (tests/unit/route-declarations.test.ts fails on one that does not); the families
   * are in CONTRIBUTING.md (Read-only workspaces). */
  readOnly?: ReadOnlyRule;
};

type SessionSpec<P, Q, B> = Spec<P, Q, B> &
  WorkspaceRule & {
    auth: "session";
    /** From the one permission map (lib/auth/permissions.ts); without it any signed-in role may call. */
    permission?: Permission;
    /** Keys of the path, query or body (top level) that name a user and must name the caller: any
     * other user's id answers 404, as another organisation's id does. Default ["userId"]. */
    ownUser?: readonly string[];
  };
/** A cross-site request is refused (403) unless the route says it takes them (`sameOrigin: false`). */
type TenantSpec<P, Q, B> = Spec<P, Q, B> & WorkspaceRule & { auth: "tenant"; sameOrigin?: boolean };
// No workspace is known to a public or main-site route (signup, the Stripe webhook): no rule.
type PublicSpec<P, Q, B> = Spec<P, Q, B> & { auth: "public"; sameOrigin?: boolean; readOnly?: never };
type MainSpec<P, Q, B> = Spec<P, Q, B> & { auth: "main"; sameOrigin?: boolean; readOnly?: never };
type AnySpec =
  | SessionSpec<Schema, Schema, Schema>
  | TenantSpec<Schema, Schema, Schema>
  | PublicSpec<Schema, Schema, Schema>
  | MainSpec<Schema, Schema, Schema>;

/**
 * What a route is, for one method, as its apiRoute() call declared it with every default
 * resolved: the one description tests derive their checks from (tests/support/route-declarations.ts).
 */
export type RouteDeclaration = {
  auth: "session" | "tenant" | "public" | "main";
  permission?: Permission;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  maxBodyBytes: number;
  rateLimit?: RateLimitName;
  /** Whether a request of this method with another site's Origin is refused (403). */
  sameOrigin: boolean;
  /** Path, query or body keys that must hold the caller's own user id (404 otherwise). */
  ownUser: readonly string[];
  /** Path, query or body keys that must hold the caller's own organisation id (404 otherwise). */
  ownOrganization: readonly string[];
  /** Whether a request that passes the declared checks may change data (see Spec.writes). */
  writes: boolean;
  /** What it does in a read-only workspace, as declared (absent when the route did not say). */
  readOnly?: ReadOnlyRule;
};

type Input<P, Q, B> = { params: Out<P>; query: Out<Q>; body: Out<B>; req: NextRequest; requestId: string };
type RouteContext = { params: Promise<Record<string, string | string[]>> };
type RouteHandler = (req: NextRequest, context: RouteContext) => Promise<Response>;
/** A route handler that tells what it is, for the method it is exported as. */
export type DeclaredRoute = RouteHandler & { declarationFor: (method: string) => RouteDeclaration };

const DEFAULT_MAX_BODY = 64 * 1024;

function parse<S>(schema: S | undefined, value: unknown, where: string, message = `Invalid ${where}`): Out<S> {
  if (!schema) return undefined as Out<S>;
  const r = (schema as unknown as Schema).safeParse(value);
  if (!r.success) throw invalidInput(message, zodFieldErrors(r.error.issues));
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

// The names under which a request may name an organisation, whatever its schemas say. Wherever
// one appears (path parameter, query or the body's top level), or a key whose schema names an
// organisation (entityId("organization")), it must be the caller's own: the one check.
const ORG_KEYS = ["orgId", "organizationId"] as const;
// The name under which a request names its own user, unless the route says otherwise.
const OWN_USER_KEYS = ["userId"] as const;

const SAFE_METHODS = new Set(["GET", "HEAD"]);

function organizationKeys(spec: AnySpec): string[] {
  const keys = new Set<string>(ORG_KEYS);
  for (const schema of [spec.params, spec.query, spec.body]) {
    for (const [key, entity] of Object.entries(entitiesOf(schema))) if (entity === "organization") keys.add(key);
  }
  return [...keys];
}

/** The declaration of `spec` for requests of `method`: the defaults the wrapper applies, spelled out. */
function routeDeclaration(spec: AnySpec, method: string): RouteDeclaration {
  const unsafe = !SAFE_METHODS.has(method.toUpperCase());
  const session = spec.auth === "session";
  // GET and HEAD change nothing, so another site may make them: the check applies to the rest.
  const sameOrigin = unsafe && (session || (spec.sameOrigin ?? true));
  return {
    auth: spec.auth,
    ...(session && spec.permission ? { permission: spec.permission } : {}),
    ...(spec.params ? { params: spec.params } : {}),
    ...(spec.query ? { query: spec.query } : {}),
    ...(spec.body ? { body: spec.body } : {}),
    maxBodyBytes: spec.maxBodyBytes ?? DEFAULT_MAX_BODY,
    ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
    sameOrigin,
    ownUser: session ? (spec.ownUser ?? OWN_USER_KEYS) : [],
    ownOrganization: session ? organizationKeys(spec) : [],
    writes: spec.writes ?? unsafe,
    ...(spec.readOnly ? { readOnly: spec.readOnly } : {}),
  };
}

/** Every key of `keys` present in a source (path parameters, query, body) must equal `own`. A value
 * that is no string at all is a wrong type, which the route's schema refuses with a 400 naming the
 * field, as any other wrong type is. */
function checkNamed(keys: readonly string[], own: string, what: string, ...sources: unknown[]): void {
  for (const source of sources) {
    if (!source || typeof source !== "object" || Array.isArray(source)) continue;
    for (const key of keys) {
      const claimed = (source as Record<string, unknown>)[key];
      if (typeof claimed !== "string") continue;
      if (claimed.toLowerCase() !== own) throw notFound(what);
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
async function parseInput(
  spec: AnySpec,
  declared: RouteDeclaration,
  req: NextRequest,
  context: RouteContext,
  ctx?: AuthContext,
) {
  const rawParams = readParams(await context.params);
  const rawQuery = readQuery(req);
  const raw = spec.body ? lowerCaseUuids(await readJsonBody(req, declared.maxBodyBytes)) : undefined;
  // Another organisation or another user named anywhere is "not found", before any schema detail.
  if (ctx) {
    checkNamed(declared.ownOrganization, ctx.orgId, "Organisation", rawParams, rawQuery, raw);
    checkNamed(declared.ownUser, ctx.userId, "User", rawParams, rawQuery, raw);
  }
  const params = parse(spec.params, rawParams, "path parameters");
  const query = parse(spec.query, rawQuery, "query");
  const body = parse(spec.body, raw, "request body", spec.invalidBodyMessage);
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
 * query and body, the permission needed and the route's other rules, and maps every error to a
 * problem response (lib/errors/problem.ts). The returned handler carries that declaration
 * (`declarationFor(method)`), so tests read what a route is from the route itself.
 * - session: a signed-in user of the workspace named by the Host header (else 401; wrong role 403).
 * - tenant:  no sign-in, but the Host must name an existing workspace (else 404).
 * - main:    the main (marketing) site only: any workspace host answers 404, before anything else.
 * - public:  anyone, any host.
 * Every session route, and every tenant or main route unless it says `sameOrigin: false`, refuses
 * a request other than GET or HEAD whose Origin is another site (403). A session or tenant route
 * declared `readOnly: "refuse"` answers 409 workspace_read_only in a read-only workspace.
 */
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: SessionSpec<P, Q, B>,
  handler: (input: Input<P, Q, B> & { ctx: AuthContext }) => Promise<R>,
): DeclaredRoute;
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: TenantSpec<P, Q, B>,
  handler: (input: Input<P, Q, B> & { tenant: Tenant }) => Promise<R>,
): DeclaredRoute;
export function apiRoute<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R>(
  spec: PublicSpec<P, Q, B> | MainSpec<P, Q, B>,
  handler: (input: Input<P, Q, B>) => Promise<R>,
): DeclaredRoute;
export function apiRoute(
  spec: AnySpec,
  // Each overload narrows the handler's input; the implementation only passes it along.
  handlerArg: (input: never) => Promise<unknown>,
): DeclaredRoute {
  const handler = handlerArg as (
    input: Input<Schema, Schema, Schema> & { ctx?: AuthContext; tenant?: Tenant },
  ) => Promise<unknown>;
  // A per-person limit counts the signed-in user: refused when the route is defined, not on a request.
  if (spec.rateLimit && RATE_LIMITS[spec.rateLimit].scope === "user" && spec.auth !== "session") {
    throw new Error(`rate limit '${spec.rateLimit}' is per user: the route needs auth: "session"`);
  }
  const declarations = new Map<string, RouteDeclaration>();
  const declarationFor = (method: string): RouteDeclaration => {
    const key = method.toUpperCase();
    let found = declarations.get(key);
    if (!found) declarations.set(key, (found = routeDeclaration(spec, key)));
    return found;
  };
  const route = async (req: NextRequest, context: RouteContext): Promise<Response> => {
    const requestId = randomUUID();
    try {
      const declared = declarationFor(req.method);
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
        if (declared.readOnly === "refuse") await refuseWhenReadOnly(session.ctx.orgId);
        const input = await parseInput(spec, declared, req, context, session.ctx);
        return toResponse(await handler({ ...input, req, requestId, ctx: session.ctx }));
      }
      if (spec.auth === "tenant") {
        const tenant = await currentTenant();
        if (!tenant) throw notFound("Workspace");
        if (declared.sameOrigin) checkSameOrigin(req);
        await limitRate(spec, req, tenant.orgId);
        if (declared.readOnly === "refuse") await refuseWhenReadOnly(tenant.orgId);
        const input = await parseInput(spec, declared, req, context);
        return toResponse(await handler({ ...input, req, requestId, tenant }));
      }
      // Signup and its checks exist on the main site only; a workspace host has no such route.
      if (spec.auth === "main" && (await currentHost()).kind !== "main") throw notFound();
      if (declared.sameOrigin) checkSameOrigin(req);
      await limitRate(spec, req);
      const input = await parseInput(spec, declared, req, context);
      return toResponse(await handler({ ...input, req, requestId }));
    } catch (err) {
      return errorResponse(err, requestId, req);
    }
  };
  return Object.assign(recordingRouteWrites(route, declarationFor), { declarationFor });
}
