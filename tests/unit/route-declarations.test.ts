import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";
import { entitiesOf, entityId, entityKey, entityOf } from "@/lib/validation/entity-id";
import { loadRouteDeclarations, type RouteDeclarationEntry } from "../support/route-declarations";

// What every /api route declares, read from the routes themselves (tests/support/route-declarations.ts),
// and the wrapper modes those declarations switch on, tried on apiRoute directly: the session and
// the host are replaced, everything else is the real code.
const state = vi.hoisted(() => ({
  session: null as { ctx: AuthContext } | null,
  host: "tenant" as "tenant" | "main",
}));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => state.session }));
vi.mock("@/lib/tenancy/resolve", () => ({
  currentHost: async () => (state.host === "main" ? { kind: "main" } : { kind: "tenant", subdomain: "acme" }),
  currentTenant: async () => (state.host === "main" ? null : { orgId: ORG, subdomain: "acme" }),
}));

const ORG = "11111111-1111-4111-8111-111111111111";
const OTHER_ORG = "22222222-2222-4222-8222-222222222222";
const ME = "33333333-3333-4333-8333-333333333333";
const SOMEONE_ELSE = "55555555-5555-4555-8555-555555555555";
const admin: AuthContext = { orgId: ORG, userId: ME, role: "admin", sessionId: "44444444-4444-4444-8444-444444444444" };

const { apiRoute } = await import("@/lib/api/route");

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Route files whose handlers are not built with apiRoute(), with why. */
const NOT_DECLARED: Record<string, string> = {
  "app/api/auth/[...nextauth]/route.ts":
    "next-auth's own endpoints (sign-in, CSRF token, sign-out), which guard their input themselves before next-auth runs",
};

/** Path parameters of session and tenant routes that name no row, with why. */
const NOT_A_ROW: Record<string, string> = {
  "app/api/auth/quick-login/[subdomain]/route.ts POST subdomain": "the workspace's name, compared with the host's",
  "app/api/notifications/[key]/[sub]/route.ts PATCH sub": 'the literal "read"',
  "app/api/leadership-content/builtin/[id]/hidden/route.ts PUT id":
    "a built-in item's slug, the same in every workspace",
  "app/api/leadership-content/builtin/[id]/hidden/route.ts DELETE id":
    "a built-in item's slug, the same in every workspace",
};

/** Top-level body and query fields named like ids that name no row of ours, with why. */
const NOT_A_ROW_FIELD: Record<string, string> = {
  setupIntentId: "Stripe's id of a SetupIntent, checked with Stripe",
  suggestionId: "a suggestion's slug from the built-in list",
};

function pathParams(file: string): string[] {
  return [...file.matchAll(/\[([^\].]+)\]/g)].map((m) => m[1]!);
}

function objectKeys(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: { shape?: Record<string, unknown>; in?: unknown } } } | undefined)?._zod?.def;
  if (def?.shape) return Object.keys(def.shape);
  return def?.in ? objectKeys(def.in) : [];
}

