import { test, expect, type Page } from "./support/test";
import http from "node:http";
import { randomBytes, randomInt } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { createWorkspace, e2eDb, type Workspace } from "./support/workspace";
import { hostOf, request, signIn, type HttpResponse } from "./support/http";
import { MAIN, signInAs, workspaceUrl } from "./support/pages";
import { E2E_PORT, ROOT } from "../../playwright.config";

// Response headers of the production server (scripts/serve.mjs + proxy.ts + next.config.mjs):
// a Content-Security-Policy with a fresh nonce on every page, and pages that run under it without
// a single violation; no-store on API answers; none of Next's x-middleware-* headers; HSTS only
// over HTTPS; server actions from another origin refused with 403; rate limits answer 429.

const DEMO = { sub: "freshleadershipworld", email: "admin@freshleadershipworld.com", password: "Pulsewell-demo-2026" };

function cspOf(res: HttpResponse): Map<string, string> {
  const value = res.headers["content-security-policy"];
  expect(typeof value, "Content-Security-Policy header").toBe("string");
  return new Map(
    String(value)
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)] as const),
  );
}

const nonceOf = (csp: Map<string, string>) => /'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp.get("script-src") ?? "")?.[1];

/** An open survey with one question and one invitation for the employee; the link's token is
 * known only to the test. */
async function openSurvey(ws: Workspace): Promise<{ surveyId: string; token: string }> {
  return runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "custom",
        title: "Headers check",
        status: "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + 7 * 86_400_000),
        minGroupSize: 3,
        invitedCount: 1,
      },
      select: { id: true },
    });
    await tx.surveyQuestion.create({
      data: {
        organizationId: ws.orgId,
        surveyId: s.id,
        order: 1,
        type: "scale",
        text: "I know what is expected of me at work.",
        isRequired: true,
      },
    });
    const token = randomBytes(32).toString("base64url");
    await tx.surveyInvitation.create({
      data: { organizationId: ws.orgId, surveyId: s.id, userId: ws.employee.id, tokenHash: hashToken(token) },
    });
    return { surveyId: s.id, token };
  });
}

test("every page carries a CSP whose fresh nonce is on each of its scripts", async () => {
  const ws = await createWorkspace("csp");
  const survey = await openSurvey(ws);
  const pages = [
    { host: ROOT, path: "/login" },
    { host: ROOT, path: "/trial" },
    { host: ROOT, path: "/signup" },
    { host: hostOf(ws.subdomain), path: "/login" },
    { host: hostOf(ws.subdomain), path: "/forgot-password" },
    { host: hostOf(ws.subdomain), path: `/surveys/${survey.surveyId}?token=${survey.token}` },
    // 404s: an unknown path, an internal segment, a reserved host; none may be a prerendered page
    // without nonces.
    { host: hostOf(ws.subdomain), path: "/no/such/page", status: 404 },
    { host: hostOf(ws.subdomain), path: `/t/${ws.subdomain}/settings`, status: 404 },
    { host: hostOf("admin"), path: "/", status: 404 },
  ];
  const nonces = new Set<string>();
  for (const p of pages) {
    const res = await request(p);
    expect(res.status, `${p.host}${p.path}`).toBe(p.status ?? 200);
    const csp = cspOf(res);
    const nonce = nonceOf(csp);
    expect(nonce, `${p.host}${p.path}: nonce`).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // js.stripe.com: the fallback host for browsers without 'strict-dynamic' (proxy.ts).
    expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonce}' 'strict-dynamic' https://js.stripe.com`);
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("form-action")).toBe(`'self' http://*.${ROOT}`);
    expect(csp.get("style-src")).toBe("'self' 'unsafe-inline'");
    const scripts = [...res.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length, `${p.host}${p.path}: scripts`).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag, `${p.host}${p.path}`).toContain(`nonce="${nonce}"`);
    nonces.add(nonce!);
  }
  // A fresh nonce for every response.
  expect(nonces.size).toBe(pages.length);
});

