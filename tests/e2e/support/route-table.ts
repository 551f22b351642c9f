// Every /api route and method, with how an attacker of organisation A would aim it at
// organisation B. api-isolation.spec.ts fails when a route file exports a method missing here.
import type { HttpResponse } from "./http";
import type { Workspace } from "./workspace";

export type Attack = {
  /** Sends the request as the attacker (signed in to `attacker`, on the attacker's host). */
  send: (a: { attacker: Workspace; victim: Workspace; cookie: string; call: Caller }) => Promise<HttpResponse>;
  expected: number[];
  /** Checks that the victim's data did not change. */
  unchanged?: (victim: Workspace) => Promise<void>;
};

export type Caller = (method: string, path: string, body?: unknown) => Promise<HttpResponse>;
export type RouteEntry = { file: string; method: string; attacks: Attack[] } | { file: string; method: string; exempt: string };

export function routeTable(helpers: { notificationIsRead: (ws: Workspace, id: string) => Promise<boolean | null> }): RouteEntry[] {
  const { notificationIsRead } = helpers;
  return [
    {
      file: "app/api/auth/[...nextauth]/route.ts",
      method: "GET",
      exempt: "next-auth's csrf/providers endpoints carry no ids; sign-in is checked against the Host's organisation (tenancy.spec.ts)",
    },
    {
      file: "app/api/auth/[...nextauth]/route.ts",
      method: "POST",
      exempt: "credentials callback: the organisation comes from the Host only; cross-organisation sign-in is refused (tenancy.spec.ts)",
    },
    {
      file: "app/api/auth/session/route.ts",
      method: "GET",
      attacks: [],
    },
    {
      file: "app/api/auth/logout/route.ts",
      method: "POST",
      attacks: [],
    },
    {
      file: "app/api/notifications/[key]/[sub]/route.ts",
      method: "GET",
      attacks: [
        { send: ({ victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${victim.orgId}`), expected: [404] },
        { send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${attacker.admin.id}/${victim.orgId}`), expected: [404] },
        { send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${attacker.orgId}`), expected: [404] },
      ],
    },
    {
      file: "app/api/notifications/[key]/[sub]/route.ts",
      method: "PATCH",
      attacks: [
        {
          send: ({ victim, call }) => call("PATCH", `/api/notifications/${victim.notificationId}/read`, {}),
          expected: [404],
          unchanged: async (victim) => {
            if ((await notificationIsRead(victim, victim.notificationId)) !== false) throw new Error("victim's notification was changed");
          },
        },
        {
          send: ({ victim, call }) => call("PATCH", `/api/notifications/${victim.notificationId}/read`, { userId: victim.admin.id, organizationId: victim.orgId }),
          expected: [403, 404],
          unchanged: async (victim) => {
            if ((await notificationIsRead(victim, victim.notificationId)) !== false) throw new Error("victim's notification was changed");
          },
        },
      ],
    },
  ];
}
