import { test, expect } from "./support/test";
import { randomBytes } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { createWorkspace, e2eDb, PASSWORD, type Workspace } from "./support/workspace";
import { hostOf, json, request, signIn, type HttpResponse } from "./support/http";
import { signupBody } from "./support/signup";
import { ROOT } from "../../playwright.config";

// Input no route should choke on, sent raw to the production server (scripts/serve.mjs): control
// characters and lone surrogates in bodies, malformed percent-escapes in paths, methods nobody
// serves. Each gets a 4xx in the usual shape and stores nothing; none gets a 5xx.

const CONTROL = "Text may not contain control characters";

function expectRefused(res: HttpResponse, status: number, error?: string | RegExp): void {
  expect(res.status, res.body).toBe(status);
  if (error !== undefined) expect((res.json() as { error: string }).error).toMatch(error);
}

/** An open survey with a text question and one invitation for the employee, made directly in the
 * database as the sender leaves it; the link's token is known only to the test. */
async function openSurvey(ws: Workspace): Promise<{ surveyId: string; questionId: string; token: string }> {
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "custom",
        title: "Edge input",
        status: "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + 7 * 86_400_000),
        minGroupSize: 3,
        invitedCount: 1,
      },
      select: { id: true },
    });
    const q = await tx.surveyQuestion.create({
      data: {
        organizationId: ws.orgId,
        surveyId: s.id,
        order: 1,
        type: "text",
        text: "Anything else?",
        isRequired: true,
      },
      select: { id: true },
    });
    const token = randomBytes(32).toString("base64url");
    await tx.surveyInvitation.create({
      data: { organizationId: ws.orgId, surveyId: s.id, userId: ws.employee.id, tokenHash: hashToken(token) },
    });
    return { surveyId: s.id, questionId: q.id, token };
  });
}

const stored = (ws: Workspace, surveyId: string) =>
  runInOrg(e2eDb(), ws.orgId, async (tx) => ({
    pending: await tx.surveyPendingResponse.count({ where: { organizationId: ws.orgId, surveyId } }),
    // Each stored answer carries its link's marker (the single-use check); the invitation is never written.
    marked: await tx.surveyPendingResponse.count({
      where: { organizationId: ws.orgId, surveyId, marker: { not: null } },
    }),
  }));

test("a NUL or a lone surrogate in a survey answer is a 400 that stores nothing; newlines still pass", async () => {
  const ws = await createWorkspace("edge");
  const { surveyId, questionId, token } = await openSurvey(ws);
  const host = hostOf(ws.subdomain);
  const submit = (answer: string) =>
    json({
      host,
      path: "/api/surveys/responses",
      method: "POST",
      body: { surveyId, token, responses: [{ questionId, answer }] },
    });

  expectRefused(await submit("before\u0000after"), 400, CONTROL);
  expectRefused(await submit("escape \u001b[2J"), 400, CONTROL);
  // JSON.stringify writes a lone surrogate as the escape "\ud800", as an attacker's client would.
  expectRefused(await submit("half \ud800 a pair"), 400, CONTROL);
  expect(await stored(ws, surveyId)).toEqual({ pending: 0, marked: 0 });

  const ok = await submit("First line\r\nsecond line\twith a tab");
  expect(ok.status, ok.body).toBe(201);
  expect(await stored(ws, surveyId)).toEqual({ pending: 1, marked: 1 });
});

test("a NUL or a lone surrogate in a signup is a 400 and creates no workspace", async () => {
  const subdomain = `edge${randomBytes(4).toString("hex")}`;
  const body = (over: Record<string, unknown>) => ({ ...signupBody(subdomain, PASSWORD), ...over });
  expectRefused(
    await json({
      host: ROOT,
      path: "/api/signup/complete",
      method: "POST",
      body: body({ companyName: "Acme\u0000Corp" }),
    }),
    400,
    CONTROL,
  );
  expectRefused(
    await json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: body({ lastName: "Oka\udfffor" }) }),
    400,
    CONTROL,
  );
  expectRefused(
    await json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: body({ firstName: "N\u0000" }) }),
    400,
    CONTROL,
  );
  const check = await json({ host: ROOT, path: `/api/signup/check-subdomain/${subdomain}` });
  expect(check.status, check.body).toBe(200);
  expect(check.json()).toMatchObject({ available: true });
});

