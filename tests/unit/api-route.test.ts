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

const ORG = "11111111-1111-4111-8111-111111111111";
const OTHER_ORG = "22222222-2222-4222-8222-222222222222";
const admin: AuthContext = { orgId: ORG, userId: "33333333-3333-4333-8333-333333333333", role: "admin", sessionId: "44444444-4444-4444-8444-444444444444" };

const { apiRoute } = await import("@/lib/api/route");
const { log } = await import("@/lib/log/logger");

const noParams = { params: Promise.resolve({}) };
const post = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new NextRequest("http://acme.localhost:3000/api/thing", { method: "POST", body, headers: { host: "acme.localhost:3000", ...headers } });

const echo = apiRoute({ auth: "session", roles: ["admin"], body: z.object({ name: z.string().min(1), organizationId: z.string().optional() }) }, async ({ body }) => ({ got: body.name }));

beforeEach(() => {
  session.current = { ctx: admin };
  vi.restoreAllMocks();
});

describe("apiRoute", () => {
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

  it("refuses another organisation's id in the body with 403, before the handler runs", async () => {
    const handler = vi.fn(async () => ({ ok: true }));
    const route = apiRoute({ auth: "session", body: z.object({ organizationId: z.string() }) }, handler);
    const res = await route(post(JSON.stringify({ organizationId: OTHER_ORG })), noParams);
    expect(res.status).toBe(403);
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
    const crossSite = post(JSON.stringify({ name: "x" }), { "content-type": "application/json", origin: "https://evil.example" });
    expect((await echo(crossSite, noParams)).status).toBe(403);
  });
});
