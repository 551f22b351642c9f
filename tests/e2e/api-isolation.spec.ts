import { test, expect } from "./support/test";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { hostOf, json, signIn } from "./support/http";
import { createWorkspace, notificationIsRead, sessionCount, PASSWORD, type Workspace } from "./support/workspace";
import { routeTable, type Caller } from "./support/route-table";

// Attacker/victim: a user of organisation A calling every route with organisation B's ids gets
// 404 (or 403) and changes nothing; A's session cookie presented on B's host is worth nothing.
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function exportedMethods(file: string): string[] {
  const src = readFileSync(file, "utf8");
  const found = new Set<string>();
  for (const m of src.matchAll(/export\s+(?:const|async function|function)\s+(GET|POST|PUT|PATCH|DELETE)\b/g))
    found.add(m[1]!);
  for (const m of src.matchAll(/export\s*\{([^}]*)\}/g))
    for (const part of m[1]!.split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name && (METHODS as readonly string[]).includes(name)) found.add(name);
    }
  return [...found];
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? routeFiles(path.join(dir, d.name)) : d.name === "route.ts" ? [path.join(dir, d.name)] : [],
  );
}

const table = routeTable();

test("every API route and method is in the attacker/victim table", () => {
  const routes = routeFiles("app/api").flatMap((f) => exportedMethods(f).map((m) => `${m} ${f}`));
  expect(routes.length).toBeGreaterThan(0);
  const listed = new Set(table.map((e) => `${e.method} ${e.file}`));
  expect(
    routes.filter((r) => !listed.has(r)),
    "routes missing from tests/e2e/support/route-table.ts",
  ).toEqual([]);
  expect(
    [...listed].filter((l) => !routes.includes(l)),
    "table entries with no route",
  ).toEqual([]);
});

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

  for (const entry of table) {
    if ("exempt" in entry) continue;
    test(`${entry.method} ${entry.file}: foreign ids answer 404/403 and change nothing`, async () => {
      const call: Caller = (method, path, body) =>
        json({ host: hostOf(attacker.subdomain), path, method, cookie: attackerCookie, body });
      for (const attack of entry.attacks) {
        const res = await attack.send({ attacker, victim, cookie: attackerCookie, call });
        expect(attack.expected, `${res.status} ${res.body}`).toContain(res.status);
        expect(res.body).not.toContain(`Secret of ${victim.subdomain}`);
        await attack.unchanged?.(victim);
      }
    });

    test(`${entry.method} ${entry.file}: the attacker's cookie on the victim's host is refused`, async () => {
      const sessionsBefore = await sessionCount(victim, victim.admin.id);
      const path =
        entry.victimPath?.(victim) ??
        entry.file
          .replace(/^app/, "")
          .replace(/\/route\.ts$/, "")
          .replace(/\[[^\]]+\]/g, victim.admin.id);
      const res = await json({
        host: hostOf(victim.subdomain),
        path,
        method: entry.method,
        cookie: attackerCookie,
        body: entry.method === "GET" ? undefined : {},
      });
      expect(entry.crossHostExpected ?? [401], `${res.status} ${res.body}`).toContain(res.status);
      expect(await notificationIsRead(victim, victim.notificationId)).toBe(false);
      expect(await sessionCount(victim, victim.admin.id)).toBe(sessionsBefore);
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
