// Foundation routes: auth and notifications.
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { notificationIsRead, sessionCount, PASSWORD } from "../workspace";
import type { RouteEntry } from "./types";
import type { Workspace } from "../workspace";

const unchangedNotification = async (victim: Workspace) => {
  if ((await notificationIsRead(victim, victim.notificationId)) !== false)
    throw new Error("victim's notification was changed");
};

// The victim's own session, opened once per victim before the first attack on the session routes:
// afterwards it must still read the victim (an attack that read or ended it would show here).
const victimCookies = new Map<string, Promise<string | null>>();
const victimCookie = (victim: Workspace) => {
  if (!victimCookies.has(victim.orgId))
    victimCookies.set(victim.orgId, signIn(victim.subdomain, victim.admin.email, PASSWORD));
  return victimCookies.get(victim.orgId)!;
};

/** Who a session cookie is on a host: GET /api/auth/session. */
const whoIs = async (host: string, cookie: string) => json({ host: hostOf(host), path: "/api/auth/session", cookie });

const victimStillSignedIn = async (victim: Workspace) => {
  const cookie = await victimCookie(victim);
  if (!cookie) throw new Error("the victim could not sign in");
  const res = await whoIs(victim.subdomain, cookie);
  const me = res.status === 200 ? (res.json() as { userId?: string }) : {};
  if (me.userId !== victim.admin.id)
    throw new Error(`the victim's session no longer reads the victim: ${res.status} ${res.body}`);
};

/** Nothing of the victim in an answer: not their organisation, user ids or e-mail. */
const nothingOfVictim = (res: HttpResponse, victim: Workspace) => {
  for (const v of [victim.orgId, victim.admin.id, victim.admin.email, victim.subdomain])
    if (res.body.includes(v)) throw new Error(`answer gives away the victim's ${v}: ${res.body}`);
  return res;
};

/** Runs an attack with the victim's session opened before it, and fails if the victim's number of
 * open sessions changed. */
const againstSignedInVictim = async (victim: Workspace, attack: () => Promise<HttpResponse>) => {
  await victimStillSignedIn(victim);
  const before = await sessionCount(victim, victim.admin.id);
  const res = await attack();
  const after = await sessionCount(victim, victim.admin.id);
  if (after !== before) throw new Error(`the victim's open sessions went from ${before} to ${after}`);
  return nothingOfVictim(res, victim);
};

