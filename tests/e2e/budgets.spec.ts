// Page weight budgets: the JavaScript a page makes the browser download before it can
// run: every distinct <script src> of the
// page's HTML, fetched and gzipped at level 9, summed. A bare Next 16 App Router page with one
// client component downloads about 170 KiB gz on this stack, so a page's own cost is its figure
// minus that. Budgets over that bare page: 30 KiB for public pages and the survey page, 120 KiB
// for every page of the signed-in app. Sizes only, never times. Fails when a page's initial
// download grows past its budget (a chart, markdown or a server-sized module imported into a
// client component); heavy parts belong behind next/dynamic or a lazy import().
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import http from "node:http";
import { test, expect } from "./support/test";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { createWorkspace, e2eDb } from "./support/workspace";
import { hostOf, request, signIn } from "./support/http";
import { E2E_PORT, ROOT } from "../../playwright.config";

const BARE_NEXT_KIB = 170;
const PUBLIC_KIB = 30;
const APP_KIB = 120;

type Who = "anonymous" | "admin" | "manager" | "employee";
type PageUnderBudget = {
  name: string;
  /** The main site (root domain), the demo workspace, or the fresh workspace of the survey link. */
  host: "site" | "workspace" | "survey";
  path: string | ((ids: Ids) => string);
  who: Who;
  budgetKib: number;
  status?: number;
  /** Over its budget today: the figure measured then, so it may not grow while it is
   * being brought down. Remove the line once the page is within budget. */
  overTodayKib?: number;
};
type Ids = { meetingId: string; resultsSurveyId: string; takeSurveyPath: string };

// The one list: every page, with the role that sees it.
const PAGES: PageUnderBudget[] = [
  // The main host on localhost hands "/" and unknown paths to the demo workspace (a redirect), so
  // the landing page is measured at its own path and the 404 page on the workspace (below).
  { name: "Landing", host: "site", path: "/landing", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Find your workspace", host: "site", path: "/login", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Sign up", host: "site", path: "/signup", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Trial", host: "site", path: "/trial", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Logos", host: "site", path: "/logos", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Sign in", host: "workspace", path: "/login", who: "anonymous", budgetKib: PUBLIC_KIB },
  { name: "Forgot password", host: "workspace", path: "/forgot-password", who: "anonymous", budgetKib: PUBLIC_KIB },
  {
    name: "Reset password",
    host: "workspace",
    path: "/reset-password?token=x",
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
  },
  {
    name: "Accept invitation",
    host: "workspace",
    path: "/accept-invite?token=x",
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
  },
  { name: "Verify e-mail", host: "workspace", path: "/verify-email?token=x", who: "anonymous", budgetKib: PUBLIC_KIB },
  {
    name: "Confirm new e-mail",
    host: "workspace",
    path: "/confirm-email?token=x",
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
  },
  {
    name: "Undo e-mail change",
    host: "workspace",
    path: "/undo-email-change?token=x",
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
  },
  { name: "Welcome", host: "workspace", path: "/welcome", who: "anonymous", budgetKib: PUBLIC_KIB },
  {
    name: "Workspace 404 (signed out)",
    host: "workspace",
    path: "/no-such-page",
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
    status: 404,
  },
  {
    name: "Survey (personal link)",
    host: "survey",
    path: (ids) => ids.takeSurveyPath,
    who: "anonymous",
    budgetKib: PUBLIC_KIB,
  },
  { name: "Dashboard (admin)", host: "workspace", path: "/", who: "admin", budgetKib: APP_KIB },
  { name: "Dashboard (manager)", host: "workspace", path: "/", who: "manager", budgetKib: APP_KIB },
  { name: "Dashboard (employee)", host: "workspace", path: "/", who: "employee", budgetKib: APP_KIB },
  { name: "Pulse Overview", host: "workspace", path: "/pulse", who: "admin", budgetKib: APP_KIB },
  { name: "Reports", host: "workspace", path: "/reports", who: "admin", budgetKib: APP_KIB },
  { name: "Surveys", host: "workspace", path: "/surveys", who: "admin", budgetKib: APP_KIB },
  {
    name: "Survey results",
    host: "workspace",
    path: (ids) => `/surveys/results/${ids.resultsSurveyId}`,
    who: "admin",
    budgetKib: APP_KIB,
  },
  { name: "1:1 meetings", host: "workspace", path: "/one-on-one", who: "manager", budgetKib: APP_KIB },
  {
    name: "1:1 meeting",
    host: "workspace",
    path: (ids) => `/one-on-one/${ids.meetingId}`,
    who: "manager",
    budgetKib: APP_KIB,
  },
  {
    name: "1:1 prep form",
    host: "workspace",
    path: (ids) => `/one-on-one-prep?meetingId=${ids.meetingId}`,
    who: "manager",
    budgetKib: APP_KIB,
  },
  {
    name: "1:1 review",
    host: "workspace",
    path: (ids) => `/one-on-one-meeting?meetingId=${ids.meetingId}`,
    who: "manager",
    budgetKib: APP_KIB,
  },
  { name: "Boss Bot", host: "workspace", path: "/ai-coach", who: "manager", budgetKib: APP_KIB },
  { name: "Settings: Your account", host: "workspace", path: "/settings", who: "admin", budgetKib: APP_KIB },
  { name: "Settings: E-mail", host: "workspace", path: "/settings/email", who: "admin", budgetKib: APP_KIB },
  { name: "Settings: Schedule", host: "workspace", path: "/settings/schedule", who: "admin", budgetKib: APP_KIB },
  { name: "Settings: Anonymity", host: "workspace", path: "/settings/anonymity", who: "admin", budgetKib: APP_KIB },
  { name: "Settings: User Management", host: "workspace", path: "/settings/users", who: "admin", budgetKib: APP_KIB },
  { name: "Settings: Billing", host: "workspace", path: "/settings/billing", who: "admin", budgetKib: APP_KIB },
  {
    name: "Workspace 404 (signed in)",
    host: "workspace",
    path: "/no-such-page",
    who: "employee",
    budgetKib: APP_KIB,
    status: 404,
  },
  { name: "Content library", host: "workspace", path: "/admin/content-library", who: "admin", budgetKib: APP_KIB },
  { name: "Bulk import", host: "workspace", path: "/bulk-import", who: "admin", budgetKib: APP_KIB },
];

// The seeded demo workspace: real data, so pages render their charts and lists (a component that
// is not rendered sends no script).
const DEMO = "freshleadershipworld";
const DEMO_PASSWORD = "Pulsewell-demo-2026";
const DEMO_USERS: Record<Exclude<Who, "anonymous">, string> = {
  admin: "admin@freshleadershipworld.com",
  manager: "jordan.lee@freshleadershipworld.com",
  employee: "sam.carter@freshleadershipworld.com",
};

function fetchBytes(host: string, path: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: "127.0.0.1", port: E2E_PORT, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
  });
}