test("a name holding a link, markup or a line break is a 400 with the field's message, in signup and when an admin adds or renames a person", async () => {
  const NAME = "Names cannot contain links, '<', '>' or line breaks";
  const subdomain = `edgen${randomBytes(4).toString("hex")}`;
  for (const firstName of [
    "Bob http://evil.example",
    "evil.example",
    "<b>Bob</b>",
    "Bob\r\nBcc: x@evil.example",
    "A\u202eB",
  ]) {
    const res = await json({
      host: ROOT,
      path: "/api/signup/complete",
      method: "POST",
      body: { ...signupBody(subdomain, PASSWORD), firstName },
    });
    expectRefused(res, 400);
    expect((res.json() as { fields: Record<string, string[]> }).fields, JSON.stringify(firstName)).toEqual({
      firstName: [NAME],
    });
  }
  const check = await json({ host: ROOT, path: `/api/signup/check-subdomain/${subdomain}` });
  expect(check.json()).toMatchObject({ available: true });

  const ws = await createWorkspace("edgen");
  const host = hostOf(ws.subdomain);
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  const person = {
    firstName: "Nia",
    lastName: "www.evil.example",
    email: `nia.${randomBytes(3).toString("hex")}@example.com`,
    role: "employee",
  };
  const added = await json({ host, cookie, path: "/api/users", method: "POST", body: person });
  expectRefused(added, 400);
  expect((added.json() as { fields: Record<string, string[]> }).fields).toEqual({ lastName: [NAME] });
  const renamed = await json({
    host,
    cookie,
    path: `/api/users/${ws.employee.id}`,
    method: "PUT",
    body: { firstName: "Eve\nX-Evil: 1", lastName: "Poe", email: ws.employee.email, role: "employee" },
  });
  expectRefused(renamed, 400);
  expect((renamed.json() as { fields: Record<string, string[]> }).fields).toEqual({ firstName: [NAME] });
  const names = await runInOrg(e2eDb(), ws.orgId, (tx) =>
    tx.user.findMany({
      where: { organizationId: ws.orgId, OR: [{ email: person.email }, { firstName: { contains: "Evil" } }] },
      select: { id: true },
    }),
  );
  expect(names).toEqual([]);
  // A real name with dots, an apostrophe and an accent still goes in.
  const real = await json({
    host,
    cookie,
    path: "/api/users",
    method: "POST",
    body: { ...person, firstName: "J.R.", lastName: "O'Brien-St. Zoë" },
  });
  expect(real.status, real.body).toBe(201);
});

test("a malformed percent-escape or a control character in a path is a 400, for routes and pages alike", async () => {
  const ws = await createWorkspace("edgep");
  const host = hostOf(ws.subdomain);
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  expect(cookie).toBeTruthy();
  for (const path of [
    "/api/users/%E0%A4%A",
    "/api/users/%",
    "/api/surveys/%ZZ/status",
    "/api/users/%ED%A0%80",
    "/api/users/a%00b",
  ]) {
    const res = await request({ host, path, cookie });
    expect(res.status, path).toBe(400);
    expect(res.json(), path).toHaveProperty("error");
  }
  for (const path of ["/surveys/%", "/surveys/%E0%A4%A", "/people%C0%80", "/surveys/a%00b"]) {
    expect((await request({ host, path, cookie })).status, path).toBe(400);
    expect((await request({ host: ROOT, path })).status, path).toBe(400);
  }
  // A well-formed escape still reaches the route, which answers as it always did.
  expect((await request({ host, path: "/api/users/not%20an%20id", cookie })).status).toBe(400);
  expect((await request({ host, path: `/api/users/${ws.employee.id.toUpperCase()}`, cookie })).status).toBe(200);
});

test("TRACE and other methods nobody serves are a 405", async () => {
  const host = hostOf("freshleadershipworld");
  for (const [method, path] of [
    ["TRACE", "/"],
    ["TRACE", "/api/users"],
    ["TRACE", "/login"],
    ["PROPFIND", "/api/users"],
  ]) {
    const res = await request({ host, path: path!, method: method! });
    expect(res.status, `${method} ${path}`).toBe(405);
    expect(res.headers.allow).toContain("GET");
  }
});

test("GET of the credentials callback is a 405; signing in by POST still works", async () => {
  const ws = await createWorkspace("edgea");
  const host = hostOf(ws.subdomain);
  for (const path of [
    "/api/auth/callback/credentials",
    "/api/auth/callback/credentials?email=a&password=b",
    "/api/auth/callback/nope",
  ]) {
    const res = await request({ host, path });
    expect([404, 405], `${path}: ${res.status} ${res.body}`).toContain(res.status);
  }
  expect((await request({ host: ROOT, path: "/api/auth/callback/credentials" })).status).toBeLessThan(500);
  expect(await signIn(ws.subdomain, ws.admin.email, PASSWORD)).toMatch(/^next-auth\.session-token=/);
});

// The 5xx kinds the fuzz once tolerated (tests/e2e/fuzz.spec.ts, KNOWN_5XX), one request each, so
// the fixes hold whatever the fuzz's seed.

const ACTION_ID = "7f".padEnd(42, "0");
const BOUNDARY = "----edge0123456789";
const multipartBody = (parts: [string, string][]) =>
  parts
    .map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join("") + `--${BOUNDARY}--\r\n`;

