// The read-only rule, derived from the declarations: every /api route method and server action
// declared `readOnly: "refuse"` is called on a workspace whose subscription was cancelled, as a
// person whose role has the permission it needs, and must answer 409 workspace_read_only with
// nothing written or sent (every table of the database, the mail outbox and the job queue
// included, compared row by row as the owner). The requests the issue found getting through are
// sent with valid bodies on real rows, and the same requests succeed once the workspace may write
// again, so each refusal is the rule's and not a bad request's. A few "allow" routes (deleting a
// person, exporting, subscribing again) still work read-only.
//
// Routes are called as Next calls them; only the signed-in person and the workspace are given
// rather than read from a cookie and the Host (sessions.test.ts covers those).
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { NextRequest } from "next/server";
import { z } from "zod";
import { withOrg } from "@/lib/db/tenant";
import type { AuthContext } from "@/lib/auth/context";
import type { Role, SubscriptionStatus } from "@/lib/generated/prisma/enums";
import { rolesWith } from "@/lib/auth/permissions";
import { currentSession } from "@/lib/auth/current-session";
import { currentHost, currentTenant } from "@/lib/tenancy/resolve";
import { formAction } from "@/lib/actions/action";
import { READ_ONLY_MESSAGE } from "@/lib/billing/status";
import { provisionBilling } from "@/lib/billing/provisioning";
import { createConversation } from "@/lib/coach/conversations";
import { sendPulseNow } from "@/lib/surveys/rounds";
import { createOrg, createUser } from "../support/factories";
import { meeting, reportsTo } from "../support/one-on-one";
import { ownerClient } from "../support/owner-client";
import { ROOT } from "../support/source-files";
import { withStripeStandin } from "../support/stripe-env";
import { withVault } from "../support/vault";
import { loadRouteDeclarations, type RouteDeclarationEntry } from "../support/route-declarations";
import { loadActionDeclarations, type ActionDeclarationEntry } from "../support/action-declarations";

vi.mock("@/lib/auth/current-session", () => ({ currentSession: vi.fn() }));
vi.mock("@/lib/tenancy/resolve", async (original) => ({
  ...(await original<typeof import("@/lib/tenancy/resolve")>()),
  currentHost: vi.fn(),
  currentTenant: vi.fn(),
}));
// Actions read the client's address from the request headers for their rate limits.
vi.mock("next/headers", async (original) => ({
  ...(await original<typeof import("next/headers")>()),
  headers: async () => new Headers({ "x-forwarded-for": "203.0.113.7" }),
}));

const standin = withStripeStandin();
const owner = ownerClient();

type Workspace = Awaited<ReturnType<typeof workspace>>;

/** A provisioned workspace with a manager and their report, a 1:1 of the pair (and a second one
 * to cancel), a Boss Bot conversation, a person who has not accepted yet and an open pulse. */
async function workspace() {
  const { orgId, subdomain } = await createOrg({ name: "Readonly" });
  await withOrg(orgId, async (tx) => {
    await tx.organization.update({ where: { id: orgId }, data: { pulseEnabled: false } });
    await tx.billingAccount.create({ data: { organizationId: orgId } });
  });
  const people = {
    admin: await createUser(orgId, { role: "admin", firstName: "Ada" }),
    manager: await createUser(orgId, { role: "manager", firstName: "Max" }),
    employee: await createUser(orgId, { role: "employee", firstName: "Eve" }),
  };
  const pending = await createUser(orgId, { role: "employee", firstName: "Pat", password: null });
  const as: Record<Role, AuthContext> = {
    admin: await withVault(orgId, people.admin.id, "admin"),
    manager: await withVault(orgId, people.manager.id, "manager"),
    employee: await withVault(orgId, people.employee.id, "employee"),
  };
  await reportsTo(as.employee, as.manager);
  await provisionBilling(orgId);
  return {
    orgId,
    subdomain,
    as,
    pending: pending.id,
    meetingId: await meeting(as.manager, as.employee.userId),
    toCancel: await meeting(as.manager, as.employee.userId),
    conversationId: (await createConversation(as.manager, { title: "Earlier question" })).id,
    surveyId: (await sendPulseNow(as.admin)).surveyId,
  };
}