/** Collects the page's CSP violations (the event and Chrome's console report) and console errors. */
async function watch(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || /Content Security Policy/i.test(m.text()))
      problems.push(`console ${m.type()}: ${m.text()} (${page.url()})`);
  });
  page.on("pageerror", (e) => problems.push(`page error: ${e.message} (${page.url()})`));
  // Playwright's init scripts run outside the page's CSP, before any of its own scripts.
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations?: string[] };
    w.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      w.__cspViolations!.push(`${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return async () => {
    const seen = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    return [...problems, ...seen.map((v) => `violation: ${v} (${page.url()})`)];
  };
}

/** Visits a page, waits until it is hydrated (Next's flight data was pushed by its nonce'd
 * scripts) and quiet, and returns what went wrong on it. */
async function visit(page: Page, url: string, check: () => Promise<string[]>): Promise<string[]> {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
  expect(
    await page.evaluate(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f)),
    `${url}: Next's scripts ran`,
  ).toBe(true);
  return check();
}

test("the main pages run under the policy with no violation and no console error", async ({ page }) => {
  test.setTimeout(120_000);
  const check = await watch(page);
  const ws = await createWorkspace("cspb");
  const survey = await openSurvey(ws);
  const problems: string[] = [];
  for (const url of [
    `${MAIN}/trial`,
    `${MAIN}/login`,
    `${MAIN}/signup`,
    workspaceUrl(DEMO.sub, "/login"),
    workspaceUrl(DEMO.sub, "/forgot-password"),
  ]) {
    problems.push(...(await visit(page, url, check)));
  }
  // The survey an employee answers from the personal link, answered in the browser.
  problems.push(
    ...(await visit(page, workspaceUrl(ws.subdomain, `/surveys/${survey.surveyId}?token=${survey.token}`), check)),
  );

  // The signed-in app with real charts (the demo's pulse history), its pages, and a client-side
  // navigation that loads further chunks (allowed by 'strict-dynamic').
  await signInAs(page, DEMO.sub, DEMO.email, DEMO.password);
  await page.waitForLoadState("networkidle");
  problems.push(...(await check()));
  for (const path of ["/settings", "/surveys", "/pulse", "/reports", "/no/such/page"])
    problems.push(...(await visit(page, workspaceUrl(DEMO.sub, path), check)));
  await page.goto(workspaceUrl(DEMO.sub, "/"));
  await page.getByRole("navigation").first().getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(workspaceUrl(DEMO.sub, "/settings"));
  await page.waitForLoadState("networkidle");
  problems.push(...(await check()));
  // A 404 answer is reported by Chrome as a console error for the document itself; that is the
  // page's status, not a problem.
  expect(problems.filter((p) => !/Failed to load resource: the server responded with a status of 404/.test(p))).toEqual(
    [],
  );
});

test("form-action lets forms reach this site and the workspaces, nothing else; the finder and lead forms still land", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  // The policy itself: a form on the main site may go to a workspace (the company finder's
  // redirect target), not to another site. The forms are made by Playwright, outside the page's CSP.
  const context = await browser.newContext();
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on("console", (m) => {
    if (/form-action/.test(m.text())) blocked.push(m.text());
  });
  const submitTo = (target: string) =>
    page.evaluate((action) => {
      const form = document.createElement("form");
      form.method = "get";
      form.action = action;
      document.body.append(form);
      form.submit();
    }, target);
  await page.goto(`${MAIN}/login`);
  await submitTo(workspaceUrl(DEMO.sub, "/login"));
  await expect(page).toHaveURL(workspaceUrl(DEMO.sub, "/login"));
  expect(blocked).toEqual([]);
  await page.goto(`${MAIN}/login`);
  await submitTo("http://evil.example/collect");
  await expect.poll(() => blocked.length).toBe(1);
  expect(page.url()).toBe(`${MAIN}/login`);

  // The company finder sends the visitor to the workspace's sign-in (on a fresh page: the refused
  // submission leaves the old one waiting for a navigation that never comes).
  await page.goto(`${MAIN}/login`);
  await page.getByLabel("Company URL").fill(DEMO.sub);
  await page.getByRole("button", { name: "Go to Company Login" }).click();
  await expect(page).toHaveURL(workspaceUrl(DEMO.sub, "/login"));
  await context.close();

  // The landing page's lead form without JavaScript: a real form post whose answer is a redirect
  // to /signup (form-action applies to the redirect too).
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const lead = await noJs.newPage();
  await lead.goto(`${MAIN}/trial`);
  await lead.getByLabel("Company name").fill("Header Check Ltd");
  await lead.getByLabel("Your name").fill("Hedda Check");
  await lead.getByLabel("Work email").fill("hedda@headercheck.example");
  await lead.getByLabel("Team size").fill("12");
  await lead.getByRole("button", { name: "Start My Free Trial" }).click();
  await expect(lead).toHaveURL((u) => u.host === ROOT && u.pathname === "/signup");
  await noJs.close();
});

