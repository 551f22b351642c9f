// Attacker/victim entries for pulse rounds: Send Now, the current survey, a round's status, the
// pulse schedule and the minimum reporting group. The attacker is an admin of another organisation, so the role check never hides
// a missing tenant check.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

/** The victim's schedule is the default one and no round reached its people. */
async function untouched(v: Workspace): Promise<void> {
  const s = await runInOrg(e2eDb(), v.orgId, async (tx) => ({
    org: await tx.organization.findUnique({
      where: { id: v.orgId },
      select: { pulseEnabled: true, pulseWeekday: true, pulseTime: true, pulseTimeZone: true },
    }),
    invitations: await tx.surveyInvitation.count({ where: { organizationId: v.orgId } }),
    active: await tx.survey.count({ where: { organizationId: v.orgId, status: { not: "closed" } } }),
  }));
  const o = s.org;
  const ok =
    o?.pulseEnabled === true &&
    o.pulseWeekday === 1 &&
    o.pulseTime === "09:00" &&
    o.pulseTimeZone === "UTC" &&
    s.invitations === 0 &&
    s.active === 0;
  if (!ok) throw new Error(`victim's pulse changed: ${JSON.stringify(s)}`);
}

/** A closed round of the victim's (closed, so no scheduler ever acts on it), to aim at. */
async function victimRound(v: Workspace): Promise<string> {
  const id = randomUUID();
  const now = new Date();
  await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.survey.create({
      data: {
        organizationId: v.orgId,
        id,
        kind: "pulse",
        title: "Victim round",
        status: "closed",
        scheduledFor: now,
        sentAt: now,
        closesAt: now,
        closedAt: now,
        audienceTeamIds: [],
      },
    }),
  );
  return id;
}

/** A victim round with one e-mail given up as failed, for the retry route to aim at. */
async function victimRoundWithFailedMail(v: Workspace): Promise<string> {
  const id = await victimRound(v);
  await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.mailMessage.create({
      // The ref as lib/surveys/send.ts's surveyMailRef makes it (that module is server-only).
      data: {
        organizationId: v.orgId,
        to: "victim@example.com",
        subject: "Invitation",
        text: "T",
        kind: "survey_invitation",
        ref: `survey:${id}`,
        status: "failed",
        attempts: 12,
        lastError: "mailbox unavailable",
      },
    }),
  );
  return id;
}

/** The victim's failed e-mails stay failed, with no delivery queued for them. */
async function failedMailUntouched(v: Workspace): Promise<void> {
  await untouched(v);
  const pending = await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.mailMessage.count({ where: { organizationId: v.orgId, kind: "survey_invitation", status: { not: "failed" } } }),
  );
  if (pending !== 0) throw new Error(`victim's failed e-mails were retried: ${pending} no longer failed`);
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});

/** The victim's minimum reporting group is still the default 3. */
async function anonymityUntouched(v: Workspace): Promise<void> {
  const o = await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.organization.findUnique({ where: { id: v.orgId }, select: { minGroupSize: true } }),
  );
  if (o?.minGroupSize !== 3) throw new Error(`victim's minimum group size changed: ${JSON.stringify(o)}`);
}
const anon = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: anonymityUntouched,
});
const schedule = { pulseEnabled: false, pulseWeekday: 5, pulseTime: "17:00", pulseTimeZone: "Asia/Tokyo" };

export const surveyRoundRoutes: RouteEntry[] = [
  {
    file: "app/api/surveys/send-now/route.ts",
    method: "POST",
    // No ids to aim: the round goes to the attacker's own people, never the victim's.
    attacks: [a("route", ({ call }) => call("POST", "/api/surveys/send-now"), [201])],
  },
  {
    file: "app/api/surveys/current/[id]/route.ts",
    method: "GET",
    attacks: [a("path:id", ({ victim, call }) => call("GET", `/api/surveys/current/${victim.orgId}`), [404])],
  },
  {
    file: "app/api/surveys/[surveyId]/status/route.ts",
    method: "GET",
    attacks: [
      a(
        "path:surveyId",
        async ({ victim, call }) => call("GET", `/api/surveys/${await victimRound(victim)}/status`),
        [404],
      ),
      a("path:surveyId", ({ call }) => call("GET", `/api/surveys/${randomUUID()}/status`), [404]),
    ],
  },
  {
    file: "app/api/surveys/[surveyId]/mail-retry/route.ts",
    method: "POST",
    attacks: [
      {
        aims: "path:surveyId",
        send: async ({ victim, call }) =>
          call("POST", `/api/surveys/${await victimRoundWithFailedMail(victim)}/mail-retry`),
        expected: [404],
        unchanged: failedMailUntouched,
      },
      a("path:surveyId", ({ call }) => call("POST", `/api/surveys/${randomUUID()}/mail-retry`), [404]),
    ],
  },
  {
    file: "app/api/organizations/[orgId]/pulse-schedule/route.ts",
    method: "GET",
    attacks: [
      a("path:orgId", ({ victim, call }) => call("GET", `/api/organizations/${victim.orgId}/pulse-schedule`), [404]),
    ],
  },
  {
    file: "app/api/organizations/[orgId]/pulse-schedule/route.ts",
    method: "PATCH",
    attacks: [
      a(
        "path:orgId",
        ({ victim, call }) => call("PATCH", `/api/organizations/${victim.orgId}/pulse-schedule`, schedule),
        [404],
      ),
      // Or named in the body of the attacker's own path: not found, like any foreign id.
      a(
        ["path:orgId", "body:organizationId"],
        ({ attacker, victim, call }) =>
          call("PATCH", `/api/organizations/${attacker.orgId}/pulse-schedule`, {
            ...schedule,
            organizationId: victim.orgId,
          }),
        [404],
      ),
    ],
  },
  {
    file: "app/api/organizations/[orgId]/anonymity/route.ts",
    method: "GET",
    attacks: [
      anon("path:orgId", ({ victim, call }) => call("GET", `/api/organizations/${victim.orgId}/anonymity`), [404]),
    ],
  },
  {
    file: "app/api/organizations/[orgId]/anonymity/route.ts",
    method: "PATCH",
    attacks: [
      anon(
        "path:orgId",
        ({ victim, call }) => call("PATCH", `/api/organizations/${victim.orgId}/anonymity`, { minGroupSize: 10 }),
        [404],
      ),
      anon(
        ["path:orgId", "body:organizationId"],
        ({ attacker, victim, call }) =>
          call("PATCH", `/api/organizations/${attacker.orgId}/anonymity`, {
            minGroupSize: 10,
            organizationId: victim.orgId,
          }),
        [404],
      ),
    ],
  },
];
