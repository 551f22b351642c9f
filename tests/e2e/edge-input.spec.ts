import { test, expect } from "@playwright/test";
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
      data: { organizationId: ws.orgId, kind: "custom", title: "Edge input", status: "active", scheduledFor: new Date(now), sentAt: new Date(now), closesAt: new Date(now + 7 * 86_400_000), minGroupSize: 3, invitedCount: 1 },
      select: { id: true },
    });
    const q = await tx.surveyQuestion.create({ data: { organizationId: ws.orgId, surveyId: s.id, order: 1, type: "text", text: "Anything else?", isRequired: true }, select: { id: true } });
    const token = randomBytes(32).toString("base64url");
    await tx.surveyInvitation.create({ data: { organizationId: ws.orgId, surveyId: s.id, userId: ws.employee.id, tokenHash: hashToken(token) } });
    return { surveyId: s.id, questionId: q.id, token };
  });
}

const stored = (ws: Workspace, surveyId: string) =>
  runInOrg(e2eDb(), ws.orgId, async (tx) => ({
    pending: await tx.surveyPendingResponse.count({ where: { organizationId: ws.orgId, surveyId } }),
    spent: await tx.surveyInvitation.count({ where: { organizationId: ws.orgId, surveyId, used: true } }),
  }));

test("a NUL or a lone surrogate in a survey answer is a 400 that stores nothing; newlines still pass", async () => {
  const ws = await createWorkspace("edge");
  const { surveyId, questionId, token } = await openSurvey(ws);
  const host = hostOf(ws.subdomain);
  const submit = (answer: string) => json({ host, path: "/api/surveys/responses", method: "POST", body: { surveyId, token, responses: [{ questionId, answer }] } });

  expectRefused(await submit("before\u0000after"), 400, CONTROL);
  expectRefused(await submit("escape \u001b[2J"), 400, CONTROL);
  // JSON.stringify writes a lone surrogate as the escape "\ud800", as an attacker's client would.
  expectRefused(await submit("half \ud800 a pair"), 400, CONTROL);
  expect(await stored(ws, surveyId)).toEqual({ pending: 0, spent: 0 });

  const ok = await submit("First line\r\nsecond line\twith a tab");
  expect(ok.status, ok.body).toBe(201);
  expect(await stored(ws, surveyId)).toEqual({ pending: 1, spent: 1 });
});

test("a NUL or a lone surrogate in a signup is a 400 and creates no workspace", async () => {
  const subdomain = `edge${randomBytes(4).toString("hex")}`;
  const body = (over: Record<string, unknown>) => ({ ...signupBody(subdomain, PASSWORD), ...over });
  expectRefused(await json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: body({ companyName: "Acme\u0000Corp" }) }), 400, CONTROL);
  expectRefused(await json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: body({ lastName: "Oka\udfffor" }) }), 400, CONTROL);
  expectRefused(await json({ host: ROOT, path: "/api/signup/complete", method: "POST", body: body({ firstName: "N\u0000" }) }), 400, CONTROL);
  const check = await json({ host: ROOT, path: `/api/signup/check-subdomain/${subdomain}` });
  expect(check.status, check.body).toBe(200);
  expect(check.json()).toMatchObject({ available: true });
});

test("a malformed percent-escape or a control character in a path is a 400, for routes and pages alike", async () => {
  const ws = await createWorkspace("edgep");
  const host = hostOf(ws.subdomain);
  const cookie = (await signIn(ws.subdomain, ws.admin.email, PASSWORD))!;
  expect(cookie).toBeTruthy();
  for (const path of ["/api/users/%E0%A4%A", "/api/users/%", "/api/surveys/%ZZ/status", "/api/users/%ED%A0%80", "/api/users/a%00b"]) {
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
  for (const path of ["/api/auth/callback/credentials", "/api/auth/callback/credentials?email=a&password=b", "/api/auth/callback/nope"]) {
    const res = await request({ host, path });
    expect([404, 405], `${path}: ${res.status} ${res.body}`).toContain(res.status);
  }
  expect((await request({ host: ROOT, path: "/api/auth/callback/credentials" })).status).toBeLessThan(500);
  expect(await signIn(ws.subdomain, ws.admin.email, PASSWORD)).toMatch(/^next-auth\.session-token=/);
});
