// Attacker/victim entries for the 1:1 template and prep-form routes. Templates are the
// organisation's: the attacker is the admin of another organisation. Prep forms and the mood trend
// are the pair's: besides the other organisation's admin, the victim organisation's own admin and a
// second manager of it are outsiders too, and get 404 exactly as for a meeting that does not exist.
// Each attack leaves the victim's template, meeting, prep form and notifications unchanged.
import type { Workspace } from "../workspace";
import { asVictimManager, outsidersFor, victimGuard } from "./one-on-one-fixtures";
import { oncePerWorkspace } from "./once-per-workspace";
import type { RouteEntry } from "./types";

type VictimPrep = { templateId: string; meetingId: string; prepId: string };

/** The victim manager's 1:1 with the victim employee (using a template), with a submitted prep form. */
export const victimPrep = oncePerWorkspace<VictimPrep>((v) =>
  asVictimManager(v, async (tx) => {
    const at = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const template = await tx.meetingTemplate.create({
      data: {
        organizationId: v.orgId,
        name: `Victim template ${v.subdomain}`,
        description: "Theirs",
        questions: ["How are you?"],
      },
      select: { id: true },
    });
    const series = await tx.meetingSeries.create({
      data: {
        organizationId: v.orgId,
        managerId: v.manager.id,
        employeeId: v.employee.id,
        templateId: template.id,
        timeZone: "Europe/Berlin",
        startsAt: at,
        materializedUntil: at,
      },
      select: { id: true },
    });
    const meeting = await tx.meeting.create({
      data: {
        organizationId: v.orgId,
        seriesId: series.id,
        managerId: v.manager.id,
        employeeId: v.employee.id,
        occurrenceStart: at,
        scheduledAt: at,
      },
      select: { id: true },
    });
    const prep = await tx.meetingPrepForm.create({
      data: {
        organizationId: v.orgId,
        meetingId: meeting.id,
        managerId: v.manager.id,
        employeeId: v.employee.id,
        wins: `Secret of ${v.subdomain}: my prep`,
        mood: 2,
        submittedAt: new Date(),
      },
      select: { id: true },
    });
    return { templateId: template.id, meetingId: meeting.id, prepId: prep.id };
  }),
);

async function fingerprint(v: Workspace): Promise<string> {
  const { meetingId } = await victimPrep(v);
  const state = await asVictimManager(v, async (tx) => ({
    templates: await tx.meetingTemplate.findMany({
      where: { organizationId: v.orgId },
      select: { id: true, key: true, name: true, description: true, questions: true, updatedAt: true },
      orderBy: { id: "asc" },
    }),
    meeting: await tx.meeting.findFirst({
      where: { organizationId: v.orgId, id: meetingId },
      select: { status: true, scheduledAt: true, updatedAt: true, series: { select: { templateId: true } } },
    }),
    prep: await tx.meetingPrepForm.findMany({ where: { organizationId: v.orgId }, orderBy: { id: "asc" } }),
    notifications: await tx.notification.count({ where: { organizationId: v.orgId, type: "prep_form_submitted" } }),
  }));
  return JSON.stringify(state);
}

/** The victim's templates, meeting and prep form are as victimPrep made them. */
const { attack: a } = victimGuard(fingerprint, "1:1 templates or prep form");

/** The same request from the other organisation's admin, the victim's own admin and a second manager. */
const outsiders = outsidersFor(a, victimPrep);

const template = { name: "Hijacked", description: "", templateQuestions: ["Who owns this?"] };
const prepFields = { wins: "Planted by an attacker", mood: 5 };