test("API answers are no-store, session and survey-taking ones included", async () => {
  const ws = await createWorkspace("nost");
  const survey = await openSurvey(ws);
  const cookie = (await signIn(ws.subdomain, ws.admin.email, "Victim-pass-2026"))!;
  expect(cookie).toBeTruthy();
  const host = hostOf(ws.subdomain);
  for (const r of [
    { host, path: "/api/auth/session", cookie },
    { host, path: "/api/users", cookie },
    { host, path: `/api/surveys/${survey.surveyId}?token=${survey.token}` },
    { host, path: `/api/surveys/${survey.surveyId}/questions?token=${survey.token}` },
    { host, path: "/api/users" }, // 401: even a refusal is not cached
  ]) {
    const res = await request(r);
    expect(res.status, `${r.path}: ${res.body}`).toBeLessThan(500);
    expect(res.headers["cache-control"], r.path).toBe("no-store");
    expect(res.headers["content-security-policy"], r.path).toBe("default-src 'none'; frame-ancestors 'none'");
  }
});

test("no x-middleware-* header reaches the client, rewritten pages and API alike", async () => {
  const ws = await createWorkspace("mw");
  for (const r of [
    { host: hostOf(ws.subdomain), path: "/login" },
    { host: hostOf(ws.subdomain), path: "/" },
    { host: ROOT, path: "/login" },
    { host: ROOT, path: "/" },
    { host: hostOf(ws.subdomain), path: "/no/such/page" },
    { host: hostOf(ws.subdomain), path: "/api/auth/session" },
    { host: hostOf(ws.subdomain), path: "/api/health" },
  ]) {
    const res = await request(r);
    expect(
      Object.keys(res.headers).filter((h) => h.startsWith("x-middleware-")),
      `${r.host}${r.path}`,
    ).toEqual([]);
  }
});

test("HSTS only over HTTPS: absent over plain HTTP, present when the proxy in front says https", async () => {
  const host = hostOf(DEMO.sub);
  for (const path of ["/login", "/api/health"]) {
    expect((await request({ host, path })).headers["strict-transport-security"], path).toBeUndefined();
    const https = await request({ host, path, headers: { "x-forwarded-proto": "https" } });
    expect(https.headers["strict-transport-security"], path).toBe("max-age=31536000; includeSubDomains");
  }
});

test("a server action posted from another origin is a 403, before Next's own check (which answered 500)", async () => {
  const host = hostOf(DEMO.sub);
  const action = (origin: string | null) =>
    request({
      host,
      path: "/forgot-password",
      method: "POST",
      headers: {
        "next-action": "7f".padEnd(42, "0"),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        ...(origin === null ? {} : { origin }),
      },
      body: "[]",
    });
  for (const origin of ["http://evil.example", `http://other.${ROOT}`, `http://${ROOT}`, "null"]) {
    const res = await action(origin);
    expect(res.status, origin).toBe(403);
    expect(res.body).toContain("Cross-site request refused");
  }
  // Its own origin is not refused here (an unknown action id is Next's to answer, not with 5xx).
  const own = await action(`http://${host}`);
  expect(own.status).not.toBe(403);
  expect(own.status).toBeLessThan(500);
});

/** A GET from a loopback address of its own (127.x.y.z), so that this test's rate-limit window is
 * its own and no other test's requests from 127.0.0.1 count against it, or it against them. */
function getFrom(localAddress: string, path: string): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: E2E_PORT, path, localAddress, headers: { host: ROOT } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) as unknown });
        });
      },
    );
    req.on("error", reject);
    req.end();
  });
}

test("check-subdomain answers 429 with Retry-After once an address used up its minute (60 checks)", async () => {
  const address = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`;
  const path = `/api/signup/check-subdomain/free${randomBytes(3).toString("hex")}`;
  for (let i = 1; i <= 60; i++) {
    const res = await getFrom(address, path);
    expect(res.status, `check ${i}: ${res.body}`).toBe(200);
  }
  const refused = await getFrom(address, path);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(refused.json()).toMatchObject({ status: 429, code: "rate_limited" });
  expect(refused.headers["cache-control"]).toBe("no-store");
  // Another address is unaffected.
  expect((await getFrom(`127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(2, 255)}`, path)).status).toBe(200);
});
