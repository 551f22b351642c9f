// Attacker/victim entries for the 1:1 template and prep-form routes (issue 11). Templates are the
// organisation's: the attacker is the admin of another organisation. Prep forms and the mood trend
// are the pair's: besides the other organisation's admin, the victim organisation's own admin and a
// second manager of it are outsiders too, and get 404 exactly as for a meeting that does not exist.
// Each attack leaves the victim's template, meeting, prep form and notifications unchanged.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashPassword } from "@/lib/auth/password";
import { hostOf, json, signIn, type HttpResponse } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

type VictimPrep = { templateId: string; meetingId: string; prepId: string };
const preps = new Map<string, Promise<VictimPrep>>();

/** The victim manager's 1:1 with the victim employee (using a template), with a submitted prep form. */
export function victimPrep(v: Workspace): Promise<VictimPrep> {
  let p = preps.get(v.orgId);
  if (!p) {
    p = runInOrg(
      e2eDb(),
      v.orgId,
      async (tx) => {
        const at = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
        const template = await tx.meetingTemplate.create({
          data: { organizationId: v.orgId, name: `Victim template ${v.subdomain}`, description: "Theirs", questions: ["How are you?"] },
          select: { id: true },
        });
        const series = await tx.meetingSeries.create({
          data: { organizationId: v.orgId, managerId: v.manager.id, employeeId: v.employee.id, templateId: template.id, timeZone: "Europe/Berlin", startsAt: at, materializedUntil: at },
          select: { id: true },
        });
        const meeting = await tx.meeting.create({
          data: { organizationId: v.orgId, seriesId: series.id, managerId: v.manager.id, employeeId: v.employee.id, occurrenceStart: at, scheduledAt: at },
          select: { id: true },
        });
        const prep = await tx.meetingPrepForm.create({
          data: { organizationId: v.orgId, meetingId: meeting.id, managerId: v.manager.id, employeeId: v.employee.id, wins: `Secret of ${v.subdomain}: my prep`, mood: 2, submittedAt: new Date() },
          select: { id: true },
        });
        return { templateId: template.id, meetingId: meeting.id, prepId: prep.id };
      },
      undefined,
      v.manager.id,
    );
    preps.set(v.orgId, p);
  }
  return p;
}

async function fingerprint(v: Workspace): Promise<string> {
  const { meetingId } = await victimPrep(v);
  const state = await runInOrg(
    e2eDb(),
    v.orgId,
    async (tx) => ({
      templates: await tx.meetingTemplate.findMany({ where: { organizationId: v.orgId }, select: { id: true, key: true, name: true, description: true, questions: true, updatedAt: true }, orderBy: { id: "asc" } }),
      meeting: await tx.meeting.findFirst({ where: { organizationId: v.orgId, id: meetingId }, select: { status: true, scheduledAt: true, updatedAt: true, series: { select: { templateId: true } } } }),
      prep: await tx.meetingPrepForm.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
      notifications: await tx.notification.count({ where: { organizationId: v.orgId, type: "prep_form_submitted" } }),
    }),
    undefined,
    v.manager.id,
  );
  return JSON.stringify(state);
}

const fingerprints = new Map<string, string>();

/** The victim's templates, meeting and prep form are as victimPrep made them. */
async function untouched(v: Workspace): Promise<void> {
  const now = await fingerprint(v);
  const before = fingerprints.get(v.orgId);
  if (!before) {
    fingerprints.set(v.orgId, now);
    return;
  }
  if (now !== before) throw new Error(`the victim's 1:1 templates or prep form changed: ${now}`);
}

const cookies = new Map<string, Promise<string | null>>();

/** A signed-in caller of the victim's own organisation: its admin, or a second manager who is not
 * part of the victim pair (made once per workspace). */