async function setStatus(orgId: string, status: SubscriptionStatus): Promise<void> {
  const res = await owner().query(
    `UPDATE "Organization" SET "subscriptionStatus" = $1::"SubscriptionStatus" WHERE "id" = $2::uuid`,
    [status, orgId],
  );
  expect(res.rowCount).toBe(1);
}

// The rate limit's counters: a refused request is still counted (the limit runs before the rule,
// so a flood of refused requests is stopped as any other), which changes no content.
const NOT_CONTENT = new Set(['public."RateLimit"']);

/** Every table of the database (the mail outbox and the job queue among them) as the owner,
 * past row-level security: its row count and a digest of all its rows. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await owner().query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
     WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
     ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    if (NOT_CONTENT.has(name)) continue;
    const { rows } = await owner().query<{ n: number; digest: string | null }>(
      `SELECT count(*)::int AS n, md5(string_agg(t::text, ',' ORDER BY t::text)) AS digest FROM ${name} t`,
    );
    out[name] = `${rows[0]!.n} ${rows[0]!.digest ?? "-"}`;
  }
  return out;
}

function signIn(w: Workspace, as: AuthContext) {
  vi.mocked(currentSession).mockResolvedValue({ ctx: as, user: { id: as.userId, role: as.role } } as Awaited<
    ReturnType<typeof currentSession>
  >);
  vi.mocked(currentHost).mockResolvedValue({ kind: "tenant", subdomain: w.subdomain });
  vi.mocked(currentTenant).mockResolvedValue({ orgId: w.orgId, subdomain: w.subdomain });
}

type Handler = (req: NextRequest, c: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function callRoute(
  w: Workspace,
  entry: RouteDeclarationEntry,
  as: AuthContext,
  params: Record<string, string>,
  body: unknown,
): Promise<Response> {
  signIn(w, as);
  const mod = (await import(/* @vite-ignore */ path.join(ROOT, entry.file))) as Record<string, Handler>;
  const url = entry.file
    .replace(/^app/, "")
    .replace(/\/route\.ts$/, "")
    .replace(/\[([^\]]+)\]/g, (_, k: string) => params[k] ?? k);
  const req = new NextRequest(`http://${w.subdomain}.localhost:3000${url}`, {
    method: entry.method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "content-type": "application/json" } }),
  });
  return mod[entry.method]!(req, { params: Promise.resolve(params) });
}

/** The person who may call a route: the first role (admin, manager, employee) its permission allows. */
function callerFor(w: Workspace, entry: RouteDeclarationEntry): AuthContext {
  const permission = entry.declaration?.permission;
  const role = permission ? rolesWith(permission)[0] : "admin";
  if (!role) throw new Error(`no role has ${permission} (${entry.method} ${entry.file})`);
  return w.as[role];
}

/** A valid request on real rows for the routes the issue found writing in a read-only workspace:
 * who sends it, its path parameters, its body, and the status it gets once the workspace may write. */
