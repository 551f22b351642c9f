// Attacker/victim entries for the billing routes. The table's attacker (another organisation's
// admin) aims each at the victim's organisation id: 404 and nothing changes. The victim's own
// manager and employee, signed in on its host, are refused (403): every billing action is
// billing.manage, admins only. The webhook is public (its signature is the check) and the
// SetupIntent route belongs to the main site (signup), so a workspace host does not answer it.
// The main e2e app has no Stripe configured: an admin's call on its own workspace would answer
// 409 billing_not_configured; nothing here may get that far.
import { runInOrg } from "@/lib/db/org-transaction";
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

async function billingState(v: Workspace) {
  return runInOrg(e2eDb(), v.orgId, async (tx) => ({
    org: await tx.organization.findUnique({
      where: { id: v.orgId },
      select: { maxUsers: true, subscriptionStatus: true, trialEndDate: true },
    }),
    accounts: await tx.billingAccount.count({ where: { organizationId: v.orgId } }),
    events: await tx.billingEvent.count({ where: { organizationId: v.orgId } }),
  }));
}

/** The victim's billing is as createWorkspace made it: 10 seats, no Stripe account, no event. */
async function untouched(v: Workspace): Promise<void> {
  const s = await billingState(v);
  if (s.org?.maxUsers !== 10 || s.accounts !== 0 || s.events !== 0)
    throw new Error(`victim's billing changed: ${JSON.stringify(s)}`);
}

const cookies = new Map<string, Promise<string | null>>();

/** The request as the victim's own manager or employee, on the victim's host. */
async function asInsider(
  v: Workspace,
  who: "manager" | "employee",
  method: string,
  path: string,
  body?: unknown,
): Promise<HttpResponse> {
  const key = `${v.orgId}:${who}`;
  let cookie = cookies.get(key);
  if (!cookie) cookies.set(key, (cookie = signIn(v.subdomain, v[who].email, PASSWORD)));
  const c = await cookie;
  if (!c) throw new Error(`the victim's ${who} could not sign in`);
  return json({ host: hostOf(v.subdomain), path, method, cookie: c, body });
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});

/** A billing.manage route: the foreign admin gets 404 (the organisation is not theirs), the
 * victim's manager and employee 403; with a body that would otherwise be valid. */
function manageRoute(
  file: string,
  method: "POST" | "PUT",
  body: (v: Workspace) => Record<string, unknown>,
): RouteEntry {
  const path = file.replace(/^app/, "").replace(/\/route\.ts$/, "");
  return {
    file,
    method,
    attacks: [
      a("body:organizationId", ({ victim, call }) => call(method, path, body(victim)), [404]),
      a("route", ({ victim }) => asInsider(victim, "manager", method, path, body(victim)), [403]),
      a("route", ({ victim }) => asInsider(victim, "employee", method, path, body(victim)), [403]),
    ],
  };
}

export const billingRoutes: RouteEntry[] = [
  manageRoute("app/api/billing/upgrade/route.ts", "POST", (v) => ({ organizationId: v.orgId })),
  manageRoute("app/api/billing/cancel/route.ts", "POST", (v) => ({ organizationId: v.orgId })),
  manageRoute("app/api/billing/resume/route.ts", "POST", (v) => ({ organizationId: v.orgId })),
  manageRoute("app/api/billing/portal/route.ts", "POST", (v) => ({ organizationId: v.orgId })),
  manageRoute("app/api/billing/seats/route.ts", "PUT", (v) => ({ organizationId: v.orgId, seats: 3 })),
  {
    file: "app/api/billing/webhook/route.ts",
    method: "POST",
    attacks: [
      // An event naming the victim, with a made-up signature: refused (400; 409 on an installation
      // without Stripe), nothing stored.
      a(
        "route",
        ({ call }) =>
          call("POST", "/api/billing/webhook", {
            id: "evt_forged",
            object: "event",
            type: "customer.subscription.deleted",
            data: { object: { object: "subscription", customer: "cus_victim" } },
          }),
        [400, 409],
      ),
    ],
    // Any host: the signature is the check, and the attacker's cookie adds nothing.
    crossHostExpected: [400, 409],
  },
  {
    file: "app/api/signup/setup-intent/route.ts",
    method: "POST",
    attacks: [
      // Main-site only: a workspace host does not answer it at all.
      a(
        "route",
        ({ victim, call }) =>
          call("POST", "/api/signup/setup-intent", {
            email: `mallory@${victim.subdomain}.example`,
            name: "Mallory Attacker",
            companyName: "Takeover",
          }),
        [404],
      ),
    ],
    crossHostExpected: [404],
  },
];
