// Attacker/victim entries for a survey's results. The attacker is an admin of another
// organisation, so the role check never hides a missing tenant check; the victim gets a closed
// survey with a question rollup (closed and pulse, so no scheduler acts on it and the other
// areas' "no custom survey, nothing open" checks still hold), and the attacker must not reach it.
import { randomUUID } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { e2eDb, type Workspace } from "../workspace";
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
      await tx.survey.create({ data: { organizationId: v.orgId, id, kind: "pulse", title: "Victim results", status: "closed", scheduledFor: now, sentAt: now, closesAt: now, closedAt: now } });
      await tx.surveyQuestion.create({ data: { organizationId: v.orgId, id: questionId, surveyId: id, order: 1, type: "scale", text: "Victim question" } });
      await tx.surveyParticipation.create({ data: { organizationId: v.orgId, surveyId: id, teamId: NIL, invited: 9, responded: 9 } });
      await tx.surveyQuestionRollup.create({ data: { organizationId: v.orgId, surveyId: id, teamId: NIL, questionId, n: 9, sum: 36, counts: COUNTS } });
      return id;
    });
    surveys.set(v.orgId, p);
  }
  return p;
}

/** The victim's question rollup is as it was made. */
async function untouched(v: Workspace): Promise<void> {
  const id = await victimSurvey(v);
  const r = await runInOrg(e2eDb(), v.orgId, (tx) => tx.surveyQuestionRollup.findMany({ where: { organizationId: v.orgId, surveyId: id }, select: { n: true, sum: true, counts: true } }));
  if (r.length !== 1 || r[0]!.n !== 9 || r[0]!.sum !== 36 || r[0]!.counts.join() !== COUNTS.join()) throw new Error(`victim's question rollups changed: ${JSON.stringify(r)}`);
}

const a = (send: Attack["send"], expected: number[]): Attack => ({ send, expected, unchanged: untouched });

export const surveyResultsRoutes: RouteEntry[] = [
  {
    file: "app/api/surveys/[surveyId]/results/route.ts",
    method: "GET",
    attacks: [
      a(async ({ victim, call }) => call("GET", `/api/surveys/${await victimSurvey(victim)}/results`), [404]),
      a(({ call }) => call("GET", `/api/surveys/${randomUUID()}/results`), [404]),
    ],
  },
];