type Valid = { as: Role; params?: Record<string, string>; body?: unknown; ok: number };
const VALID: Record<string, (w: Workspace) => Valid> = {
  "POST app/api/teams/route.ts": () => ({ as: "admin", body: { name: "Readers" }, ok: 201 }),
  "POST app/api/leadership-content/route.ts": () => ({
    as: "admin",
    body: {
      title: "Delegating well",
      content: "Hand over outcomes.",
      contentType: "framework",
      category: "delegation",
    },
    ok: 201,
  }),
  "POST app/api/leadership-content/import/route.ts": () => ({
    as: "admin",
    body: { items: [{ title: "Imported", content: "A text to import." }] },
    ok: 200,
  }),
  "POST app/api/ai/categorize-content/route.ts": () => ({
    as: "admin",
    body: { content: "How to delegate a task to a new team member" },
    ok: 200,
  }),
  "POST app/api/one-on-one-templates/route.ts": () => ({
    as: "manager",
    body: { name: "Weekly", templateQuestions: ["What went well?"] },
    ok: 201,
  }),
  "POST app/api/meetings/one-on-one/[meetingId]/agenda/route.ts": (w) => ({
    as: "manager",
    params: { meetingId: w.meetingId },
    body: { text: "Raise the roadmap" },
    ok: 201,
  }),
  "POST app/api/meetings/one-on-one/[meetingId]/action-items/route.ts": (w) => ({
    as: "manager",
    params: { meetingId: w.meetingId },
    body: { text: "Write the plan", ownerId: w.as.employee.userId },
    ok: 201,
  }),
  "PUT app/api/meetings/one-on-one/[meetingId]/route.ts": (w) => ({
    as: "manager",
    params: { meetingId: w.meetingId },
    body: { notes: "Shared notes" },
    ok: 200,
  }),
  "PUT app/api/meetings/one-on-one/[meetingId]/private-note/route.ts": (w) => ({
    as: "manager",
    params: { meetingId: w.meetingId },
    body: { body: "Only mine" },
    ok: 200,
  }),
  "POST app/api/one-on-one-prep/route.ts": (w) => ({
    as: "employee",
    body: { meetingId: w.meetingId, wins: "Shipped" },
    ok: 200,
  }),
  "POST app/api/one-on-one/prep-form/route.ts": (w) => ({
    as: "employee",
    body: { meetingId: w.meetingId, wins: "Shipped" },
    ok: 200,
  }),
  "PATCH app/api/chat/conversations/[key]/route.ts": (w) => ({
    as: "manager",
    params: { key: w.conversationId },
    body: { title: "Renamed" },
    ok: 200,
  }),
  "PATCH app/api/organizations/[orgId]/email-settings/route.ts": (w) => ({
    as: "admin",
    params: { orgId: w.orgId },
    body: { emailSubject: "Your pulse", emailBody: "Please answer: {{surveyLink}}" },
    ok: 200,
  }),
  "POST app/api/action-plans/route.ts": () => ({
    as: "admin",
    body: {
      title: "Read-only plan",
      dimension: "feedback",
      teamId: null,
      dueAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    },
    ok: 201,
  }),
  "POST app/api/meetings/one-on-one/[meetingId]/cancel/route.ts": (w) => ({
    as: "manager",
    params: { meetingId: w.toCancel },
    body: { scope: "occurrence" },
    ok: 200,
  }),
};

/** Path parameters for a route without a VALID request: the workspace's id where one names an
 * organisation, a fresh id elsewhere (the rule answers before any of them is read). */
function someParams(w: Workspace, entry: RouteDeclarationEntry): Record<string, string> {
  const names = [...entry.file.matchAll(/\[([^\].]+)\]/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((n) => [n, n === "orgId" || n === "organizationId" ? w.orgId : randomUUID()]));
}

const problemSchema = z.looseObject({ code: z.string(), error: z.string() });
const keyOf = (e: RouteDeclarationEntry) => `${e.method} ${e.file}`;

let routes: RouteDeclarationEntry[];
let actions: ActionDeclarationEntry[];
beforeAll(async () => {
  routes = await loadRouteDeclarations();
  actions = await loadActionDeclarations();
}, 120_000);
beforeEach(() => {
  vi.mocked(currentSession).mockReset();
});

