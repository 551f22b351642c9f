import { test, expect } from "./support/test";
import { ROOT } from "../../playwright.config";
import { hostOf, json, request, signIn } from "./support/http";
import { createWorkspace, notificationIsRead, sessionCount, PASSWORD, type Workspace } from "./support/workspace";
import { routeTable, tableProblems, type Caller, type RouteEntry } from "./support/route-table";
import { declaredRoutes, routeKey, urlOf, type DeclaredRoute } from "./support/declared-routes";

// Attacker/victim: a user of organisation A calling every route with organisation B's ids gets
// 404 (or 403) and changes nothing. The routes are read from their declarations: the attacks a
// declaration makes necessary (one per input naming a row) are hand-written in the route table,
// and those it decides alone are generated here for every route: no session, A's session cookie
// presented on B's host, a foreign Origin on a same-origin route, a main-site route on a workspace host.
const routes = (await declaredRoutes()).filter((r) => r.declaration !== null);
const table = routeTable();
const entryOf = new Map<string, RouteEntry>(table.map((e) => [routeKey(e.method, e.file), e]));

test("every id a route takes has an attack of its kind, and every attack aims at a route's input", () => {
  expect(routes.length).toBeGreaterThan(0);
  expect(tableProblems(routes, table), "tests/e2e/support/routes/*.ts against the routes' declarations").toEqual([]);
});

/** The generic attacks a route's declaration calls for, each with the statuses it must answer. */
function genericAttacks(route: DeclaredRoute, entry: RouteEntry | undefined) {
  const d = route.declaration!;
  const body = route.method === "GET" ? undefined : {};
  const victimPath = (v: Workspace) => entry?.victimPath?.(v) ?? urlOf(route.file).replace(/\[[^\]]+\]/g, v.admin.id);
  const writes = d.writes;
  type Generic = {
    name: string;
    send: (a: {
      attacker: Workspace;
      victim: Workspace;
      attackerCookie: string;
    }) => Promise<{ status: number; body: string }>;
    ok: (status: number) => boolean;
    expected: string;
  };
  const exactly = (statuses: number[]) => ({
    ok: (s: number) => statuses.includes(s),
    expected: statuses.join(" or "),
  });
  const out: Generic[] = [];
  const crossHost = entry?.crossHostExpected ?? (d.auth === "session" ? [401] : d.auth === "main" ? [404] : undefined);
  out.push({
    name: "the attacker's cookie on the victim's host",
    send: ({ victim, attackerCookie }) =>
      json({
        host: hostOf(victim.subdomain),
        path: victimPath(victim),
        method: route.method,
        cookie: attackerCookie,
        body,
      }),
    ...(crossHost
      ? exactly(crossHost)
      : { ok: (s: number) => s < 500 && !(writes && s < 300), expected: writes ? "400-499" : "below 500" }),
  });
  if (d.auth === "session")
    out.push({
      name: "no session",
      send: ({ victim }) =>
        json({ host: hostOf(victim.subdomain), path: victimPath(victim), method: route.method, body }),
      ...exactly([401]),
    });
  if (d.sameOrigin && route.method !== "GET")
    out.push({
      name: "a foreign Origin",
      send: ({ attacker, victim, attackerCookie }) =>
        request({
          // Where the route would otherwise serve the request: the main site, or the attacker's workspace.
          host: d.auth === "main" ? ROOT : hostOf(attacker.subdomain),
          path: victimPath(victim),
          method: route.method,
          cookie: attackerCookie,
          headers: { "content-type": "application/json", origin: "http://evil.example" },
          body: "{}",
        }),
      ...exactly([403]),
    });
  if (d.auth === "main")
    out.push({
      name: "a workspace host",
      send: ({ attacker, victim, attackerCookie }) =>
        json({
          host: hostOf(attacker.subdomain),
          path: victimPath(victim),
          method: route.method,
          cookie: attackerCookie,
          body,
        }),
      ...exactly([404]),
    });
  return out;
}

test.describe("attacker/victim", () => {
  let attacker: Workspace;
  let victim: Workspace;
  let attackerCookie: string;
  let victimCookie: string;

  test.beforeAll(async () => {
    [attacker, victim] = await Promise.all([createWorkspace("atk"), createWorkspace("vic")]);
    attackerCookie = (await signIn(attacker.subdomain, attacker.admin.email, PASSWORD))!;
    victimCookie = (await signIn(victim.subdomain, victim.admin.email, PASSWORD))!;
    expect(attackerCookie).toBeTruthy();
    expect(victimCookie).toBeTruthy();
  });

  // In the table's order: an area's fingerprint of the victim's rows is taken before the areas
  // listed after it add rows of their own to the victim (a survey, a second manager).
  const byKey = new Map(routes.map((r) => [r.key, r]));
  const ordered = [
    ...table.map((e) => byKey.get(routeKey(e.method, e.file))).filter((r) => r !== undefined),
    ...routes.filter((r) => !entryOf.has(r.key)),
  ];
  for (const route of ordered) {
    const entry = entryOf.get(route.key);
    if (entry?.attacks.length)
      test(`${route.key}: foreign ids answer 404/403 and change nothing`, async () => {
        const call: Caller = (method, path, body) =>
          json({ host: hostOf(attacker.subdomain), path, method, cookie: attackerCookie, body });
        for (const attack of entry.attacks) {
          const res = await attack.send({ attacker, victim, cookie: attackerCookie, call });
          expect(attack.expected, `${attack.aims}: ${res.status} ${res.body}`).toContain(res.status);
          expect(res.body).not.toContain(`Secret of ${victim.subdomain}`);
          await attack.unchanged?.(victim);
        }
      });

    const generic = genericAttacks(route, entry);
    test(`${route.key}: ${generic.map((g) => g.name).join(", ")}: refused, nothing changes`, async () => {
      for (const g of generic) {
        const sessionsBefore = await sessionCount(victim, victim.admin.id);
        const res = await g.send({ attacker, victim, attackerCookie });
        expect(g.ok(res.status), `${g.name}: ${res.status} (expected ${g.expected}) ${res.body}`).toBe(true);
        expect(res.body).not.toContain(`Secret of ${victim.subdomain}`);
        expect(await notificationIsRead(victim, victim.notificationId)).toBe(false);
        expect(await sessionCount(victim, victim.admin.id)).toBe(sessionsBefore);
      }
    });
  }

  test("the victim still sees their own data (the checks above are not vacuous)", async () => {
    const res = await json({
      host: hostOf(victim.subdomain),
      path: `/api/notifications/${victim.admin.id}/${victim.orgId}`,
      cookie: victimCookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain(`Secret of ${victim.subdomain}`);
  });
});
