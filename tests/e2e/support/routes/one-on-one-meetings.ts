// Attacker/victim entries for the 1:1 meeting routes: list, schedule, people, detail,
// notes, reschedule and cancel. A meeting belongs to its pair: the other organisation's admin, the
// victim organisation's own admin and a second manager of it all get 404 for the victim's meeting,
// exactly as for one that does not exist, lists without it, and the victim's meetings, series and
// outbox stay as they were.
import type { Workspace } from "../workspace";
import { asPairManager, asVictimManager, outsidersFor, victimGuard } from "./one-on-one-fixtures";
import { victimPrep } from "./one-on-one-prep";
import type { RouteEntry } from "./types";

async function fingerprint(v: Workspace): Promise<string> {
  await victimPrep(v);
  const state = await asVictimManager(v, async (tx) => ({
    meetings: await tx.meeting.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
    series: await tx.meetingSeries.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
    mail: await tx.mailMessage.count({ where: { organizationId: v.orgId, kind: { startsWith: "meeting_" } } }),
  }));
  return JSON.stringify(state);
}

const { attack } = victimGuard(fingerprint, "1:1 meetings, series or calendar mail");

/** The request from each outsider; a 200 answer that names the victim's meeting is rejected. */
const outsiders = outsidersFor(
  attack,
  (v) => victimPrep(v).then((p) => p.meetingId),
  (res, meetingId, who) => {
    if (res.body.includes(meetingId)) throw new Error(`${who} saw the victim's meeting: ${res.body.slice(0, 300)}`);
  },
);

const future = () => new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString();

export const oneOnOneMeetingRoutes: RouteEntry[] = [
  // Lists answer 200 with the caller's own meetings only: never the victim's (checked above).
  {
    file: "app/api/meetings/one-on-one/route.ts",
    method: "GET",
    attacks: [
      ...outsiders("route", "GET", () => "/api/meetings/one-on-one?when=upcoming", undefined, [200]),
      ...outsiders(
        "query:personId",
        "GET",
        (_m, v) => `/api/meetings/one-on-one?when=upcoming&personId=${v.employee.id}`,
        undefined,
        [200],
      ),
      // A series a row: never a row standing for the victim's series.
      ...outsiders("route", "GET", () => "/api/meetings/one-on-one?view=series&when=upcoming", undefined, [200]),
      ...outsiders(
        "query:personId",
        "GET",
        (_m, v) => `/api/meetings/one-on-one?view=series&when=past&personId=${v.employee.id}`,
        undefined,
        [200],
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/series/route.ts",
    method: "GET",
    attacks: [
      ...outsiders("path:meetingId", "GET", (m) => `/api/meetings/one-on-one/${m}/series?when=upcoming`),
      ...outsiders("path:meetingId", "GET", (m) => `/api/meetings/one-on-one/${m}/series?when=past`),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/route.ts",
    method: "POST",
    attacks: [
      // Not their report (another organisation's person, or a same-organisation manager's report).
      ...outsiders(
        "body:employeeId",
        "POST",
        (_m) => "/api/meetings/one-on-one",
        (_m, v) => ({
          employeeId: v.employee.id,
          scheduledAt: future(),
          timeZone: "Europe/Berlin",
          recurrence: "weekly",
        }),
        [400],
        ["foreign", "otherManager"],
      ),
      // Scheduling in someone else's name.
      ...outsiders(
        ["body:employeeId", "body:managerId"],
        "POST",
        (_m) => "/api/meetings/one-on-one",
        (_m, v) => ({
          employeeId: v.employee.id,
          managerId: v.manager.id,
          scheduledAt: future(),
          timeZone: "Europe/Berlin",
          recurrence: "none",
        }),
        [400],
        ["foreign", "admin", "otherManager"],
      ),
      ...outsiders(
        ["body:employeeId", "body:organizationId"],
        "POST",
        (_m) => "/api/meetings/one-on-one",
        (_m, v) => ({
          employeeId: v.employee.id,
          scheduledAt: future(),
          timeZone: "Europe/Berlin",
          organizationId: v.orgId,
        }),
        [400, 404],
        ["foreign"],
      ),
      // The attacker's manager schedules with their own report from the victim's template.
      attack(
        "body:templateId",
        async ({ attacker, victim }) =>
          asPairManager(attacker, "POST", "/api/meetings/one-on-one", {
            employeeId: attacker.employee.id,
            templateId: (await victimPrep(victim)).templateId,
            scheduledAt: future(),
            timeZone: "Europe/Berlin",
            recurrence: "none",
          }),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/people/route.ts",
    method: "GET",
    attacks: outsiders("route", "GET", () => "/api/meetings/one-on-one/people", undefined, [200], ["foreign"]),
  },
  {
    file: "app/api/meetings/one-on-one/meeting/[meetingId]/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (m) => `/api/meetings/one-on-one/meeting/${m}`),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/route.ts",
    method: "PUT",
    attacks: [
      ...outsiders(
        "path:meetingId",
        "PUT",
        (m) => `/api/meetings/one-on-one/${m}`,
        () => ({ notes: "Rewritten by an attacker" }),
      ),
      ...outsiders(
        "path:meetingId",
        "PUT",
        (m) => `/api/meetings/one-on-one/${m}`,
        () => ({ status: "completed" }),
      ),
    ],
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/reschedule/route.ts",
    method: "POST",
    attacks: outsiders(
      "path:meetingId",
      "POST",
      (m) => `/api/meetings/one-on-one/${m}/reschedule`,
      () => ({ scheduledAt: future() }),
    ),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/cancel/route.ts",
    method: "POST",
    attacks: [
      ...outsiders(
        "path:meetingId",
        "POST",
        (m) => `/api/meetings/one-on-one/${m}/cancel`,
        () => ({ scope: "occurrence" }),
      ),
      ...outsiders(
        "path:meetingId",
        "POST",
        (m) => `/api/meetings/one-on-one/${m}/cancel`,
        () => ({ scope: "series" }),
      ),
    ],
  },
];
