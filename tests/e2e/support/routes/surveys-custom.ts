// Attacker/victim entries for Email Settings and custom surveys. The attacker is an admin of
// another organisation, so the role check never hides a missing tenant check.
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

/** The victim's template is still the default (nothing stored) and it has no custom survey. */
async function untouched(v: Workspace): Promise<void> {
  const s = await runInOrg(e2eDb(), v.orgId, async (tx) => ({
    org: await tx.organization.findUnique({ where: { id: v.orgId }, select: { emailSubject: true, emailBody: true } }),
    custom: await tx.survey.count({ where: { organizationId: v.orgId, kind: "custom" } }),
    invitations: await tx.surveyInvitation.count({ where: { organizationId: v.orgId, userId: v.employee.id } }),
  }));
  const ok = s.org?.emailSubject === null && s.org.emailBody === null && s.custom === 0 && s.invitations === 0;
  if (!ok) throw new Error(`victim's template or surveys changed: ${JSON.stringify(s)}`);
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});
const template = { emailSubject: "Hacked {{firstName}}", emailBody: "Click {{surveyLink}}" };
const survey = (over: Record<string, unknown> = {}) => ({
  title: "Mallory's survey",
  questions: [{ type: "text", text: "Your password?", isRequired: true }],
  audience: { all: true },
  send: { now: true },
  ...over,
});

export const customSurveyRoutes: RouteEntry[] = [
  {
    file: "app/api/organizations/[orgId]/email-settings/route.ts",
    method: "PATCH",
    victimPath: (v) => `/api/organizations/${v.orgId}/email-settings`,
    attacks: [
      // The victim's organisation in the path is not found from the attacker's.
      a(
        "path:orgId",
        ({ victim, call }) => call("PATCH", `/api/organizations/${victim.orgId}/email-settings`, template),
        [404],
      ),
      a(
        "path:orgId",
        ({ victim, call }) => call("PATCH", `/api/organizations/${victim.orgId}/email-settings`, { reset: true }),
        [404],
      ),
      // Or named in the body of the attacker's own path: not found, like any foreign id.
      a(
        ["path:orgId", "body:organizationId"],
        ({ attacker, victim, call }) =>
          call("PATCH", `/api/organizations/${attacker.orgId}/email-settings`, {
            ...template,
            organizationId: victim.orgId,
          }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/organizations/[orgId]/email-sender/route.ts",
    method: "PATCH",
    victimPath: (v) => `/api/organizations/${v.orgId}/email-sender`,
    attacks: [
      // Another workspace's sender name and reply-to are not the attacker's to set.
      a(
        "path:orgId",
        ({ victim, call }) =>
          call("PATCH", `/api/organizations/${victim.orgId}/email-sender`, {
            mailSenderName: "Mallory",
            mailReplyTo: "mallory@evil.example",
            accentColor: "#000000",
          }),
        [404],
      ),
      a(
        ["path:orgId", "body:organizationId"],
        ({ attacker, victim, call }) =>
          call("PATCH", `/api/organizations/${attacker.orgId}/email-sender`, {
            mailSenderName: "Mallory",
            mailReplyTo: "",
            accentColor: "",
            organizationId: victim.orgId,
          }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/surveys/route.ts",
    method: "POST",
    attacks: [
      // The victim's team is unknown in the attacker's organisation: refused, nothing created.
      a(
        "body:audience.teamIds",
        ({ victim, call }) => call("POST", "/api/surveys", survey({ audience: { teamIds: [victim.team.id] } })),
        [400],
      ),
      a(
        "body:organizationId",
        ({ victim, call }) => call("POST", "/api/surveys", survey({ organizationId: victim.orgId })),
        [404],
      ),
    ],
  },
];
