// Attacker/victim entries for a survey's results and for closing a survey. The attacker is an
// admin of another organisation, so the role check never hides a missing tenant check; the victim
// gets a closed survey with a question rollup (closed and pulse, so no scheduler acts on it and
// the other areas' "no custom survey, nothing open" checks still hold), and the attacker must not
// reach it. Closing needs an open survey: it is made only when the close entry runs, which comes
// last in the table, after every area that expects nothing open.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hostOf, json, signIn } from "../http";
import { e2eDb, PASSWORD, type Workspace } from "../workspace";
import type { Attack, RouteEntry } from "./types";

const NIL = "00000000-0000-0000-0000-000000000000";
const COUNTS = [0, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0];
const surveys = new Map<string, Promise<string>>();

/** One closed survey with nine answers of 4 to its one question (made once per victim). */
function victimSurvey(v: Workspace): Promise<string> {
  let p = surveys.get(v.orgId);
  if (!p) {
    p = runInOrg(e2eDb(), v.orgId, async (tx) => {
      const id = randomUUID();
      const questionId = randomUUID();
      const now = new Date();
      await tx.survey.create({
        data: {
          organizationId: v.orgId,
          id,
          kind: "pulse",
          title: "Victim results",
          status: "closed",
          scheduledFor: now,
          sentAt: now,
          closesAt: now,
          closedAt: now,
        },
      });
      await tx.surveyQuestion.create({
        data: {
          organizationId: v.orgId,
          id: questionId,
          surveyId: id,
          order: 1,
          type: "scale",
          text: "Victim question",
        },
      });
      await tx.surveyParticipation.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: NIL, invited: 9, responded: 9 },
      });
      await tx.surveyQuestionRollup.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: NIL, questionId, n: 9, sum: 36, counts: COUNTS },
      });
      return id;
    });
    surveys.set(v.orgId, p);
  }
  return p;
}

/** The victim's question rollup is as it was made. */
async function untouched(v: Workspace): Promise<void> {
  const id = await victimSurvey(v);
  const r = await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.surveyQuestionRollup.findMany({
      where: { organizationId: v.orgId, surveyId: id },
      select: { n: true, sum: true, counts: true },
    }),
  );
  if (r.length !== 1 || r[0]!.n !== 9 || r[0]!.sum !== 36 || r[0]!.counts.join() !== COUNTS.join())
    throw new Error(`victim's question rollups changed: ${JSON.stringify(r)}`);
}

const a = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: untouched,
});

const openSurveys = new Map<string, Promise<string>>();

/** One open survey of the victim's with one answer waiting in the pending pool (made once). */
function victimOpenSurvey(v: Workspace): Promise<string> {
  let p = openSurveys.get(v.orgId);
  if (!p) {
    p = runInOrg(e2eDb(), v.orgId, async (tx) => {
      const id = randomUUID();
      const questionId = randomUUID();
      const now = new Date();
      await tx.survey.create({
        data: {
          organizationId: v.orgId,
          id,
          kind: "pulse",
          title: "Victim open survey",
          status: "active",
          scheduledFor: now,
          sentAt: now,
          closesAt: new Date(now.getTime() + 7 * 86_400_000),
          invitedCount: 9,
          responseCount: 1,
        },
      });
      await tx.surveyQuestion.create({
        data: {
          organizationId: v.orgId,
          id: questionId,
          surveyId: id,
          order: 1,
          type: "scale",
          text: "Victim open question",
        },
      });
      await tx.surveyParticipation.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: NIL, invited: 9, responded: 1 },
      });
      await tx.surveyPendingResponse.create({
        data: { organizationId: v.orgId, surveyId: id, teamId: null, answers: [{ q: questionId, v: 4, t: null }] },
      });
      return id;
    });
    openSurveys.set(v.orgId, p);
  }
  return p;
}

/** The victim's open survey is still open, its answer still pending and nothing folded. */
async function stillOpen(v: Workspace): Promise<void> {
  const id = await victimOpenSurvey(v);
  const s = await runInOrg(e2eDb(), v.orgId, async (tx) => ({
    survey: await tx.survey.findFirst({
      where: { organizationId: v.orgId, id },
      select: { status: true, closedAt: true },
    }),
    pending: await tx.surveyPendingResponse.count({ where: { organizationId: v.orgId, surveyId: id } }),
    responses: await tx.surveyResponse.count({ where: { organizationId: v.orgId, surveyId: id } }),
  }));
  if (s.survey?.status !== "active" || s.survey.closedAt !== null || s.pending !== 1 || s.responses !== 0)
    throw new Error(`victim's open survey changed: ${JSON.stringify(s)}`);
}

/** The victim's own manager or employee, signed in on the victim's host, closing its survey. */
async function asVictimMember(v: Workspace, who: "manager" | "employee") {
  const cookie = await signIn(v.subdomain, v[who].email, PASSWORD);
  if (!cookie) throw new Error(`the victim's ${who} could not sign in`);
  return json({
    host: hostOf(v.subdomain),
    path: `/api/surveys/${await victimOpenSurvey(v)}/close`,
    method: "POST",
    cookie,
  });
}

const closing = (aims: Attack["aims"], send: Attack["send"], expected: number[]): Attack => ({
  aims,
  send,
  expected,
  unchanged: stillOpen,
});

export const surveyResultsRoutes: RouteEntry[] = [
  {
    file: "app/api/surveys/[surveyId]/results/route.ts",
    method: "GET",
    attacks: [
      a(
        "path:surveyId",
        async ({ victim, call }) => call("GET", `/api/surveys/${await victimSurvey(victim)}/results`),
        [404],
      ),
      a("path:surveyId", ({ call }) => call("GET", `/api/surveys/${randomUUID()}/results`), [404]),
    ],
  },
  {
    file: "app/api/surveys/[surveyId]/close/route.ts",
    method: "POST",
    attacks: [
      closing(
        "path:surveyId",
        async ({ victim, call }) => call("POST", `/api/surveys/${await victimOpenSurvey(victim)}/close`),
        [404],
      ),
      closing("path:surveyId", ({ call }) => call("POST", `/api/surveys/${randomUUID()}/close`), [404]),
      // Inside the victim's organisation, only admins close: its manager and employee are refused.
      closing("route", ({ victim }) => asVictimMember(victim, "manager"), [403]),
      closing("route", ({ victim }) => asVictimMember(victim, "employee"), [403]),
    ],
  },
];