describe("route declarations", () => {
  let routes: RouteDeclarationEntry[];
  beforeAll(async () => {
    routes = await loadRouteDeclarations();
  }, 120_000);

  it("finds every route file and method, each declared through apiRoute but the ones listed with a reason", () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(new Set(routes.map((r) => r.file)).size).toBeGreaterThan(80);
    const undeclared = routes.filter((r) => !r.declaration && !NOT_DECLARED[r.file]);
    expect(undeclared.map((r) => `${r.method} ${r.file}`)).toEqual([]);
    for (const file of Object.keys(NOT_DECLARED)) {
      expect(
        routes.filter((r) => r.file === file).every((r) => r.declaration === null),
        file,
      ).toBe(true);
    }
    // The /api catch-all is a route like any other: public, answering 404 to every method, writing nothing.
    const rest = routes.filter((r) => r.file === "app/api/[...rest]/route.ts");
    expect(rest.map((r) => r.method).sort()).toEqual(["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"]);
    expect(rest.every((r) => r.declaration?.auth === "public" && !r.declaration.writes)).toBe(true);
  });

  it("gives every path parameter of a session or tenant route a schema and the entity it names", () => {
    const missing: string[] = [];
    for (const { file, method, declaration } of routes) {
      if (!declaration || (declaration.auth !== "session" && declaration.auth !== "tenant")) continue;
      const declared = objectKeys(declaration.params);
      const entities = entitiesOf(declaration.params);
      for (const name of pathParams(file)) {
        if (!declared.includes(name)) missing.push(`${method} ${file}: ${name} has no schema`);
        else if (!entities[name] && !NOT_A_ROW[`${file} ${method} ${name}`])
          missing.push(`${method} ${file}: ${name} names no entity`);
      }
    }
    expect(missing).toEqual([]);
    for (const key of Object.keys(NOT_A_ROW)) {
      const [file, method] = key.split(" ");
      expect(
        routes.some((r) => r.file === file && r.method === method),
        key,
      ).toBe(true);
    }
  });

  it("gives every top-level id field of a body or query the entity it names", () => {
    const missing: string[] = [];
    for (const { file, method, declaration } of routes) {
      if (!declaration) continue;
      for (const [where, schema] of [
        ["body", declaration.body],
        ["query", declaration.query],
      ] as const) {
        const entities = entitiesOf(schema);
        for (const key of objectKeys(schema)) {
          if (/(Id|Ids)$/.test(key) && !entities[key] && !NOT_A_ROW_FIELD[key] && key !== "organizationId")
            missing.push(`${method} ${file}: ${where}.${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it("resolves the same-origin rule, the own-user keys and writes per method", () => {
    const problems: string[] = [];
    for (const { file, method, declaration: d } of routes) {
      if (!d) continue;
      const safe = method === "GET" || method === "HEAD";
      if (safe && d.sameOrigin) problems.push(`${method} ${file}: same-origin on a safe method`);
      if (!safe && (d.auth === "session" || d.auth === "main") && !d.sameOrigin)
        problems.push(`${method} ${file}: ${d.auth} route without the same-origin rule`);
      if (d.auth === "session" && !d.ownUser.length) problems.push(`${method} ${file}: no own-user keys`);
      if (d.auth !== "session" && d.ownUser.length) problems.push(`${method} ${file}: own-user keys without a session`);
      if (safe && d.writes) problems.push(`${method} ${file}: a ${method} that writes`);
      // A declared own-user key must be one the route reads, or it checks nothing.
      const keys = [...objectKeys(d.params), ...objectKeys(d.query), ...objectKeys(d.body)];
      for (const key of d.ownUser)
        if (key !== "userId" && !keys.includes(key)) problems.push(`${method} ${file}: ownUser ${key} is read nowhere`);
    }
    expect(problems).toEqual([]);
    const find = (file: string, method: string) =>
      routes.find((r) => r.file === `app/api/${file}/route.ts` && r.method === method)?.declaration;
    // Spot checks that pin the declarations this file cannot derive.
    expect(find("billing/webhook", "POST")).toMatchObject({ auth: "public", sameOrigin: false, writes: true });
    expect(find("surveys/responses", "POST")).toMatchObject({ auth: "tenant", sameOrigin: true, writes: false });
    expect(find("auth/quick-login/[subdomain]", "POST")).toMatchObject({ auth: "tenant", sameOrigin: true });
    expect(find("signup/complete", "POST")).toMatchObject({ auth: "main", sameOrigin: true, writes: true });
    expect(find("signup/check-subdomain/[subdomain]", "GET")).toMatchObject({ auth: "main", writes: false });
    expect(find("chat/conversations/[key]", "GET")?.ownUser).toEqual(["key"]);
    expect(find("chat/conversations/[key]", "PATCH")?.ownUser).toEqual(["userId"]);
    expect(find("notifications/[key]/[sub]", "GET")?.ownOrganization).toContain("sub");
    expect(find("ai/categorize-content", "POST")?.writes).toBe(false);
    expect(find("teams", "POST")?.writes).toBe(true);
  });

  it("declares the read-only rule on every session or tenant method that may change data, and none elsewhere", () => {
    const problems: string[] = [];
    for (const { file, method, declaration: d } of routes) {
      if (!d) continue;
      const inWorkspace = d.auth === "session" || d.auth === "tenant";
      const mayChange = d.writes || (method !== "GET" && method !== "HEAD");
      if (inWorkspace && mayChange && d.readOnly !== "allow" && d.readOnly !== "refuse")
        problems.push(`${method} ${file}: no readOnly ("allow" or "refuse")`);
      if (!inWorkspace && d.readOnly) problems.push(`${method} ${file}: readOnly on a ${d.auth} route`);
      // A reading method refuses nothing: "refuse" there would hide a workspace's own data.
      if (!mayChange && d.readOnly === "refuse") problems.push(`${method} ${file}: a reading method refused`);
    }
    expect(problems).toEqual([]);
    const rule = (file: string, method: string) =>
      routes.find((r) => r.file === `app/api/${file}/route.ts` && r.method === method)?.declaration?.readOnly;
    // Spot checks of the families CONTRIBUTING.md (Read-only workspaces) names.
    expect(rule("teams", "POST")).toBe("refuse");
    expect(rule("meetings/one-on-one/[meetingId]/cancel", "POST")).toBe("refuse");
    expect(rule("chat/conversations/[key]", "PATCH")).toBe("refuse");
    expect(rule("chat/conversations/[key]", "DELETE")).toBe("allow");
    expect(rule("users/[id]", "DELETE")).toBe("allow");
    expect(rule("billing/upgrade", "POST")).toBe("allow");
    expect(rule("surveys/responses", "POST")).toBe("allow");
    expect(rule("notifications/[key]/[sub]", "PATCH")).toBe("allow");
  });

  it("has no route check the host, the origin, the organisation or the user by hand", () => {
    const handWritten =
      /\b(checkSameOrigin|requireMainHost|currentHost|requireOwnOrg)\s*\(|[!=]==?\s*ctx\.userId\b|ctx\.userId\s*[!=]==?/;
    const offenders = [...new Set(routes.map((r) => r.file))].filter((file) =>
      handWritten.test(readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});

describe("apiRoute's modes", () => {
  const noParams = { params: Promise.resolve({}) };
  const params = (p: Record<string, string>) => ({ params: Promise.resolve(p) });
  const request = (method: string, body?: unknown, headers: Record<string, string> = {}) =>
    new NextRequest("http://acme.localhost:3000/api/thing", {
      method,
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      headers: { host: "acme.localhost:3000", "content-type": "application/json", ...headers },
    });
  const ok = () => vi.fn(async () => ({ ok: true }));

  beforeEach(() => {
    state.session = { ctx: admin };
    state.host = "tenant";
  });

  it('auth "main": a workspace host answers 404 before the body is read; the main site parses with the route\'s message', async () => {
    const handler = ok();
    const route = apiRoute(
      { auth: "main", body: z.object({ name: z.string().min(1, "Name is required") }), invalidBodyMessage: "Fix it." },
      handler,
    );
    expect((await route(request("POST", "{not json"), noParams)).status).toBe(404);
    expect((await route(request("POST", { name: "x" }), noParams)).status).toBe(404);
    expect(handler).not.toHaveBeenCalled();
    state.host = "main";
    const bad = await route(request("POST", { name: "" }), noParams);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "Fix it.", fields: { name: ["Name is required"] } });
    expect((await route(request("POST", { name: "x" }), noParams)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it("refuses another site's post to every route by default, never a GET; sameOrigin: false opts out", async () => {
    const evil = { origin: "https://evil.example" };
    const own = { origin: "http://acme.localhost:3000" };
    const tenant = apiRoute({ auth: "tenant", body: z.object({}) }, ok());
    expect((await tenant(request("POST", {}, evil), noParams)).status).toBe(403);
    expect((await tenant(request("POST", {}, own), noParams)).status).toBe(200);
    expect((await tenant(request("POST", {}), noParams)).status).toBe(200);
    const tenantGet = apiRoute({ auth: "tenant" }, ok());
    expect((await tenantGet(request("GET", undefined, evil), noParams)).status).toBe(200);
    const open = apiRoute({ auth: "tenant", body: z.object({}), sameOrigin: false }, ok());
    expect((await open(request("POST", {}, evil), noParams)).status).toBe(200);
    const pub = apiRoute({ auth: "public", body: z.object({}) }, ok());
    expect((await pub(request("POST", {}, evil), noParams)).status).toBe(403);
    const hook = apiRoute({ auth: "public", body: z.object({}), sameOrigin: false }, ok());
    expect((await hook(request("POST", {}, evil), noParams)).status).toBe(200);
    const session = apiRoute({ auth: "session", body: z.object({}) }, ok());
    expect((await session(request("DELETE", {}, evil), noParams)).status).toBe(403);
    state.host = "main";
    const main = apiRoute({ auth: "main", body: z.object({}) }, ok());
    expect((await main(request("POST", {}, evil), noParams)).status).toBe(403);
    expect((await main(request("POST", {}, { origin: "http://acme.localhost:3000" }), noParams)).status).toBe(200);
  });

  it("answers another user's id under an own-user key 404, like another organisation's, before the handler", async () => {
    const handler = ok();
    const byBody = apiRoute({ auth: "session", body: z.object({ userId: entityId("user").optional() }) }, handler);
    expect((await byBody(request("POST", { userId: SOMEONE_ELSE }), noParams)).status).toBe(404);
    expect((await byBody(request("POST", { userId: "not-a-uuid" }), noParams)).status).toBe(404);
    expect(handler).not.toHaveBeenCalled();
    expect((await byBody(request("POST", { userId: ME.toUpperCase() }), noParams)).status).toBe(200);
    expect((await byBody(request("POST", {}), noParams)).status).toBe(200);
    // A value of the wrong type is the schema's: a 400 naming the field, not a 404.
    const wrongType = await byBody(request("POST", { userId: 42 }), noParams);
    expect(wrongType.status).toBe(400);
    expect(await wrongType.json()).toMatchObject({ fields: { userId: expect.any(Array) } });

    const byPath = apiRoute(
      { auth: "session", params: z.object({ key: entityId("user") }), ownUser: ["key"] },
      async ({ params: p }) => ({ key: p.key }),
    );
    const foreign = await byPath(request("GET"), params({ key: SOMEONE_ELSE }));
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: "User not found" });
    expect((await byPath(request("GET"), params({ key: ME }))).status).toBe(200);

    // A key whose schema names an organisation is checked like orgId, whatever it is called.
    const byOrgEntity = apiRoute({ auth: "session", params: z.object({ sub: entityId("organization") }) }, ok());
    expect((await byOrgEntity(request("GET"), params({ sub: OTHER_ORG }))).status).toBe(404);
    expect((await byOrgEntity(request("GET"), params({ sub: ORG }))).status).toBe(200);
  });

  it("declares per method: writes, same-origin and the own keys, with the route's own choices kept", () => {
    const route = apiRoute({ auth: "session", params: z.object({ orgId: entityId("organization") }) }, ok());
    expect(route.declarationFor("GET")).toMatchObject({ auth: "session", sameOrigin: false, writes: false });
    expect(route.declarationFor("post")).toMatchObject({ sameOrigin: true, writes: true, maxBodyBytes: 64 * 1024 });
    expect(route.declarationFor("POST").ownUser).toEqual(["userId"]);
    expect(route.declarationFor("POST").ownOrganization).toEqual(["orgId", "organizationId"]);
    const reads = apiRoute({ auth: "tenant", writes: false, sameOrigin: false }, ok());
    expect(reads.declarationFor("POST")).toMatchObject({ writes: false, sameOrigin: false, ownUser: [] });
  });
});

describe("entity ids", () => {
  it("keep zod's check and the given message, and name their entity through the usual wrappers", () => {
    const id = entityId("team", "Unknown team");
    expect(id.safeParse("nope").error?.issues[0]?.message).toBe("Unknown team");
    expect(id.safeParse(ORG).success).toBe(true);
    expect(entityOf(id)).toBe("team");
    expect(entityOf(id.optional().nullable())).toBe("team");
    expect(entityOf(z.array(entityId("team")))).toBe("team");
    expect(entityOf(z.string().trim().pipe(entityId("user")))).toBe("user");
    expect(entityOf(z.union([z.literal("latest"), entityId("survey")]).default("latest"))).toBe("survey");
    expect(entityOf(z.union([entityId("user"), entityId("team")]))).toBeUndefined();
    expect(entityOf(z.uuid())).toBeUndefined();
    expect(entityOf(entityKey("meeting"))).toBe("meeting");
    expect(entityKey("meeting").safeParse("not-a-uuid").success).toBe(true);
    expect(
      entitiesOf(
        z.object({ teamId: entityId("team").optional(), name: z.string() }).extend({ ownerId: entityId("user") }),
      ),
    ).toEqual({ teamId: "team", ownerId: "user" });
  });
});
