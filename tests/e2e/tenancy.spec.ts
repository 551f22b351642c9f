import { test, expect } from "./support/test";
import { hostOf, json, request, signIn, signInResponse } from "./support/http";
import { createWorkspace, PASSWORD, type Workspace } from "./support/workspace";
import { ROOT } from "../../playwright.config";

// The workspace is resolved from the Host header on the server for every page and route; none of
// the usual tricks reaches another workspace's data.
let a: Workspace;
let b: Workspace;
let cookieA: string;

test.beforeAll(async () => {
  [a, b] = await Promise.all([createWorkspace("ta"), createWorkspace("tb")]);
  cookieA = (await signIn(a.subdomain, a.admin.email, PASSWORD))!;
  expect(cookieA).toBeTruthy();
});

test("an unknown workspace is a 404 page", async () => {
  const res = await request({ host: hostOf("nosuchcompany"), path: "/" });
  expect(res.status).toBe(404);
  expect(res.body).toContain("Page Not Found");
  const api = await json({ host: hostOf("nosuchcompany"), path: "/api/auth/session" });
  expect(api.status).toBe(404);
});

test("a reserved or foreign host is not a workspace", async () => {
  expect((await request({ host: hostOf("admin"), path: "/" })).status).toBe(404);
  expect((await request({ host: "acme.example.com", path: "/" })).status).toBe(404);
});

test("the internal segment path cannot be requested directly", async () => {
  for (const host of [hostOf(a.subdomain), ROOT]) {
    const res = await request({ host, path: `/t/${b.subdomain}/settings`, cookie: cookieA });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(b.admin.email);
  }
});

test("credentials of one workspace do not sign in to another", async () => {
  expect(await signIn(b.subdomain, a.admin.email, PASSWORD)).toBeNull();
  expect(await signIn(a.subdomain, a.admin.email, "wrong-password-1A")).toBeNull();
});

test("X-Forwarded-Host, x-middleware-subrequest and internal headers change nothing", async () => {
  const spoofs: Record<string, string>[] = [
    { "x-forwarded-host": hostOf(b.subdomain) },
    { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
    { "x-middleware-subrequest": "proxy:proxy:proxy:proxy:proxy" },
    { "x-pulsewell-tenant": b.subdomain },
  ];
  for (const headers of spoofs) {
    // Signed in to A, asking A's host while claiming B: still A's own data only.
    const own = await request({ host: hostOf(a.subdomain), path: "/api/auth/session", cookie: cookieA, headers });
    expect(own.status).toBe(200);
    expect(own.body).toContain(a.admin.email);
    const foreign = await request({
      host: hostOf(a.subdomain),
      path: `/api/notifications/${b.admin.id}/${b.orgId}`,
      cookie: cookieA,
      headers,
    });
    expect(foreign.status).toBe(404);
    // No cookie on B's host: the proxy bypass header does not skip authentication.
    const page = await request({ host: hostOf(b.subdomain), path: "/settings", headers });
    expect(page.status).toBe(307);
    expect(page.headers.location).toMatch(/\/login\?callbackUrl=%2Fsettings$/);
  }
});

test("the main host on localhost shows the public site at its root and hands app pages to the demo workspace", async () => {
  const home = await request({ host: ROOT, path: "/" });
  expect(home.status).toBe(200);
  expect(home.body).toContain("Know how your team really feels");
  expect(home.body).toContain(`href="http://freshleadershipworld.${ROOT}/login"`);
  const res = await request({ host: ROOT, path: "/settings/billing?x=1" });
  expect(res.status).toBe(307);
  expect(res.headers.location).toBe(`http://freshleadershipworld.${ROOT}/settings/billing?x=1`);
  const finder = await request({ host: ROOT, path: "/login" });
  expect(finder.status).toBe(200);
  expect(finder.body).toContain("Company URL");
});

test("bad API input gets a clear 400 and changes nothing", async () => {
  const host = hostOf(a.subdomain);
  const malformed = await request({
    host,
    path: `/api/notifications/${a.notificationId}/read`,
    method: "PATCH",
    cookie: cookieA,
    headers: { "content-type": "application/json" },
    body: "{not json",
  });
  expect(malformed.status).toBe(400);
  expect(malformed.body).toContain("Malformed JSON");
  const wrongType = await json({
    host,
    path: `/api/notifications/${a.notificationId}/read`,
    method: "PATCH",
    cookie: cookieA,
    body: { userId: 42 },
  });
  expect(wrongType.status).toBe(400);
  expect((wrongType.json() as { fields: Record<string, string[]> }).fields).toHaveProperty("userId");
  const oversize = await json({
    host,
    path: `/api/notifications/${a.notificationId}/read`,
    method: "PATCH",
    cookie: cookieA,
    body: { userId: a.admin.id, pad: "x".repeat(70_000) },
  });
  expect(oversize.status).toBe(400);
  expect(oversize.body).toContain("too large");
  const badId = await json({
    host,
    path: `/api/notifications/not-a-uuid/read`,
    method: "PATCH",
    cookie: cookieA,
    body: {},
  });
  expect(badId.status).toBe(400);
  const unauth = await json({ host, path: `/api/notifications/${a.admin.id}/${a.orgId}` });
  expect(unauth.status).toBe(401);
  const crossSite = await request({
    host,
    path: `/api/notifications/${a.notificationId}/read`,
    method: "PATCH",
    cookie: cookieA,
    headers: { "content-type": "application/json", origin: `http://${hostOf(b.subdomain)}` },
    body: "{}",
  });
  expect(crossSite.status).toBe(403);
  // None of the refused calls marked it read.
  const list = await json({ host, path: `/api/notifications/${a.admin.id}/${a.orgId}`, cookie: cookieA });
  expect((list.json() as { id: string; isRead: boolean }[]).find((n) => n.id === a.notificationId)?.isRead).toBe(false);
});

test("a session cookie kept after sign-out is worthless (server-side sessions)", async () => {
  const host = hostOf(a.subdomain);
  // Through the first client's logout route...
  const c1 = (await signIn(a.subdomain, a.employee.email, PASSWORD))!;
  expect((await json({ host, path: "/api/auth/session", cookie: c1 })).status).toBe(200);
  expect((await json({ host, path: "/api/auth/logout", method: "POST", cookie: c1 })).status).toBe(200);
  expect((await json({ host, path: "/api/auth/session", cookie: c1 })).status).toBe(401);
  // ...and through next-auth's own sign-out endpoint.
  const c2 = (await signIn(a.subdomain, a.employee.email, PASSWORD))!;
  const csrf = await request({ host, path: "/api/auth/csrf", cookie: c2 });
  const csrfCookie = (csrf.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const { csrfToken } = csrf.json() as { csrfToken: string };
  await request({
    host,
    path: "/api/auth/signout",
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, json: "true" }).toString(),
    cookie: `${c2}; ${csrfCookie}`,
  });
  expect((await json({ host, path: "/api/auth/session", cookie: c2 })).status).toBe(401);
});

test("the session cookie is host-only: sent to its own workspace, never to a sibling", async () => {
  const res = await signInResponse(a.subdomain, a.admin.email, PASSWORD);
  const session = (res.headers["set-cookie"] ?? []).find((c) => c.startsWith("next-auth.session-token="));
  expect(session).toBeTruthy();
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
  expect(session).not.toMatch(/Domain=/i);
});
