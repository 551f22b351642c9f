// Foundation routes: auth and notifications.
import { notificationIsRead } from "../workspace";
import type { RouteEntry } from "./types";
import type { Workspace } from "../workspace";

const unchangedNotification = async (victim: Workspace) => {
  if ((await notificationIsRead(victim, victim.notificationId)) !== false) throw new Error("victim's notification was changed");
};

export const foundationRoutes: RouteEntry[] = [
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
  { file: "app/api/health/route.ts", method: "GET", exempt: "liveness: no session, no ids, no data; answers { status: 'ok' } without touching the database" },
  { file: "app/api/auth/session/route.ts", method: "GET", attacks: [] },
  { file: "app/api/auth/logout/route.ts", method: "POST", attacks: [] },
  {
    file: "app/api/notifications/[key]/[sub]/route.ts",
    method: "GET",
    victimPath: (v) => `/api/notifications/${v.admin.id}/${v.orgId}`,
    attacks: [
      { send: ({ victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${victim.orgId}`), expected: [404] },
      { send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${attacker.admin.id}/${victim.orgId}`), expected: [404] },
      { send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${attacker.orgId}`), expected: [404] },
    ],
  },
  {
    file: "app/api/notifications/[key]/[sub]/route.ts",
    method: "PATCH",
    victimPath: (v) => `/api/notifications/${v.notificationId}/read`,
    attacks: [
      { send: ({ victim, call }) => call("PATCH", `/api/notifications/${victim.notificationId}/read`, {}), expected: [404], unchanged: unchangedNotification },
      {
        send: ({ victim, call }) => call("PATCH", `/api/notifications/${victim.notificationId}/read`, { userId: victim.admin.id, organizationId: victim.orgId }),
        expected: [403, 404],
        unchanged: unchangedNotification,
      },
    ],
  },
];
