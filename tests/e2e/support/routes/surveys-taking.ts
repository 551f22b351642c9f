// Attacker/victim entries for taking a survey: the victim's survey and personal link, aimed at
// from the attacker's workspace, must be unknown there and change nothing.
import { randomBytes } from "node:crypto";
import { runInOrg } from "@/lib/db/org-transaction";
import { hashToken } from "@/lib/auth/token-hash";
import { e2eDb, type Workspace } from "../workspace";
import type { RouteEntry } from "./types";

type VictimSurvey = { surveyId: string; token: string; questionId: string };
const made = new Map<string, Promise<VictimSurvey>>();

/** An open survey of the victim's, with a personal link for their employee (made once). */
function victimSurvey(v: Workspace): Promise<VictimSurvey> {
  if (!made.has(v.orgId)) {
    made.set(
      v.orgId,
      runInOrg(e2eDb(), v.orgId, async (tx) => {
        const token = randomBytes(32).toString("base64url");
        const s = await tx.survey.create({
          data: {
            organizationId: v.orgId,
            kind: "custom",
            title: `Secret of ${v.subdomain}`,
            status: "active",
            scheduledFor: new Date(),
            sentAt: new Date(),
            closesAt: new Date(Date.now() + 7 * 86_400_000),
            invitedCount: 1,
          },
          select: { id: true },
        });
        const q = await tx.surveyQuestion.create({
          data: {
            organizationId: v.orgId,
            surveyId: s.id,
            order: 1,
            type: "scale",
            text: "Secret question",
            dimension: "overall",
          },
          select: { id: true },
        });
        await tx.surveyInvitation.create({
          data: { organizationId: v.orgId, surveyId: s.id, userId: v.employee.id, tokenHash: hashToken(token) },
        });
        return { surveyId: s.id, token, questionId: q.id };
      }),
    );
  }
  return made.get(v.orgId)!;
}

async function unanswered(v: Workspace): Promise<void> {
  const { surveyId } = await victimSurvey(v);
  const s = await runInOrg(e2eDb(), v.orgId, (tx) =>
    tx.survey.findFirst({
      where: { organizationId: v.orgId, id: surveyId },
      select: { responseCount: true, _count: { select: { pending: true } }, invitations: { select: { used: true } } },
    }),
  );
  if (!s || s.responseCount !== 0 || s._count.pending !== 0 || s.invitations.some((i) => i.used))
    throw new Error("the victim's survey was answered");
}

export const surveyTakingRoutes: RouteEntry[] = [
  {
    file: "app/api/surveys/[surveyId]/route.ts",
    method: "GET",
    crossHostExpected: [404],
    attacks: [
      {
        aims: "path:surveyId",
        send: async ({ victim, call }) => {
          const s = await victimSurvey(victim);
          return call("GET", `/api/surveys/${s.surveyId}?token=${s.token}`);
        },
        expected: [404],
      },
      {
        aims: "path:surveyId",
        send: async ({ victim, call }) => call("GET", `/api/surveys/${(await victimSurvey(victim)).surveyId}`),
        expected: [404],
      },
    ],
  },
  {
    file: "app/api/surveys/[surveyId]/questions/route.ts",
    method: "GET",
    crossHostExpected: [404],
    attacks: [
      {
        aims: "path:surveyId",
        send: async ({ victim, call }) => {
          const s = await victimSurvey(victim);
          return call("GET", `/api/surveys/${s.surveyId}/questions?token=${s.token}`);
        },
        expected: [404],
      },
    ],
  },
  {
    file: "app/api/surveys/responses/route.ts",
    method: "POST",
    crossHostExpected: [400],
    attacks: [
      {
        aims: ["body:surveyId", "body:responses.questionId"],
        send: async ({ victim, call }) => {
          const s = await victimSurvey(victim);
          return call("POST", "/api/surveys/responses", {
            surveyId: s.surveyId,
            token: s.token,
            responses: [{ questionId: s.questionId, answer: 1 }],
          });
        },
        expected: [404],
        unchanged: unanswered,
      },
      {
        aims: ["body:surveyId", "body:responses.questionId"],
        send: async ({ victim, call }) => {
          const s = await victimSurvey(victim);
          return call("POST", "/api/surveys/responses", {
            surveyId: s.surveyId,
            responses: [{ questionId: s.questionId, answer: 1 }],
          });
        },
        expected: [404],
        unchanged: unanswered,
      },
    ],
  },
];
