import { beforeEach, describe, expect, it, vi } from "vitest";
import { NextRequest } from "next/server";
import { z } from "zod";
import type { AuthContext } from "@/lib/auth/context";

// The wrapper's own contract, without a server: the session and workspace look-ups are replaced,
// everything else (body reading, schemas, error mapping, logging) is the real code.
const session = vi.hoisted(() => ({ current: null as { ctx: AuthContext } | null }));
vi.mock("@/lib/auth/current-session", () => ({ currentSession: async () => session.current }));
vi.mock("@/lib/tenancy/resolve", () => ({
  currentHost: async () => ({ kind: "tenant", subdomain: "acme" }),
  currentTenant: async () => ({ orgId: ORG, subdomain: "acme" }),
}));
// The read-only look-up is the one database read the wrapper makes; here the workspace is
// read-only or not as a test says (tests/integration/read-only-rule.test.ts reads the real row).
const readOnly = vi.hoisted(() => ({ workspace: false, asked: [] as string[] }));
vi.mock("@/lib/billing/access", async () => {
  const { conflict } = await import("@/lib/errors/domain-error");
  const { READ_ONLY_MESSAGE } = await import("@/lib/billing/status");
  return {
    refuseWhenReadOnly: async (orgId: string) => {
      readOnly.asked.push(orgId);
      if (readOnly.workspace) throw conflict("workspace_read_only", READ_ONLY_MESSAGE);
    },
  };
});

const ORG = "11111111-1111-4111-8111-111111111111";
const OTHER_ORG = "22222222-2222-4222-8222-222222222222";
const admin: AuthContext = {
  orgId: ORG,
  userId: "33333333-3333-4333-8333-333333333333",
  role: "admin",
  sessionId: "44444444-4444-4444-8444-444444444444",
};

const { apiRoute } = await import("@/lib/api/route");
const { log } = await import("@/lib/log/logger");

const noParams = { params: Promise.resolve({}) };
const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new NextRequest("http://acme.localhost:3000/api/thing", {
    method: "POST",
    body,
    headers: { host: "acme.localhost:3000", ...headers },
  });

const echo = apiRoute(
  {
    auth: "session",
    permission: "people.manage",
    body: z.object({ name: z.string().min(1), organizationId: z.string().optional() }),
  },
  async ({ body }) => ({ got: body.name }),
);

beforeEach(() => {
  session.current = { ctx: admin };
  readOnly.workspace = false;
  readOnly.asked = [];
  vi.restoreAllMocks();
});