test("next-auth: a JSON POST whose body is not JSON is a 400", async () => {
  const host = hostOf("freshleadershipworld");
  for (const body of ["{not json", ""]) {
    const res = await request({
      host,
      path: "/api/auth/callback/credentials",
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect((res.json() as { code: string }).code).toBe("invalid_input");
  }
});

test("next-auth: a callbackUrl that is not this site's is a 400, in the query or the cookie", async () => {
  const host = hostOf("freshleadershipworld");
  const query = await request({ host, path: "/api/auth/signin?callbackUrl=javascript:alert(1)" });
  expect(query.status, query.body).toBe(400);
  const cookie = await request({ host, path: "/api/auth/csrf", cookie: "next-auth.callback-url=javascript:alert(1)" });
  expect(cookie.status, cookie.body).toBe(400);
  expect(String(cookie.headers["set-cookie"])).toContain("next-auth.callback-url=;");
  // This site's own pages still pass.
  expect(
    (await request({ host, path: `/api/auth/csrf?callbackUrl=${encodeURIComponent(`http://${host}/dashboard`)}` }))
      .status,
  ).toBe(200);
  expect(
    (await request({ host, path: "/api/auth/csrf", cookie: `next-auth.callback-url=http://${host}/dashboard` })).status,
  ).toBe(200);
});

test("next-auth: an unreadable Host is a 404", async () => {
  const res = await request({ host: "a b@c:99999", path: "/api/auth/csrf" });
  expect(res.status, res.body).toBe(404);
});

test("asterisk-form request-targets: OPTIONS * is a 204, any other a 400", async () => {
  const host = hostOf("freshleadershipworld");
  const options = await request({ host, path: "*", method: "OPTIONS" });
  expect(options.status).toBe(204);
  expect(options.headers.allow).toContain("GET");
  expect((await request({ host, path: "*" })).status).toBe(400);
  expect((await request({ host, path: "*/login", method: "POST", body: "x" })).status).toBe(400);
});

test("a form post to a page with a foreign, null or malformed Origin is a 403; a Host in another case is the same site", async () => {
  const host = hostOf("freshleadershipworld");
  const post = (origin: string, h = host) =>
    request({
      host: h,
      path: "/login",
      method: "POST",
      headers: { origin, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody([["email", "x"]]),
    });
  for (const origin of ["http://evil.example", "null", "http://exa mple"])
    expect((await post(origin)).status, origin).toBe(403);
  const sameInOtherCase = await post(`http://${host}`, host.toUpperCase());
  expect(sameInOtherCase.status, sameInOtherCase.body).toBeLessThan(500);
  expect(sameInOtherCase.status).not.toBe(403);
});

test("a malformed multipart or action body is a 400", async () => {
  const host = hostOf("freshleadershipworld");
  const origin = `http://${host}`;
  const cases: { headers: Record<string, string>; body: string }[] = [
    // Multipart Next cannot parse: no boundary, truncated.
    { headers: { "content-type": "multipart/form-data" }, body: multipartBody([["email", "x"]]) },
    {
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody([["email", "x"]]).slice(0, -10),
    },
    {
      headers: { "next-action": ACTION_ID, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody([["0", "[1"]]),
    },
    // Replies React never writes: a dangling reference, arguments that are not a list, not JSON.
    { headers: { "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8" }, body: '["$Q1"]' },
    { headers: { "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8" }, body: '{"a":1}' },
    { headers: { "next-action": ACTION_ID, "content-type": "text/plain;charset=UTF-8" }, body: "[1," },
    {
      headers: { "next-action": ACTION_ID, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: multipartBody([["0", '["$@9"]']]),
    },
  ];
  for (const c of cases) {
    const res = await request({
      host,
      path: "/login",
      method: "POST",
      headers: { ...c.headers, origin, accept: "text/x-component" },
      body: c.body,
    });
    expect(res.status, `${JSON.stringify(c)}: ${res.body}`).toBe(400);
  }
});

test("an action body over 1 MB is a 413", async () => {
  const host = hostOf("freshleadershipworld");
  const body = multipartBody([
    ["0", '[null,"$K1"]'],
    ["_1_email", "e".repeat(1_100_000)],
  ]);
  const res = await request({
    host,
    path: "/login",
    method: "POST",
    headers: {
      "next-action": ACTION_ID,
      "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
      origin: `http://${host}`,
    },
    body,
  });
  expect(res.status).toBe(413);
});

test("a POST to an /api path no route serves is a 404, even as a server action", async () => {
  const host = hostOf("freshleadershipworld");
  for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
    const res = await request({
      host,
      path: "/api/mail-retry",
      method,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: method === "GET" ? undefined : "a=1",
    });
    expect(res.status, `${method}: ${res.body}`).toBe(404);
    expect((res.json() as { code: string }).code).toBe("not_found");
  }
  // With RSC: 1 (what answered 500), Next first sends the client to its ?_rsc= address; the route
  // then answers 404 there.
  for (const type of ["application/x-www-form-urlencoded", `multipart/form-data; boundary=${BOUNDARY}`]) {
    const res = await request({
      host,
      path: "/api/nope",
      method: "POST",
      headers: { rsc: "1", "content-type": type },
      body: "garbage",
    });
    expect([307, 404], `${type}: ${res.status} ${res.body}`).toContain(res.status);
  }
});