describe("the read-only rule, derived from the declarations", () => {
  it("refuses every route declared 'refuse' on a cancelled workspace with 409 and writes or sends nothing; the same requests work once it may write", async () => {
    const refused = routes.filter((r) => r.declaration?.readOnly === "refuse");
    expect(refused.length).toBeGreaterThan(30);
    for (const key of Object.keys(VALID)) expect(refused.map(keyOf), key).toContain(key);

    const w = await workspace();
    await setStatus(w.orgId, "canceled");
    const before = await snapshot();
    const answers: string[] = [];
    for (const entry of refused) {
      const valid = VALID[keyOf(entry)]?.(w);
      const as = valid ? w.as[valid.as] : callerFor(w, entry);
      const res = await callRoute(w, entry, as, valid?.params ?? someParams(w, entry), valid ? valid.body : {});
      const body = problemSchema.safeParse(await res.json().catch(() => null));
      answers.push(`${keyOf(entry)} -> ${res.status} ${body.success ? body.data.code : "?"}`);
      if (res.status === 409 && body.success) expect(body.data.error, keyOf(entry)).toBe(READ_ONLY_MESSAGE);
    }
    expect(answers).toEqual(refused.map((e) => `${keyOf(e)} -> 409 workspace_read_only`));
    expect(await snapshot()).toEqual(before);

    // Subscribed again: each request the issue found is valid and writes (the cancellation mails).
    await setStatus(w.orgId, "active");
    const outcomes: string[] = [];
    for (const [key, make] of Object.entries(VALID)) {
      const entry = refused.find((r) => keyOf(r) === key)!;
      const valid = make(w);
      const res = await callRoute(w, entry, w.as[valid.as], valid.params ?? {}, valid.body);
      outcomes.push(`${key} -> ${res.status === valid.ok ? "ok" : `${res.status} ${await res.text()}`}`);
    }
    expect(outcomes).toEqual(Object.keys(VALID).map((key) => `${key} -> ok`));
    const after = await snapshot();
    expect(after['public."MailMessage"']).not.toBe(before['public."MailMessage"']);
  }, 120_000);

  it("refuses every action declared 'refuse' the same way, and the wrapper's own check refuses before the fields are read", async () => {
    const w = await workspace();
    await setStatus(w.orgId, "unpaid");
    const handler = vi.fn(async () => ({ message: "done" }));
    const probe = formAction(
      { auth: "session", readOnly: "refuse", input: z.object({ title: z.string().min(1) }) },
      handler,
    );
    const declared = actions.filter((a) => a.declaration?.readOnly === "refuse");
    const before = await snapshot();
    const results: string[] = [];
    for (const { name, action, declaration } of [
      ...declared,
      { name: "probe", action: probe, declaration: probe.declaration },
    ]) {
      const permission = declaration?.permission;
      signIn(w, w.as[permission ? rolesWith(permission)[0]! : "admin"]);
      // Empty fields: a refusal for them would be a 400, so a 409 shows the rule answered first.
      const state = await action!({ status: "idle" }, new FormData());
      results.push(`${name} -> ${state.status === "error" ? state.code : state.status}`);
    }
    expect(results).toEqual([
      ...declared.map((a) => `${a.name} -> workspace_read_only`),
      "probe -> workspace_read_only",
    ]);
    expect(handler).not.toHaveBeenCalled();
    expect(await snapshot()).toEqual(before);

    await setStatus(w.orgId, "past_due");
    const form = new FormData();
    form.set("title", "x");
    expect(await probe({ status: "idle" }, form)).toEqual({ status: "ok", message: "done" });
  });

  it("keeps 'allow' routes working read-only: removing a person, exporting, deleting a conversation, subscribing again", async () => {
    const w = await workspace();
    await setStatus(w.orgId, "canceled");
    const find = (file: string, method: string) => {
      const entry = routes.find((r) => r.file === `app/api/${file}/route.ts` && r.method === method)!;
      expect(entry.declaration?.readOnly ?? "reads", `${method} ${file}`).not.toBe("refuse");
      return entry;
    };

    const removed = await callRoute(w, find("users/[id]", "DELETE"), w.as.admin, { id: w.pending }, undefined);
    expect(removed.status).toBeLessThan(300);
    const left = await owner().query(`SELECT 1 FROM "User" WHERE "id" = $1::uuid`, [w.pending]);
    expect(left.rowCount).toBe(0);

    const csv = await callRoute(w, find("pulse/export", "GET"), w.as.admin, {}, undefined);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");

    const gone = await callRoute(
      w,
      find("chat/conversations/[key]", "DELETE"),
      w.as.manager,
      { key: w.conversationId },
      undefined,
    );
    expect(gone.status).toBe(200);

    const checkout = await callRoute(w, find("billing/upgrade", "POST"), w.as.admin, {}, { organizationId: w.orgId });
    expect(checkout.status).toBe(200);
    const { checkoutUrl } = z.object({ checkoutUrl: z.string() }).parse(await checkout.json());
    expect(checkoutUrl.startsWith(`${standin().url}/checkout/`)).toBe(true);
  });
});
