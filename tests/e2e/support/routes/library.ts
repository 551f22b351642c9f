// Attacker/victim entries for the leadership library routes. The attacker is an admin of another
// organisation (library.manage), so the role check never hides a missing tenant check. The victim's
// library item is made directly in its organisation; it must come through every attack unchanged.
import { runInOrg } from "@/lib/db/org-transaction";
import { BUILTIN_LIBRARY } from "@/lib/library/builtin";
import { e2eDb, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

const ITEM_TITLE = "Victim's private playbook";
const items = new Map<string, Promise<string>>();

/** The victim's one library item (made once per victim workspace). */
export function victimItem(v: Workspace): Promise<string> {
  let id = items.get(v.orgId);
  if (!id) {
    id = runInOrg(e2eDb(), v.orgId, async (tx) => {
      const row = await tx.leadershipContent.create({
        data: {
          organizationId: v.orgId,
          title: ITEM_TITLE,
          content: "Only for the victim's coach.",
          contentType: "framework",
          category: "delegation",
          tags: ["secret"],
          priority: 4,
        },
        select: { id: true },
      });
      return row.id;
    });
    items.set(v.orgId, id);
  }
  return id;
}

async function untouched(v: Workspace): Promise<void> {
  const id = await victimItem(v);
  const s = await runInOrg(e2eDb(), v.orgId, async (tx) => ({
    items: await tx.leadershipContent.count({ where: { organizationId: v.orgId } }),
    item: await tx.leadershipContent.findFirst({
      where: { organizationId: v.orgId, id },
      select: { title: true, content: true, priority: true },
    }),
    hidden: await tx.hiddenBuiltinContent.count({ where: { organizationId: v.orgId } }),
  }));
  const ok = s.items === 1 && s.item?.title === ITEM_TITLE && s.item.priority === 4 && s.hidden === 0;
  if (!ok) throw new Error(`victim's library changed: ${JSON.stringify(s)}`);
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send: async (args) => {
    await victimItem(args.victim);
    return send(args);
  },
  expected,
  unchanged: untouched,
});

const body = (over: Record<string, unknown> = {}) => ({
  title: "Hijack",
  content: "Attacker text",
  contentType: "script",
  category: "communication",
  tags: ["x"],
  priority: 1,
  ...over,
});
const builtinId = () => BUILTIN_LIBRARY[0]?.id ?? "no-builtin-items";

export const libraryRoutes: RouteEntry[] = [
  {
    file: "app/api/leadership-content/route.ts",
    method: "GET",
    attacks: [
      a(
        "query:organizationId",
        ({ victim, call }) => call("GET", `/api/leadership-content?organizationId=${victim.orgId}`),
        [404],
      ),
      a(
        "route",
        async ({ call }) => {
          const res = await call("GET", `/api/leadership-content?q=${encodeURIComponent(ITEM_TITLE)}&source=org`);
          if (res.status === 200 && (res.json() as unknown[]).length !== 0)
            throw new Error(`another organisation's item was listed: ${res.body}`);
          return res;
        },
        [200],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/route.ts",
    method: "POST",
    attacks: [
      a(
        "body:organizationId",
        ({ victim, call }) => call("POST", "/api/leadership-content", body({ organizationId: victim.orgId })),
        [404],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/[key]/route.ts",
    method: "GET",
    attacks: [
      a("path:key", ({ victim, call }) => call("GET", `/api/leadership-content/${victim.orgId}`), [404]),
      a(
        "path:key",
        async ({ victim, call }) => call("GET", `/api/leadership-content/${await victimItem(victim)}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/[key]/route.ts",
    method: "PUT",
    attacks: [
      a(
        "path:key",
        async ({ victim, call }) => call("PUT", `/api/leadership-content/${await victimItem(victim)}`, body()),
        [404],
      ),
      a(
        ["path:key", "body:organizationId"],
        async ({ victim, call }) =>
          call("PUT", `/api/leadership-content/${await victimItem(victim)}`, body({ organizationId: victim.orgId })),
        [404],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/[key]/route.ts",
    method: "DELETE",
    attacks: [
      a(
        "path:key",
        async ({ victim, call }) => call("DELETE", `/api/leadership-content/${await victimItem(victim)}`),
        [404],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/import/route.ts",
    method: "POST",
    attacks: [
      a(
        "body:organizationId",
        ({ victim, call }) =>
          call("POST", "/api/leadership-content/import", {
            items: [{ content: "Attacker text" }],
            organizationId: victim.orgId,
          }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/leadership-content/builtin/[id]/hidden/route.ts",
    method: "PUT",
    // Hiding a built-in item hides it for the attacker's own organisation only.
    attacks: [
      a("route", ({ call }) => call("PUT", `/api/leadership-content/builtin/${builtinId()}/hidden`), [200, 404]),
    ],
  },
  {
    file: "app/api/leadership-content/builtin/[id]/hidden/route.ts",
    method: "DELETE",
    attacks: [
      a("route", ({ call }) => call("DELETE", `/api/leadership-content/builtin/${builtinId()}/hidden`), [200, 404]),
    ],
  },
];