export const foundationRoutes: RouteEntry[] = [
  {
    file: "app/api/auth/session/route.ts",
    method: "GET",
    attacks: [
      // The attacker's cookie on the victim's host reads nobody.
      {
        aims: "route",
        send: ({ victim, cookie }) => againstSignedInVictim(victim, () => whoIs(victim.subdomain, cookie)),
        expected: [401],
        unchanged: victimStillSignedIn,
      },
      // On the attacker's own host, naming the victim's user id is not found (the wrapper's own-user
      // check); were it answered, it would have to be the caller.
      {
        aims: "query:userId",
        send: ({ attacker, victim, call }) =>
          againstSignedInVictim(victim, async () => {
            const res = await call("GET", `/api/auth/session?userId=${victim.admin.id}`);
            const me =
              res.status === 200 ? (res.json() as { userId?: string; user?: { organizationId?: string } }) : {};
            if (res.status === 200 && (me.userId !== attacker.admin.id || me.user?.organizationId !== attacker.orgId))
              throw new Error(`session answered someone else: ${res.body}`);
            return res;
          }),
        expected: [404],
        unchanged: victimStillSignedIn,
      },
      // Naming the victim's organisation as well: not found, like any foreign id (the wrapper's one check).
      {
        aims: "query:organizationId",
        send: ({ victim, call }) =>
          againstSignedInVictim(victim, () =>
            call("GET", `/api/auth/session?userId=${victim.admin.id}&organizationId=${victim.orgId}`),
          ),
        expected: [404],
        unchanged: victimStillSignedIn,
      },
    ],
  },
  {
    file: "app/api/auth/logout/route.ts",
    method: "POST",
    attacks: [
      // The attacker's cookie on the victim's host ends none of the victim's sessions.
      {
        aims: "route",
        send: ({ victim, cookie }) =>
          againstSignedInVictim(victim, () =>
            json({ host: hostOf(victim.subdomain), path: "/api/auth/logout", method: "POST", cookie, body: {} }),
          ),
        expected: [401],
        unchanged: victimStillSignedIn,
      },
      // Signing out on the attacker's own host while naming the victim's user: not found, and no
      // session ends (were it answered, only the caller's own). A session of its own, so the
      // attacker's cookie shared by the other entries stays valid.
      {
        aims: "body:userId",
        send: ({ attacker, victim }) =>
          againstSignedInVictim(victim, async () => {
            const own = await signIn(attacker.subdomain, attacker.admin.email, PASSWORD);
            if (!own) throw new Error("the attacker could not sign in");
            const res = await json({
              host: hostOf(attacker.subdomain),
              path: `/api/auth/logout?userId=${victim.admin.id}`,
              method: "POST",
              cookie: own,
              body: { userId: victim.admin.id },
            });
            const ownStatus = (await whoIs(attacker.subdomain, own)).status;
            if (res.status === 200 ? ownStatus !== 401 : ownStatus !== 200)
              throw new Error(`logout answered ${res.status} and left the caller's own session at ${ownStatus}`);
            return res;
          }),
        expected: [404],
        unchanged: victimStillSignedIn,
      },
      // Naming the victim's organisation (query and body): not found, and no session ends at all,
      // the caller's own included.
      {
        aims: "body:organizationId",
        send: ({ attacker, victim }) =>
          againstSignedInVictim(victim, async () => {
            const own = await signIn(attacker.subdomain, attacker.admin.email, PASSWORD);
            if (!own) throw new Error("the attacker could not sign in");
            const res = await json({
              host: hostOf(attacker.subdomain),
              path: `/api/auth/logout?userId=${victim.admin.id}&organizationId=${victim.orgId}`,
              method: "POST",
              cookie: own,
              body: { userId: victim.admin.id, organizationId: victim.orgId },
            });
            if ((await whoIs(attacker.subdomain, own)).status !== 200)
              throw new Error("a refused logout ended the caller's session");
            return res;
          }),
        expected: [404],
        unchanged: victimStillSignedIn,
      },
    ],
  },
  {
    file: "app/api/notifications/[key]/[sub]/route.ts",
    method: "GET",
    victimPath: (v) => `/api/notifications/${v.admin.id}/${v.orgId}`,
    attacks: [
      {
        aims: ["path:key", "path:sub"],
        send: ({ victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${victim.orgId}`),
        expected: [404],
      },
      {
        aims: "path:sub",
        send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${attacker.admin.id}/${victim.orgId}`),
        expected: [404],
      },
      {
        aims: "path:key",
        send: ({ attacker, victim, call }) => call("GET", `/api/notifications/${victim.admin.id}/${attacker.orgId}`),
        expected: [404],
      },
    ],
  },
  {
    file: "app/api/notifications/[key]/[sub]/route.ts",
    method: "PATCH",
    victimPath: (v) => `/api/notifications/${v.notificationId}/read`,
    attacks: [
      {
        aims: "path:key",
        send: ({ victim, call }) => call("PATCH", `/api/notifications/${victim.notificationId}/read`, {}),
        expected: [404],
        unchanged: unchangedNotification,
      },
      {
        aims: ["path:key", "body:organizationId"],
        send: ({ victim, call }) =>
          call("PATCH", `/api/notifications/${victim.notificationId}/read`, {
            userId: victim.admin.id,
            organizationId: victim.orgId,
          }),
        expected: [404],
        unchanged: unchangedNotification,
      },
      // The attacker's own notification, marked read in the victim admin's name.
      {
        aims: "body:userId",
        send: ({ attacker, victim, call }) =>
          call("PATCH", `/api/notifications/${attacker.notificationId}/read`, { userId: victim.admin.id }),
        expected: [404],
        unchanged: unchangedNotification,
      },
    ],
  },
];