/** A survey in a fresh workspace, active, with one personal link: the page a link in the mail opens. */
async function surveyLink(): Promise<{ subdomain: string; path: string }> {
  const ws = await createWorkspace("weight");
  const token = randomBytes(32).toString("base64url");
  const surveyId = await runInOrg(e2eDb(), ws.orgId, async (tx) => {
    const now = Date.now();
    const s = await tx.survey.create({
      data: {
        organizationId: ws.orgId,
        kind: "pulse",
        title: "Weekly Pulse",
        status: "active",
        scheduledFor: new Date(now),
        sentAt: new Date(now),
        closesAt: new Date(now + 7 * 86_400_000),
        minGroupSize: 3,
        invitedCount: 1,
      },
      select: { id: true },
    });
    await tx.surveyQuestion.createMany({
      data: [
        {
          organizationId: ws.orgId,
          surveyId: s.id,
          order: 1,
          type: "scale",
          text: "I know what is expected of me at work.",
          dimension: "alignment",
          bankKey: "alignment_1",
          isRequired: true,
        },
        {
          organizationId: ws.orgId,
          surveyId: s.id,
          order: 2,
          type: "enps",
          text: "How likely are you to recommend this company as a place to work?",
          dimension: null,
          bankKey: "enps",
          isRequired: true,
        },
        {
          organizationId: ws.orgId,
          surveyId: s.id,
          order: 3,
          type: "text",
          text: "Anything else you would like to share?",
          dimension: null,
          bankKey: null,
          isRequired: false,
        },
      ],
    });
    await tx.surveyInvitation.create({
      data: { organizationId: ws.orgId, surveyId: s.id, userId: ws.employee.id, tokenHash: hashToken(token) },
    });
    return s.id;
  });
  return { subdomain: ws.subdomain, path: `/surveys/${surveyId}?token=${token}` };
}

