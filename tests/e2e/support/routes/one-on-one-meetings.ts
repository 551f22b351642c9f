// Attacker/victim entries for the 1:1 meeting routes (issue 11): list, schedule, people, detail,
// notes, reschedule and cancel. A meeting belongs to its pair: the other organisation's admin, the
// victim organisation's own admin and a second manager of it all get 404 for the victim's meeting,
// exactly as for one that does not exist, lists without it, and the victim's meetings, series and
// outbox stay as they were.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashPassword } from "@/lib/auth/password";
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import { victimPrep } from "./one-on-one-prep";
import type { Attack, RouteEntry } from "./types";

async function fingerprint(v: Workspace): Promise<string> {
  await victimPrep(v);
  const state = await runInOrg(
    e2eDb(),
    v.orgId,
    async (tx) => ({
      meetings: await tx.meeting.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
      series: await tx.meetingSeries.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
      mail: await tx.mailMessage.count({ where: { organizationId: v.orgId, kind: { startsWith: "meeting_" } } }),
    }),
    undefined,
    v.manager.id,
  );
  return JSON.stringify(state);
}

const fingerprints = new Map<string, string>();

async function untouched(v: Workspace): Promise<void> {
  const now = await fingerprint(v);
  const before = fingerprints.get(v.orgId);
  if (!before) {
    fingerprints.set(v.orgId, now);
    return;
  }
  if (now !== before) throw new Error(`the victim's 1:1 meetings, series or calendar mail changed: ${now}`);
}

const cookies = new Map<string, Promise<string | null>>();

/** The victim organisation's admin, or a second manager of it (outside the pair). */
async function asInsider(v: Workspace, who: "admin" | "otherManager", method: string, p: string, body?: unknown): Promise<HttpResponse> {
  const k = `${v.orgId}:${who}`;
  let c = cookies.get(k);
  if (!c) {
    c = (async () => {
      let email = v.admin.email;
      if (who === "otherManager") {
        email = `quinn.${randomUUID().slice(0, 8)}@${v.subdomain}.example`;
        const passwordHash = await hashPassword(PASSWORD);
        await runInOrg(e2eDb(), v.orgId, (tx) =>
          tx.user.create({ data: { organizationId: v.orgId, email, firstName: "Quinn", lastName: "Tester", role: "manager", passwordHash, passwordSetAt: new Date() } }),
        );
      }
      return signIn(v.subdomain, email, PASSWORD);
    })();
    cookies.set(k, c);
  }
  const cookie = await c;
  if (!cookie) throw new Error(`the victim's ${who} could not sign in`);
  return json({ host: hostOf(v.subdomain), path: p, method, cookie, body });
}

type Who = "foreign" | "admin" | "otherManager";
type Path = (meetingId: string, v: Workspace) => string;
type Body = (meetingId: string, v: Workspace) => unknown;

/** The request from each outsider; `leaks` rejects a 200 answer that names the victim's meeting. */
function outsiders(method: string, path: Path, body?: Body, expected: number[] = [404], who: Who[] = ["foreign", "admin", "otherManager"]): Attack[] {
  return who.map((w) => ({
    send: async ({ victim, call }) => {
      await untouched(victim);
      const { meetingId } = await victimPrep(victim);
      const b = body?.(meetingId, victim);
      const res = w === "foreign" ? await call(method, path(meetingId, victim), b) : await asInsider(victim, w, method, path(meetingId, victim), b);
      if (res.body.includes(meetingId)) throw new Error(`${w} saw the victim's meeting: ${res.body.slice(0, 300)}`);
      return res;
    },
    expected,
    unchanged: untouched,
  }));
}

const future = () => new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString();

export const oneOnOneMeetingRoutes: RouteEntry[] = [
  // Lists answer 200 with the caller's own meetings only: never the victim's (checked above).
  {
    file: "app/api/meetings/one-on-one/route.ts",
    method: "GET",
    attacks: [
      ...outsiders("GET", () => "/api/meetings/one-on-one?when=upcoming", undefined, [200]),
      ...outsiders("GET", (_m, v) => `/api/meetings/one-on-one?when=upcoming&personId=${v.employee.id}`, undefined, [200]),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/route.ts",
    method: "POST",
    attacks: [
      // Not their report (another organisation's person, or a same-organisation manager's report).
      ...outsiders("POST", (_m) => "/api/meetings/one-on-one", (_m, v) => ({ employeeId: v.employee.id, scheduledAt: future(), timeZone: "Europe/Berlin", recurrence: "weekly" }), [400], ["foreign", "otherManager"]),
      // Scheduling in someone else's name.
      ...outsiders(
        "POST",
        (_m) => "/api/meetings/one-on-one",
        (_m, v) => ({ employeeId: v.employee.id, managerId: v.manager.id, scheduledAt: future(), timeZone: "Europe/Berlin", recurrence: "none" }),
        [400],
        ["foreign", "admin", "otherManager"],
      ),
      ...outsiders("POST", (_m) => "/api/meetings/one-on-one", (_m, v) => ({ employeeId: v.employee.id, scheduledAt: future(), timeZone: "Europe/Berlin", organizationId: v.orgId }), [400, 404], ["foreign"]),
    ],
  },
  { file: "app/api/meetings/one-on-one/people/route.ts", method: "GET", attacks: outsiders("GET", () => "/api/meetings/one-on-one/people", undefined, [200], ["foreign"]) },
  { file: "app/api/meetings/one-on-one/meeting/[meetingId]/route.ts", method: "GET", attacks: outsiders("GET", (m) => `/api/meetings/one-on-one/meeting/${m}`) },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/route.ts",
    method: "PUT",
    attacks: [
      ...outsiders("PUT", (m) => `/api/meetings/one-on-one/${m}`, () => ({ notes: "Rewritten by an attacker" })),
      ...outsiders("PUT", (m) => `/api/meetings/one-on-one/${m}`, () => ({ status: "completed" })),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/reschedule/route.ts",
    method: "POST",
    attacks: outsiders("POST", (m) => `/api/meetings/one-on-one/${m}/reschedule`, () => ({ scheduledAt: future() })),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/cancel/route.ts",
    method: "POST",
    attacks: [
      ...outsiders("POST", (m) => `/api/meetings/one-on-one/${m}/cancel`, () => ({ scope: "occurrence" })),
      ...outsiders("POST", (m) => `/api/meetings/one-on-one/${m}/cancel`, () => ({ scope: "series" })),
    ],
  },
];