describe("apiRoute", () => {
  it('refuses a "refuse" route in a read-only workspace with 409 after sign-in and permission, before the body is read', async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const route = apiRoute(
      { auth: "session", permission: "people.manage", readOnly: "refuse", body: z.object({ name: z.string() }) },
      handler,
    );
    readOnly.workspace = true;
    // Malformed JSON is never read: the answer is the read-only one.
    const res = await route(post("{not json"), noParams);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      code: "workspace_read_only",
      error:
        "This workspace is read-only because its subscription has ended. An admin of your organisation can subscribe again.",
    });
    expect(readOnly.asked).toEqual([ORG]);
    // Signed out and the wrong role are told so first, without a look at the workspace.
    session.current = null;
    expect((await route(post("{}"), noParams)).status).toBe(401);
    session.current = { ctx: { ...admin, role: "employee" } };
    expect((await route(post("{}"), noParams)).status).toBe(403);
    expect(readOnly.asked).toEqual([ORG]);
    expect(handler).not.toHaveBeenCalled();
    // Writable again: the same route runs.
    session.current = { ctx: admin };
    readOnly.workspace = false;
    expect((await route(post(JSON.stringify({ name: "x" })), noParams)).status).toBe(200);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('never asks about the workspace for an "allow" route or a reading method', async () => {
    readOnly.workspace = true;
    const allowed = apiRoute({ auth: "session", readOnly: "allow" }, async () => ({ ok: true }));
    expect((await allowed(post("{}"), noParams)).status).toBe(200);
    const read = apiRoute({ auth: "session" }, async () => ({ ok: true }));
    expect((await read(new NextRequest("http://acme.localhost:3000/api/thing"), noParams)).status).toBe(200);
    expect(readOnly.asked).toEqual([]);
  });

  it("answers an unexpected error with 500, a generic message and the request id that the log carries", async () => {
    const errorLog = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const boom = apiRoute({ auth: "public" }, async () => {
      throw new Error("connection string postgres://secret@db");
    });
    const res = await boom(new NextRequest("http://localhost:3000/api/x"), noParams);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body.error).toBe("Something went wrong. Please try again.");
    expect(JSON.stringify(body)).not.toContain("secret");
    expect(body.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(errorLog).toHaveBeenCalledWith("api.unexpected", expect.objectContaining({ requestId: body.requestId }));
  });

  it("refuses another organisation's id in the body with 404 (as a foreign row id), before the handler runs", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const route = apiRoute({ auth: "session", body: z.object({ organizationId: z.string() }) }, handler);
    const res = await route(post(JSON.stringify({ organizationId: OTHER_ORG })), noParams);
    expect(res.status).toBe(404);
    expect(handler).not.toHaveBeenCalled();
    expect((await route(post(JSON.stringify({ organizationId: ORG })), noParams)).status).toBe(200);
  });

  it("gives 400 with field messages for a schema failure, malformed JSON, an empty or oversize body", async () => {
    const bad = await echo(post(JSON.stringify({ name: 42 })), noParams);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string[]> }).fields.name?.[0]).toMatch(/expected string/i);
    const malformed = await echo(post("{nope"), noParams);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "Malformed JSON in request body" });
    expect((await echo(post(""), noParams)).status).toBe(400);
    // No Content-Length to trust: the limit is counted as the body streams in.
    const huge = new NextRequest("http://acme.localhost:3000/api/thing", {
      method: "POST",
      headers: { host: "acme.localhost:3000", "content-type": "application/json" },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 80; i++) c.enqueue(new TextEncoder().encode(" ".repeat(1024)));
          c.close();
        },
      }),
      duplex: "half",
    } as NonNullable<ConstructorParameters<typeof NextRequest>[1]>);
    const tooBig = await echo(huge, noParams);
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toMatchObject({ error: expect.stringMatching(/too large/) });
    expect((await echo(post(JSON.stringify({ name: "ok" })), noParams)).status).toBe(200);
  });

  it("says 401 without a session, 403 for a role not allowed and for a cross-site post", async () => {
    session.current = null;
    expect((await echo(post(JSON.stringify({ name: "x" })), noParams)).status).toBe(401);
    session.current = { ctx: { ...admin, role: "employee" } };
    expect((await echo(post(JSON.stringify({ name: "x" })), noParams)).status).toBe(403);
    session.current = { ctx: admin };
    const crossSite = post(JSON.stringify({ name: "x" }), {
      "content-type": "application/json",
      origin: "https://evil.example",
    });
    expect((await echo(crossSite, noParams)).status).toBe(403);
  });
  describe("text and ids at the edge", () => {
    const ID = "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d";
    const get = (path: string) =>
      new NextRequest(`http://acme.localhost:3000${path}`, { headers: { host: "acme.localhost:3000" } });
    const params = (p: Record<string, string | string[]>) => ({ params: Promise.resolve(p) });
    const spy = () =>
      vi.fn(async (input: { params: unknown; query: unknown; body: unknown }) => ({
        params: input.params,
        query: input.query,
        body: input.body,
      }));

    it("refuses a NUL or another control character anywhere in the body with 400, naming the field; the handler never runs", async () => {
      const handler = spy();
      const route = apiRoute({ auth: "session", body: z.unknown() }, handler);
      for (const bad of [
        { name: "a\u0000b" },
        { answers: [{ text: "ok" }, { text: "bell\u0007" }] },
        { ["k\u0000"]: "v" },
        ["\u001b[31m"],
      ]) {
        const res = await route(post(JSON.stringify(bad)), noParams);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: "Text may not contain control characters" });
      }
      const named = await route(post(JSON.stringify({ answers: [{ text: "ok" }, { text: "x\u0000" }] })), noParams);
      expect(((await named.json()) as { fields: Record<string, string[]> }).fields).toEqual({
        "answers.1.text": ["Text may not contain control characters"],
      });
      expect(handler).not.toHaveBeenCalled();
    });

    it("refuses a lone surrogate in the JSON text and a body that is not UTF-8", async () => {
      const handler = spy();
      const route = apiRoute({ auth: "public", body: z.unknown() }, handler);
      // Written out as JSON escapes: JSON.stringify would keep them as escapes too.
      for (const text of ['{"name":"\\ud800"}', '{"name":"x\\udc00y"}', '["\\udbff"]']) {
        const res = await route(post(text), noParams);
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ error: "Text may not contain control characters" });
      }
      const latin1 = new NextRequest("http://acme.localhost:3000/api/thing", {
        method: "POST",
        headers: { host: "acme.localhost:3000", "content-type": "application/json" },
        body: new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]),
      });
      const notUtf8 = await route(latin1, noParams);
      expect(notUtf8.status).toBe(400);
      expect(await notUtf8.json()).toMatchObject({ error: "Request body is not valid UTF-8" });
      expect(handler).not.toHaveBeenCalled();
      // A well-formed pair (an emoji) is ordinary text.
      expect((await route(post('{"name":"\\ud83d\\ude00"}'), noParams)).status).toBe(200);
    });

    it("refuses control characters in query values, query keys and path parameters, even where the route declares no schema", async () => {
      const handler = spy();
      const withSchemas = apiRoute(
        { auth: "session", params: z.object({ id: z.string() }), query: z.object({ search: z.string().optional() }) },
        handler,
      );
      const bare = apiRoute({ auth: "session" }, handler);
      const cases: [typeof bare, string, Record<string, string | string[]>][] = [
        [withSchemas, "/api/users?search=a%00b", { id: "x" }],
        [withSchemas, "/api/users?search=%1F", { id: "x" }],
        [bare, "/api/users?a%00=1", {}],
        [withSchemas, "/api/users/x", { id: "a\u0000b" }],
        [bare, "/api/files/a/b", { path: ["a", "b\u0008"] }],
      ];
      for (const [route, path, p] of cases) {
        const res = await route(get(path), params(p));
        expect(res.status, path).toBe(400);
        expect(await res.json()).toMatchObject({ error: "Text may not contain control characters" });
      }
      expect(handler).not.toHaveBeenCalled();
    });

    it("lets tab, line feed and carriage return through, so multi-line answers keep working", async () => {
      const handler = spy();
      const route = apiRoute({ auth: "session", body: z.object({ comment: z.string() }) }, handler);
      const comment = "first line\r\nsecond\tline\n";
      const res = await route(post(JSON.stringify({ comment }), { "content-type": "application/json" }), noParams);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { body: { comment: string } }).body.comment).toBe(comment);
      const q = apiRoute({ auth: "session", query: z.object({ q: z.string() }) }, handler);
      expect((await q(get("/api/x?q=a%09b%0Ac"), noParams)).status).toBe(200);
    });

    it("hands upper-case UUIDs to the schemas and the handler lower-cased, in params, query and body (passwords excepted)", async () => {
      const handler = spy();
      const route = apiRoute(
        {
          auth: "session",
          params: z.object({ id: z.uuid() }),
          query: z.object({ teamId: z.uuid() }),
          body: z.object({
            managerId: z.uuid(),
            ids: z.array(z.uuid()),
            nested: z.object({ userId: z.uuid() }),
            note: z.string(),
            newPassword: z.string(),
          }),
        },
        handler,
      );
      const UP = ID.toUpperCase();
      const withQuery = new NextRequest(`http://acme.localhost:3000/api/thing?teamId=${UP}`, {
        method: "POST",
        headers: { host: "acme.localhost:3000", "content-type": "application/json" },
        body: JSON.stringify({
          managerId: UP,
          ids: [UP, ID],
          nested: { userId: UP },
          note: `not an id ${UP}`,
          newPassword: UP,
        }),
      });
      const ok = await route(withQuery, params({ id: UP }));
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({
        params: { id: ID },
        query: { teamId: ID },
        body: { managerId: ID, ids: [ID, ID], nested: { userId: ID }, note: `not an id ${UP}`, newPassword: UP },
      });
    });

    it("takes the caller's own organisation id in upper case as their own", async () => {
      const route = apiRoute({ auth: "session", body: z.object({ organizationId: z.uuid() }) }, async ({ body }) => ({
        org: body.organizationId,
      }));
      const res = await route(post(JSON.stringify({ organizationId: ORG.toUpperCase() })), noParams);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ org: ORG });
    });

    it("survives a body nested far deeper than a recursive walk could go", async () => {
      const route = apiRoute({ auth: "public", body: z.unknown(), maxBodyBytes: 256 * 1024 }, async () => ({
        ok: true,
      }));
      const depth = 60_000;
      expect((await route(post("[".repeat(depth) + '"\\u0000"' + "]".repeat(depth)), noParams)).status).toBe(400);
      expect((await route(post("[".repeat(depth) + "]".repeat(depth)), noParams)).status).toBe(200);
    });
  });
});