test("every page's initial JavaScript stays within its budget", async () => {
  test.setTimeout(180_000);
  const cookies: Partial<Record<Who, string>> = {};
  for (const [who, email] of Object.entries(DEMO_USERS) as [Exclude<Who, "anonymous">, string][]) {
    const cookie = await signIn(DEMO, email, DEMO_PASSWORD);
    expect(cookie, `demo sign-in as ${email}`).toBeTruthy();
    cookies[who] = cookie!;
  }
  const workspace = hostOf(DEMO);

  // Ids the detail pages need, found the way a person would: a meeting from the manager's list,
  // a round from the Surveys page's results links.
  const meetings = await request({
    host: workspace,
    path: "/api/meetings/one-on-one?when=upcoming",
    cookie: cookies.manager,
  });
  const meetingId = /"id":"([0-9a-f-]{36})"/.exec(meetings.body)?.[1];
  const surveys = await request({ host: workspace, path: "/surveys", cookie: cookies.admin });
  const resultsSurveyId = /\/surveys\/results\/([0-9a-f-]{36})/.exec(surveys.body)?.[1];
  expect(meetingId, "a demo 1:1 meeting").toBeTruthy();
  expect(resultsSurveyId, "a demo survey with results").toBeTruthy();
  const take = await surveyLink();
  const ids: Ids = { meetingId: meetingId!, resultsSurveyId: resultsSurveyId!, takeSurveyPath: take.path };

  const gzCache = new Map<string, number>();
  const rows: { name: string; path: string; who: Who; kib: number; over: number; allowed: number; budget: number }[] =
    [];
  for (const p of PAGES) {
    const path = typeof p.path === "string" ? p.path : p.path(ids);
    const host = p.host === "site" ? ROOT : p.host === "survey" ? hostOf(take.subdomain) : workspace;
    const cookie = p.who === "anonymous" ? undefined : cookies[p.who];
    const page = await request({ host, path, cookie });
    expect(page.status, `${p.name} (${path}) answers`).toBe(p.status ?? 200);
    const srcs = [...new Set([...page.body.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!))];
    expect(srcs.length, `${p.name}: scripts found in the HTML`).toBeGreaterThan(0);
    let bytes = 0;
    for (const src of srcs) {
      if (!gzCache.has(src)) {
        const u = new URL(src, `http://${host}`);
        const script = await fetchBytes(host, u.pathname + u.search);
        expect(script.status, src).toBe(200);
        gzCache.set(src, gzipSync(script.body, { level: 9 }).length);
      }
      bytes += gzCache.get(src)!;
    }
    const kib = bytes / 1024;
    rows.push({
      name: p.name,
      path,
      who: p.who,
      kib,
      over: kib - BARE_NEXT_KIB,
      allowed: p.overTodayKib ?? p.budgetKib,
      budget: p.budgetKib,
    });
  }

  const table = [
    `${"Page".padEnd(28)} ${"Role".padEnd(9)} ${"KiB gz".padStart(7)} ${"Over bare".padStart(9)} ${"Budget".padStart(6)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(28)} ${r.who.padEnd(9)} ${r.kib.toFixed(1).padStart(7)} ${r.over.toFixed(1).padStart(9)} ${String(r.budget).padStart(6)}${r.over > r.budget ? `  over budget (held at ${r.allowed} until fixed)` : ""}`,
    ),
  ].join("\n");
  console.log(`\nInitial JavaScript per page (gzip -9; bare Next page = ${BARE_NEXT_KIB} KiB)\n${table}\n`);

  const tooHeavy = rows
    .filter((r) => r.over > r.allowed)
    .map((r) => `${r.name} (${r.path}, ${r.who}): ${r.over.toFixed(1)} KiB over a bare page, allowed ${r.allowed}`);
  expect(tooHeavy, "pages over their JavaScript budget").toEqual([]);
  // A page brought within its budget should drop its overTodayKib, so the budget itself holds from then on.
  const nowWithin = rows
    .filter((r) => r.allowed > r.budget && r.over <= r.budget)
    .map((r) => `${r.name}: ${r.over.toFixed(1)} KiB over, within ${r.budget}: remove its overTodayKib`);
  if (nowWithin.length > 0) console.log(`Within budget now, still carrying an allowance:\n${nowWithin.join("\n")}`);
});