export const oneOnOnePrepRoutes: RouteEntry[] = [
  {
    file: "app/api/one-on-one-templates/route.ts",
    method: "GET",
    attacks: [
      a(
        "route",
        async ({ victim, call }) => {
          const r = await call("GET", "/api/one-on-one-templates");
          const p = await victimPrep(victim);
          if (r.body.includes(p.templateId)) throw new Error("the victim's template is listed to another organisation");
          return r;
        },
        [200],
      ),
    ],
  },
  {
    file: "app/api/one-on-one-templates/route.ts",
    method: "POST",
    attacks: [
      a("body:organizationId", ({ victim, call }) =>
        call("POST", "/api/one-on-one-templates", { ...template, organizationId: victim.orgId }),
      ),
    ],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "GET",
    attacks: [
      a("path:id", ({ victim, call }) => call("GET", `/api/one-on-one-templates/${victim.orgId}`)),
      a("path:id", async ({ victim, call }) =>
        call("GET", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`),
      ),
    ],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "PUT",
    attacks: [
      a("path:id", async ({ victim, call }) =>
        call("PUT", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`, template),
      ),
      a(["path:id", "body:organizationId"], async ({ victim, call }) =>
        call("PUT", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`, {
          ...template,
          organizationId: victim.orgId,
        }),
      ),
    ],
  },
  {
    file: "app/api/one-on-one-templates/[id]/route.ts",
    method: "DELETE",
    attacks: [
      a("path:id", async ({ victim, call }) =>
        call("DELETE", `/api/one-on-one-templates/${(await victimPrep(victim)).templateId}`),
      ),
    ],
  },
  {
    file: "app/api/one-on-one-templates/seed/[orgId]/route.ts",
    method: "POST",
    victimPath: (v) => `/api/one-on-one-templates/seed/${v.orgId}`,
    attacks: [a("path:orgId", ({ victim, call }) => call("POST", `/api/one-on-one-templates/seed/${victim.orgId}`))],
  },
  {
    file: "app/api/organizations/[orgId]/seed-templates/route.ts",
    method: "POST",
    victimPath: (v) => `/api/organizations/${v.orgId}/seed-templates`,
    attacks: [a("path:orgId", ({ victim, call }) => call("POST", `/api/organizations/${victim.orgId}/seed-templates`))],
  },
  {
    file: "app/api/one-on-one-prep/[id]/route.ts",
    method: "GET",
    attacks: [
      ...outsiders("path:id", "GET", (p) => `/api/one-on-one-prep/${p.meetingId}`),
      ...outsiders("path:id", "GET", (p) => `/api/one-on-one-prep/${p.prepId}`),
    ],
  },
  {
    file: "app/api/one-on-one-prep/[id]/route.ts",
    method: "PUT",
    attacks: [
      ...outsiders(
        "path:id",
        "PUT",
        (p) => `/api/one-on-one-prep/${p.prepId}`,
        () => prepFields,
      ),
      ...outsiders(
        "path:id",
        "PUT",
        (p) => `/api/one-on-one-prep/${p.meetingId}`,
        () => prepFields,
      ),
    ],
  },
  {
    file: "app/api/one-on-one-prep/route.ts",
    method: "POST",
    attacks: [
      ...outsiders(
        ["body:meetingId", "body:employeeId"],
        "POST",
        () => "/api/one-on-one-prep",
        (p, v) => ({ meetingId: p.meetingId, employeeId: v.employee.id, ...prepFields }),
      ),
      ...outsiders(
        ["body:meetingId", "body:organizationId"],
        "POST",
        () => "/api/one-on-one-prep",
        (p, v) => ({ meetingId: p.meetingId, organizationId: v.orgId, ...prepFields }),
        [400, 404],
      ),
    ],
  },
  {
    file: "app/api/one-on-one/prep-form/route.ts",
    method: "POST",
    attacks: outsiders(
      ["body:meetingId", "body:employeeId"],
      "POST",
      () => "/api/one-on-one/prep-form",
      (p, v) => ({ meetingId: p.meetingId, employeeId: v.employee.id, ...prepFields }),
    ),
  },
  {
    file: "app/api/meetings/one-on-one/[meetingId]/mood-trend/route.ts",
    method: "GET",
    attacks: outsiders("path:meetingId", "GET", (p) => `/api/meetings/one-on-one/${p.meetingId}/mood-trend`),
  },
];