async function asVictimOutsider(v: Workspace, who: "admin" | "otherManager", method: string, p: string, body?: unknown): Promise<HttpResponse> {
  const k = `${v.orgId}:${who}`;
  let c = cookies.get(k);
  if (!c) {
    c = (async () => {
      let email = v.admin.email;
      if (who === "otherManager") {
        email = `mona.${randomUUID().slice(0, 8)}@${v.subdomain}.example`;
        const passwordHash = await hashPassword(PASSWORD);
        await runInOrg(e2eDb(), v.orgId, (tx) =>
          tx.user.create({ data: { organizationId: v.orgId, email, firstName: "Mona", lastName: "Tester", role: "manager", passwordHash, passwordSetAt: new Date() } }),
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

const a = (send: Attack["send"], expected: number[] = [404]): Attack => ({
  send: async (args) => {
    await untouched(args.victim);
    return send(args);
  },
  expected,
  unchanged: untouched,
});

/** The same request from the other organisation's admin, the victim's own admin and a second manager. */
function outsiders(method: string, path: (p: VictimPrep, v: Workspace) => string, body?: (p: VictimPrep, v: Workspace) => unknown, expected: number[] = [404]): Attack[] {
  return [
    a(async ({ victim, call }) => {
      const p = await victimPrep(victim);
      return call(method, path(p, victim), body?.(p, victim));
    }, expected),
    a(async ({ victim }) => {
      const p = await victimPrep(victim);
      return asVictimOutsider(victim, "admin", method, path(p, victim), body?.(p, victim));
    }, expected),
    a(async ({ victim }) => {
      const p = await victimPrep(victim);
      return asVictimOutsider(victim, "otherManager", method, path(p, victim), body?.(p, victim));
    }, expected),
  ];
}

const template = { name: "Hijacked", description: "", templateQuestions: ["Who owns this?"] };
const prepFields = { wins: "Planted by an attacker", mood: 5 };

export const oneOnOnePrepRoutes: RouteEntry[] = [
  {
    file: "app/api/one-on-one-templates/route.ts",
    method: "GET",
    attacks: [a(async ({ victim, call }) => {
      const r = await call("GET", "/api/one-on-one-templates");
      const p = await victimPrep(victim);
      if (r.body.includes(p.templateId)) throw new Error("the victim's template is listed to another organisation");
      return r;
    }, [200])],
  },
  {
    file: "app/api/one-on-one-templates/route.ts",
    method: "POST",
    attacks: [a(({ victim, call }) => call("POST", "/api/one-on-one-templates", { ...template, organizationId: victim.orgId }))],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "GET",
    attacks: [
      a(({ victim, call }) => call("GET", `/api/one-on-one-templates/${victim.orgId}`)),
      a(async ({ victim, call }) => call("GET", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`)),
    ],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "PUT",
    attacks: [
      a(async ({ victim, call }) => call("PUT", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`, template)),
      a(async ({ victim, call }) => call("PUT", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`, { ...template, organizationId: victim.orgId })),
    ],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "DELETE",
    attacks: [a(async ({ victim, call }) => call("DELETE", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`))],
  },
  {
    file: "app/api/one-on-one-templates/seed/[orgId]/route.ts",
    method: "POST",
    victimPath: (v) => `/api/one-on-one-templates/seed/${v.orgId}`,
    attacks: [a(({ victim, call }) => call("POST", `/api/one-on-one-templates/seed/${victim.orgId}`))],
  },
  {
    file: "app/api/organizations/[orgId]/seed-templates/route.ts",
    method: "POST",
    victimPath: (v) => `/api/organizations/${v.orgId}/seed-templates`,
    attacks: [a(({ victim, call }) => call("POST", `/api/organizations/${victim.orgId}/seed-templates`))],
  },
  {
    file: "app/api/one-on-one-prep/[id]/route.ts",
    method: "GET",
    attacks: [...outsiders("GET", (p) => `/api/one-on-one-prep/${p.meetingId}`), ...outsiders("GET", (p) => `/api/one-on-one-prep/${p.prepId}`)],
  },
  {
    file: "app/api/one-on-one-prep/[id]/route.ts",
    method: "PUT",
    attacks: [...outsiders("PUT", (p) => `/api/one-on-one-prep/${p.prepId}`, () => prepFields), ...outsiders("PUT", (p) => `/api/one-on-one-prep/${p.meetingId}`, () => prepFields)],
  },
  {
    file: "app/api/one-on-one-prep/route.ts",
    method: "POST",
    attacks: [
      ...outsiders("POST", () => "/api/one-on-one-prep", (p, v) => ({ meetingId: p.meetingId, employeeId: v.employee.id, ...prepFields })),
      ...outsiders("POST", () => "/api/one-on-one-prep", (p, v) => ({ meetingId: p.meetingId, organizationId: v.orgId, ...prepFields }), [400, 404]),
    ],
  },
  {
    file: "app/api/one-on-one/prep-form/route.ts",
    method: "POST",
    attacks: outsiders("POST", () => "/api/one-on-one/prep-form", (p, v) => ({ meetingId: p.meetingId, employeeId: v.employee.id, ...prepFields })),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/mood-trend/route.ts",
    method: "GET",
    attacks: outsiders("GET", (p) => `/api/meetings/one-on-one/${p.meetingId}/mood-trend`),
  },
];
